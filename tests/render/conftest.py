"""Shared fixtures: the HTML e-mail corpus, converted once per test session."""

from __future__ import annotations

import pytest

from tests.conftest import CORPUS
from tui.render.convert import convert
from tui.render.document import Document


def corpus_names() -> list[str]:
    """Every body in the corpus, by file name without ``.html``."""
    return sorted(path.stem for path in CORPUS.glob("*.html"))


def corpus_body(name: str) -> str:
    return (CORPUS / f"{name}.html").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def corpus() -> dict[str, Document]:
    """The whole corpus converted (skips when the corpus is not checked out)."""
    names = corpus_names()
    if not names:
        pytest.skip(f"corpus not found at {CORPUS}")
    return {name: convert(corpus_body(name)) for name in names}
