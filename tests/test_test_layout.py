"""The tests' own layout: helpers live in harness modules, so no module of the tests imports a
test module (one whose file name starts with `test_`).

A test module imported by another is collected by pytest under two names, runs its fixtures'
imports twice, and ties unrelated tests together: moving a test breaks its neighbours.
Imports are read from the source, including those inside functions and relative ones.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported(path: Path, root: Path) -> Iterator[tuple[int, str]]:
    """Each module the file at `path` imports, as a dotted name from `root`'s parent, with
    its line (for `from a import b`, both `a` and `a.b`: b may be a module)."""
    package = path.relative_to(root.parent).with_suffix("").parts[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def containing_test_module(name: str, root: Path) -> str | None:
    """The test module that dotted `name` is or lies in, if any."""
    parts = name.split(".")
    if parts[0] != root.name:
        return None
    for end, part in enumerate(parts[1:], start=2):
        if part.startswith("test_"):
            return ".".join(parts[:end])
    return None


def imports_of_test_modules(root: Path) -> list[str]:
    """Every import of a test module by a module under `root`, as "file:line imports name"."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        for line, name in imported(path, root):
            module = containing_test_module(name, root)
            if module is not None:
                found.add(f"{path.relative_to(root.parent)}:{line} imports {module}")
    return sorted(found)


def test_no_module_of_the_tests_imports_a_test_module() -> None:
    found = imports_of_test_modules(TESTS)
    assert found == [], "move what these import into a harness module:\n" + "\n".join(found)


def test_every_form_of_importing_a_test_module_is_found(tmp_path: Path) -> None:
    root = tmp_path / "tests"
    (root / "screens").mkdir(parents=True)
    (root / "widgets").mkdir()
    (root / "screens" / "harness.py").write_text("from tests.conftest import demo_config\n")
    (root / "screens" / "test_a.py").write_text(
        "from tests.screens.harness import keys\n"  # a harness: allowed
        "from tests.screens.test_b import keys\n"
        "from .test_b import rows_of\n"
        "from . import test_b\n"
        "def later():\n"
        "    import tests.widgets.test_c\n"
    )
    (root / "widgets" / "test_c.py").write_text("from ..screens.test_a import later\n")
    assert imports_of_test_modules(root) == [
        "tests/screens/test_a.py:2 imports tests.screens.test_b",
        "tests/screens/test_a.py:3 imports tests.screens.test_b",
        "tests/screens/test_a.py:4 imports tests.screens.test_b",
        "tests/screens/test_a.py:6 imports tests.widgets.test_c",
        "tests/widgets/test_c.py:1 imports tests.screens.test_a",
    ]
