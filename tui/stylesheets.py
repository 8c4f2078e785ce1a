"""Where the .tcss files are: inside the package in a wheel, beside it in a checkout."""

from __future__ import annotations

from pathlib import Path


def _styles_dir() -> Path:
    packaged = Path(__file__).parent / "styles"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "styles"


STYLES = _styles_dir()
