"""Judging one topic or message in memory by a parsed query, as the search index would find it.

Words are found as the index's tokenizer finds them (FTS5's unicode61, diacritics removed):
runs of letters and digits, compared without case or accents; a phrase is its words in a
row. Words are looked for in the subject, the body (a topic's summary) and the hashtags
(`in:subject`: the subject only); `from:` in the author's name, `#tag` in the hashtags,
`group:` is the group's short name or its title. Relative dates are judged at the moment
given. What a query asks of the read state (is:read, is:unread, is:hidden, ...) is not the
facts' to answer: `judgeable` says whether a query asks it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache

from .language import Query, Term

__all__ = ["Facts", "Judge", "judge", "judgeable", "tokens"]


@lru_cache(maxsize=4096)
def _folded(character: str) -> str:
    decomposed = unicodedata.normalize("NFKD", character)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def tokens(text: str) -> tuple[str, ...]:
    """The words of `text` as the index sees them: lower case, accents removed."""
    words: list[str] = []
    current: list[str] = []
    for character in text:
        if character.isalnum():
            current.append(character if character.isascii() else _folded(character))
        elif current:
            words.append("".join(current).lower())
            current = []
    if current:
        words.append("".join(current).lower())
    return tuple(words)


@dataclass(frozen=True, slots=True)
class Facts:
    """What a rule may judge of a topic (by what its row knows) or of a message."""

    subject: str = ""
    body: str = ""  # a topic's summary, a message's text
    author: str = ""  # a topic's starter, a message's sender
    tags: tuple[str, ...] = ()  # hashtags' names
    groups: tuple[str, ...] = ()  # the group's short name and its title
    created: float | None = None  # a topic's last activity, a message's time
    attachment: bool = False
    _words: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def words(self, column: str) -> tuple[str, ...]:
        """A column's tokens (made once)."""
        found = self._words.get(column)
        if found is None:
            text = " ".join(self.tags) if column == "tags" else getattr(self, column)
            found = self._words[column] = tokens(text)
        return found


def judgeable(query: Query) -> bool:
    """Whether the facts alone answer `query` (it asks nothing of the read state)."""
    return query.read is None and not query.marks


def _has_run(words: Sequence[str], run: Sequence[str]) -> bool:
    """Whether `run` is found in `words`, its words in a row."""
    if not run:
        return False
    size = len(run)
    first = run[0]
    for at, word in enumerate(words):
        if word == first and tuple(words[at : at + size]) == tuple(run):
            return True
    return False


Judge = Callable[[Facts, float], bool]
"""A query made ready to judge facts at a moment (epoch seconds)."""


def judge(query: Query) -> Judge:
    """`query` as a predicate over facts (it must be `judgeable`)."""
    columns = ("subject",) if query.subject_only else ("subject", "body", "tags")
    wanted = [tokens(term.text) for term in query.terms if not term.exclude]
    unwanted = [tokens(term.text) for term in query.terms if term.exclude]
    authors = [tokens(term.text) for term in query.authors if not term.exclude]
    not_authors = [tokens(term.text) for term in query.authors if term.exclude]
    tags = [tokens(term.text) for term in query.hashtags if not term.exclude]
    not_tags = [tokens(term.text) for term in query.hashtags if term.exclude]
    groups = _names(query.groups, exclude=False)
    not_groups = _names(query.groups, exclude=True)
    before, after = query.before, query.after

    def found(facts: Facts, run: Sequence[str]) -> bool:
        return any(_has_run(facts.words(column), run) for column in columns)

    def judged(facts: Facts, now: float) -> bool:
        if not all(found(facts, run) for run in wanted):
            return False
        if any(found(facts, run) for run in unwanted if run):
            return False
        author = facts.words("author")
        if authors and not any(_has_run(author, run) for run in authors):
            return False
        if any(_has_run(author, run) for run in not_authors):
            return False
        tagged = facts.words("tags")
        if not all(_has_run(tagged, run) for run in tags):
            return False
        if any(_has_run(tagged, run) for run in not_tags):
            return False
        names = {name.lower() for name in facts.groups}
        if groups and not groups & names:
            return False
        if not_groups & names:
            return False
        if query.has_attachment and not facts.attachment:
            return False
        if before is not None or after is not None:
            if facts.created is None:
                return False
            moment = datetime.fromtimestamp(now, UTC)  # (as the index judges dates)
            if before is not None and not facts.created < _seconds(before.moment(moment)):
                return False
            if after is not None and not facts.created >= _seconds(after.moment(moment)):
                return False
        return True

    return judged


def _names(terms: Sequence[Term], *, exclude: bool) -> set[str]:
    return {term.text.lower() for term in terms if term.exclude == exclude}


def _seconds(moment: datetime) -> float:
    try:
        return moment.timestamp()
    except (OverflowError, ValueError, OSError):
        return float("-inf") if moment.year < 1970 else float("inf")
