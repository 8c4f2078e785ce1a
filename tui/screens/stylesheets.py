"""Where the .tcss files are: inside the package in a wheel, beside it in a checkout."""

from __future__ import annotations

from pathlib import Path


def _styles_dir() -> Path:
    package = Path(__file__).parent.parent  # tui/
    packaged = package / "styles"  # (a wheel carries them there: pyproject.toml)
    return packaged if packaged.is_dir() else package.parent / "styles"


STYLES = _styles_dir()
