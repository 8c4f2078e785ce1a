"""What folding quotes leaves on screen: the reply words still visible, the quoted words gone.

The hand-written cases of ``quotes/cases.toml`` say which words of each sample are the
sender's own (``reply``) and which quoted ones stay as inline context (``context``); every
other word on screen, unfolded, is quoted, unless the case is a forward or holds no quote
(``quote``: then every word must stay). Folded at 80 columns, the words still drawn are
counted against both. The fold line itself ("▸ 3 quoted lines · On …, Ana wrote:") is
counted separately: it names the fold, but its words are on screen.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tui.render.convert import convert
from tui.render.document import Document
from tui.render.draw import render_document

CASES = Path(__file__).parent / "quotes"
WIDTH = 80
_WORD = re.compile(r"\w+")
_LINK_ROW = re.compile(r"^\s*\[\d+\] \S")
_REF = re.compile(r"\[\d+\]")  # a link's number after its words
_FOLD = "▸ "


@dataclass(frozen=True)
class Case:
    """One sample mail and what of it a reader must see."""

    name: str
    client: str
    language: str
    pattern: str
    reply: str
    context: str = ""
    quote: str = "fold"  # or "shown" (a forward) or "none" (nothing is quoted)

    @property
    def path(self) -> Path:
        return CASES / self.name

    @property
    def plain_text(self) -> bool:
        return self.name.endswith(".txt")

    def document(self) -> Document:
        return convert(self.path.read_text(encoding="utf-8"), is_plain_text=self.plain_text)


def cases() -> list[Case]:
    """Every case of ``quotes/cases.toml``, in file order."""
    with (CASES / "cases.toml").open("rb") as file:
        table = tomllib.load(file)
    return [Case(name, **fields) for name, fields in table.items()]


def words(text: str) -> Counter[str]:
    """Words as a reader counts them: letters and digits, case and width folded."""
    return Counter(_WORD.findall(unicodedata.normalize("NFKC", text).casefold()))


@dataclass(frozen=True)
class Score:
    """Word counts of one case, folded."""

    reply: int  # the sender's own words
    reply_visible: int
    kept: int  # words that must stay although quoted: inline context, a whole forward
    kept_visible: int
    quoted: int  # every other word drawn when the quotes are unfolded
    quoted_folded: int  # of those, the ones folding hides (fold lines count as shown)
    label_words: int  # quoted words on screen only in fold lines


def screen(document: Document, *, folded: bool) -> tuple[str, str]:
    """The body as drawn at 80 columns, without the link list: (text lines, fold lines)."""
    text: list[str] = []
    labels: list[str] = []
    for line in render_document(document, WIDTH, folded=folded):
        plain = line.plain
        if _LINK_ROW.match(plain):
            continue
        plain = _REF.sub("", plain)
        (labels if plain.startswith(_FOLD) else text).append(plain)
    return "\n".join(text), "\n".join(labels)


def score(case: Case, document: Document | None = None) -> Score:
    """How many reply words stay and quoted words go, folded."""
    document = document or case.document()
    reply = words(case.reply)
    whole, _ = screen(document, folded=False)
    kept = words(case.context) if case.quote == "fold" else words(whole) - reply
    quoted = words(whole) - reply - kept
    text, labels = screen(document, folded=True)
    seen, labelled = words(text), words(labels)
    reply_visible = _common(reply, seen)
    kept_visible = _common(kept, seen - reply)
    leftover = seen - reply - kept
    still = _common(quoted, leftover)
    in_labels = _common(quoted - leftover, labelled)
    total = sum(quoted.values())
    return Score(
        sum(reply.values()), reply_visible, sum(kept.values()), kept_visible,
        total, total - still, in_labels,
    )  # fmt: skip


def _common(these: Counter[str], those: Counter[str]) -> int:
    return sum(min(count, those[word]) for word, count in these.items())


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "—"
