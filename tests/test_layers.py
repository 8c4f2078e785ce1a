"""The package's layers, as docs/architecture.md draws them, read from the code.

Imports are read from the source (every `import`, including those inside functions and
under TYPE_CHECKING), so a layer crossed anywhere fails here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tui"

# What each package may import of the rest of tui (besides itself). Arrows go downwards.
ALLOWED = {
    "api": set(),
    "render": {"api"},
    "demo": set(),
    "query": set(),
    "store": {"api", "files", "query", "render"},
    "config": {"api", "demo", "files", "query", "render", "store"},
    "export": {"api", "files", "render"},
    "attachments": {"api", "files", "render"},
    "cli": {"api", "attachments", "config", "demo", "export", "query", "render", "store"},
    "widgets": {"api", "render"},
    "bookkeeper": {"api", "config", "lookout", "render", "store"},
    "lookout": {"api", "render", "store"},
    "screens": {
        "api",
        "attachments",
        "bookkeeper",
        "config",
        "export",
        "query",
        "render",
        "store",
        "widgets",
    },
}
# Packages that must work from a plain script: no Textual in them.
NO_TEXTUAL = (
    "api",
    "render",
    "demo",
    "config",
    "export",
    "attachments",
    "query",
    "store",
    "cli",
)

# The store's wings, in order: each may import the store's root and the wings before it,
# never one after it; the root imports no wing; only `house` sees them all.
WINGS = ("reading", "pages", "search", "sync", "told")


@cache
def modules() -> dict[str, Path]:
    """Every module of tui by dotted name."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str) -> Iterator[str]:
    """The absolute names a module imports."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                yield full if full in modules() else target


def own(target: str) -> str | None:
    """The tui module `target` names (a name inside a module counts as the module)."""
    while target:
        if target in modules():
            return target
        target = target.rpartition(".")[0]
    return None


@cache
def graph() -> dict[str, frozenset[str]]:
    """Module → the tui modules it imports."""
    edges = {}
    for name in modules():
        targets = {own(target) for target in imports(name) if target.startswith("tui")}
        edges[name] = frozenset(t for t in targets if t is not None and t != name)
    return edges


def layer(module: str) -> str:
    return module.split(".")[1] if "." in module else module


def cycle(edges: dict[str, frozenset[str]]) -> list[str]:
    """One cycle of the graph, or an empty list."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        for target in sorted(edges.get(node, ())):
            if target in path:
                return [*path[path.index(target) :], target]
            if target not in done:
                found = visit(target, [*path, target])
                if found:
                    return found
        done.add(node)
        return []

    for start in sorted(edges):
        found = visit(start, [start])
        if found:
            return found
    return []


def test_no_module_imports_itself_round_about() -> None:
    assert cycle(graph()) == []


def test_no_package_imports_itself_round_about() -> None:
    packages: dict[str, set[str]] = {}
    for module, targets in graph().items():
        for target in targets:
            if layer(module) != layer(target) and "." in target:
                packages.setdefault(layer(module), set()).add(layer(target))
    assert cycle({name: frozenset(targets) for name, targets in packages.items()}) == []


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_imports_only_what_lies_below_it(package: str) -> None:
    crossings = {
        f"{module} → {target}"
        for module, targets in graph().items()
        if layer(module) == package
        for target in targets
        if layer(target) != package and layer(target) not in ALLOWED[package]
    }
    assert crossings == set()


@pytest.mark.parametrize("package", NO_TEXTUAL)
def test_lower_layers_know_nothing_of_textual(package: str) -> None:
    users = {
        module
        for module in modules()
        if layer(module) == package
        for target in imports(module)
        if target.split(".")[0] == "textual"
    }
    assert users == set()


def wing(module: str) -> str | None:
    """The store's wing a module belongs to ("" for the store's root, None outside)."""
    parts = module.split(".")
    if parts[:2] != ["tui", "store"]:
        return None
    if len(parts) > 3 and parts[2] in WINGS:
        return parts[2]
    if len(parts) == 3 and parts[2] in WINGS:
        return parts[2]
    return "house" if parts[2:] == ["house"] else ""


def test_the_store_root_imports_no_wing_and_wings_only_earlier_ones() -> None:
    crossings = set()
    for module, targets in graph().items():
        mine = wing(module)
        if mine is None or mine == "house":
            continue
        for target in targets:
            theirs = wing(target)
            if theirs is None or theirs == mine:
                continue
            if theirs == "house" or (
                theirs and (not mine or WINGS.index(theirs) > WINGS.index(mine))
            ):
                crossings.add(f"{module} → {target}")
    assert crossings == set()


def test_outside_the_store_only_doors_and_what_they_hand_out_are_used() -> None:
    """The app and the commands call a wing's door, never its SQL (`tables`, `index`,
    `finding`'s functions are the door's to call)."""
    inner = {"tables", "feeding", "index", "fts"}
    users = {
        f"{module} → {target}"
        for module, targets in graph().items()
        if wing(module) is None
        for target in targets
        if wing(target) in WINGS and target.rsplit(".", 1)[-1] in inner
    }
    assert users == set()
