"""Where tests find the data kept outside the repository: real API samples and real mails.

Both live in the team's `shared` folder beside the checkout (`../shared`), or where
LURKER_SHARED points; LURKER_CORPUS points at another folder of `*.html` mail bodies. A
clone with neither has no such data, and the tests that need it skip, saying why.
"""

from __future__ import annotations

import os
from pathlib import Path

SHARED_VARIABLE = "LURKER_SHARED"
CORPUS_VARIABLE = "LURKER_CORPUS"
CHECKOUT = Path(__file__).resolve().parents[1]


def _named(variable: str) -> Path | None:
    value = os.environ.get(variable)
    if not value:
        return None
    path = Path(value).expanduser()
    if not path.is_dir():
        # Asked for by name: a typo must not quietly turn the tests into skips.
        raise FileNotFoundError(f"{variable}={value} is not a folder")
    return path


def shared_dir() -> Path:
    """The team's shared folder: LURKER_SHARED, else `shared` beside the checkout."""
    return _named(SHARED_VARIABLE) or CHECKOUT.parent / "shared"


def samples_dir() -> Path:
    """The real response samples (`fixtures/real-responses` of the shared folder)."""
    return shared_dir() / "fixtures" / "real-responses"


def corpus_dir() -> Path:
    """The real HTML mails: LURKER_CORPUS, else `corpus/html-email` of the shared folder."""
    return _named(CORPUS_VARIABLE) or shared_dir() / "corpus" / "html-email"


def samples_missing() -> str | None:
    """Why the real-sample tests cannot run here, or None when they can."""
    folder = samples_dir()
    if any(folder.glob("*.json")):
        return None
    return f"real API samples not found in {folder} (set {SHARED_VARIABLE} to the shared folder)"


def corpus_missing() -> str | None:
    """Why the corpus tests cannot run here, or None when they can."""
    folder = corpus_dir()
    if any(folder.glob("*.html")):
        return None
    return f"mail corpus not found in {folder} (set {CORPUS_VARIABLE} to a folder of .html mails)"


if __name__ == "__main__":
    # `python -m tests.shared_data`: which real-data tests this run can do (.ci/run prints it).
    print(samples_missing() or f"real API samples: {samples_dir()}")
    print(corpus_missing() or f"mail corpus: {corpus_dir()}")
