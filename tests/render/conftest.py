"""Shared fixtures: the HTML e-mail corpus, converted once per test session."""

from __future__ import annotations

from typing import Any

import pytest

from tests.shared_data import corpus_dir, corpus_missing
from tui.render.convert import convert
from tui.render.document import Document


def corpus_names() -> list[str]:
    """Every body in the corpus, by file name without ``.html``."""
    return sorted(path.stem for path in corpus_dir().glob("*.html"))


def corpus_cases() -> list[Any]:
    """The corpus names to parametrize with: one skipped case, saying why, when it is absent."""
    missing = corpus_missing()
    if missing:
        return [pytest.param("", marks=pytest.mark.skip(reason=missing), id="no-corpus")]
    return corpus_names()


def corpus_body(name: str) -> str:
    return (corpus_dir() / f"{name}.html").read_text(encoding="utf-8")


class Corpus(dict[str, Document]):
    """Converted bodies by name; a test about a body this corpus lacks skips."""

    def __missing__(self, name: str) -> Document:
        pytest.skip(f"{name}.html is not in the corpus at {corpus_dir()}")


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The whole corpus converted (skips when there is no corpus here)."""
    missing = corpus_missing()
    if missing:
        pytest.skip(missing)
    return Corpus({name: convert(corpus_body(name)) for name in corpus_names()})
