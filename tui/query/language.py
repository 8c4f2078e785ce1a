"""The search language a reader types, parsed to a `Query` that knows nothing of SQL.

Words and "phrases" must all be found (in a subject, a body or a hashtag); `-word` and
`-"a phrase"` must not be. Operators narrow: `from:NAME`, `group:NAME`, `#hashtag` (each
may be excluded with `-`; several `from:` or `group:` mean any of them), `in:subject`,
`before:`/`after:` a date (2026-11-03) or a time ago (2d, 3w, 1m, 1y), `is:unread`,
`is:read`, `is:hidden`, `is:muted`, `is:followed` (what rules or keys made of a topic),
`has:attachment`. A mistake raises `QueryError`, whose sentence names the
column it is at; nothing else is raised, whatever the text.

A query is read up to `MAX_ITEMS` different items and `MAX_LENGTH` characters (an item
said twice counts once: it asks nothing more); the rest is left out and `Query.cut` says
so. The index's cost grows with the number of items faster than linearly: a word said
5,000 times took 18 s.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import Literal

__all__ = ["DateBound", "Query", "QueryError", "Term", "parse"]

Unit = Literal["d", "w", "m", "y"]
_UNIT_DAYS = {"d": 1, "w": 7, "m": 30, "y": 365}
_UNIT_WORDS = {"d": "day", "w": "week", "m": "month", "y": "year"}
_RELATIVE = re.compile(r"(\d{1,5})([dwmy])", re.IGNORECASE)
_ABSOLUTE = re.compile(r"\d{4}-\d{2}-\d{2}")
_OPERATOR = re.compile(r"([A-Za-z]+):")
OPERATORS = ("from", "group", "in", "before", "after", "is", "has")
MARKS = ("hidden", "muted", "followed")  # is: values about what rules or keys made of a topic
_VALUES = {"in": ("subject",), "is": ("unread", "read", *MARKS), "has": ("attachment",)}
_DATE_HINT = "a date like 2026-11-03, or a time ago like 2d, 3w, 1m or 1y"
MAX_ITEMS = 32  # different words, phrases and operators
MAX_LENGTH = 1_000  # characters


class QueryError(ValueError):
    """A query that cannot be searched; `str()` says why and where (`column`, from 1)."""

    def __init__(self, reason: str, column: int) -> None:
        super().__init__(f"{reason} (column {column})")
        self.reason = reason
        self.column = column


@dataclass(frozen=True, slots=True)
class Term:
    """Words that must follow each other (one word, or a phrase), or must not be there."""

    text: str
    exclude: bool = False


@dataclass(frozen=True, slots=True)
class DateBound:
    """A day (`day`), or a time ago (`count` of `unit`), that `before:`/`after:` names."""

    day: date | None = None
    count: int = 0
    unit: Unit = "d"

    def moment(self, now: datetime) -> datetime:
        """The moment this bound stands for, seen at `now` (a day starts at its midnight)."""
        if self.day is not None:
            return datetime(self.day.year, self.day.month, self.day.day, tzinfo=now.tzinfo)
        try:
            return now - timedelta(days=self.count * _UNIT_DAYS[self.unit])
        except OverflowError:  # (before the year 1)
            return datetime.min.replace(tzinfo=now.tzinfo)

    def __str__(self) -> str:
        return self.day.isoformat() if self.day is not None else f"{self.count}{self.unit}"

    def describe(self) -> str:
        """In words: `2026-11-03`, `3 weeks ago`."""
        if self.day is not None:
            return self.day.isoformat()
        plural = "" if self.count == 1 else "s"
        return f"{self.count} {_UNIT_WORDS[self.unit]}{plural} ago"


@dataclass(frozen=True, slots=True)
class Query:
    """What to find: terms that must (or must not) be there, and what narrows them."""

    terms: tuple[Term, ...] = ()
    authors: tuple[Term, ...] = ()  # from: (any of those not excluded)
    groups: tuple[Term, ...] = ()  # group: (any of those not excluded)
    hashtags: tuple[Term, ...] = ()  # #tag (all of those not excluded)
    subject_only: bool = False  # in:subject: words count only in subjects
    before: DateBound | None = None
    after: DateBound | None = None
    read: bool | None = None  # is:read True, is:unread False
    marks: tuple[str, ...] = ()  # is:hidden, is:muted, is:followed (all of those given)
    has_attachment: bool = False
    _text: str = field(default="", compare=False, repr=False)
    cut: str = field(default="", compare=False, repr=False)  # what was left out, in words

    @property
    def empty(self) -> bool:
        """Nothing asked at all (an empty line)."""
        return self == Query()

    @property
    def words(self) -> tuple[Term, ...]:
        """The terms that must be found."""
        return tuple(term for term in self.terms if not term.exclude)

    def __str__(self) -> str:
        """The query in its own language, such that `parse(str(q)) == q`."""
        parts = [_term(term) for term in self.terms]
        parts += [_operator("from", term) for term in self.authors]
        parts += [_operator("group", term) for term in self.groups]
        parts += [("-#" if tag.exclude else "#") + _value(tag.text) for tag in self.hashtags]
        if self.subject_only:
            parts.append("in:subject")
        if self.before is not None:
            parts.append(f"before:{self.before}")
        if self.after is not None:
            parts.append(f"after:{self.after}")
        if self.read is not None:
            parts.append("is:read" if self.read else "is:unread")
        parts += [f"is:{mark}" for mark in self.marks]
        if self.has_attachment:
            parts.append("has:attachment")
        return " ".join(parts)


def _term(term: Term) -> str:
    return ("-" if term.exclude else "") + _quoted_if_needed(term.text)


def _operator(name: str, term: Term) -> str:
    return ("-" if term.exclude else "") + f"{name}:" + _value(term.text)


def _value(text: str) -> str:
    return f'"{text}"' if any(ch.isspace() for ch in text) or not text else text


def _quoted_if_needed(text: str) -> str:
    """A word as it would be read back the same; else as a phrase."""
    plain = (
        text
        and not any(ch.isspace() for ch in text)
        and text[0] not in "-#"
        and not _OPERATOR.match(text)
    )
    return text if plain else f'"{text}"'


def _is_space(ch: str) -> bool:
    # Controls (escape sequences' ESC, NUL, ...) part words like spaces: no term holds one.
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")


@dataclass
class _Reader:
    """The text being read, and where the reader is in it."""

    text: str
    at: int = 0

    def skip_space(self) -> None:
        while self.at < len(self.text) and _is_space(self.text[self.at]):
            self.at += 1

    @property
    def done(self) -> bool:
        return self.at >= len(self.text)

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def bare(self) -> str:
        """Characters up to a space or a quote."""
        start = self.at
        while self.at < len(self.text):
            ch = self.text[self.at]
            if _is_space(ch) or ch == '"':
                break
            self.at += 1
        return self.text[start : self.at]

    def phrase(self) -> str:
        """A quoted phrase (the reader at its opening quote), its spacing made single."""
        opened = self.at
        end = self.text.find('"', opened + 1)
        if end < 0:
            raise QueryError('this " is never closed: end the phrase with another "', opened + 1)
        self.at = end + 1
        words = "".join(" " if _is_space(ch) else ch for ch in self.text[opened + 1 : end])
        phrase = " ".join(words.split())
        if not phrase:
            raise QueryError('"" holds nothing to find', opened + 1)
        return phrase

    def value(self) -> str:
        """A word or a quoted phrase."""
        return self.phrase() if self.peek() == '"' else self.bare()


def parse(text: str) -> Query:
    """The query `text` says; `QueryError` for a mistake, pointing at it. Past `MAX_ITEMS`
    different items or `MAX_LENGTH` characters, the rest is left out (`cut` says so)."""
    reader = _Reader(text)
    query = Query()
    items = 0
    cut = ""
    while True:
        reader.skip_space()
        if reader.done:
            break
        if items == MAX_ITEMS or reader.at >= MAX_LENGTH:
            cut = _cut(reader.at, items == MAX_ITEMS)
            break
        before = query
        query = _item(reader, query)
        items += query != before  # an item said again asks nothing more
    if query.subject_only and not query.words:
        raise QueryError("in:subject needs words to look for in subjects", 1)
    if not query.empty and not _asks_something(query):
        raise QueryError(
            "only exclusions: add something to find (a word, from:, group:, #tag, ...)", 1
        )
    return replace(query, _text=text, cut=cut)


def _cut(at: int, items: bool) -> str:
    what = f"{MAX_ITEMS} different words and operators" if items else f"{MAX_LENGTH:,} characters"
    return f"Only the query's first {what} are searched: from column {at + 1:,} on it is left out."


def _asks_something(query: Query) -> bool:
    including = (query.terms, query.authors, query.groups, query.hashtags)
    if any(not term.exclude for terms in including for term in terms):
        return True
    return bool(
        query.before or query.after or query.read is not None or query.marks or query.has_attachment
    )


def _item(reader: _Reader, query: Query) -> Query:
    """One item of the query (the reader at its start) added to `query`."""
    start = reader.at
    exclude = reader.peek() == "-"
    if exclude:
        reader.at += 1
        if reader.done or _is_space(reader.peek()):
            raise QueryError("a - needs a word after it, as in -word", start + 1)
    if reader.peek() == '"':
        return replace(query, terms=_with(query.terms, Term(reader.phrase(), exclude)))
    if reader.peek() == "#":
        reader.at += 1
        name = reader.value()
        if not name:
            raise QueryError("a # needs a hashtag's name, as in #release", start + 1)
        return replace(query, hashtags=_with(query.hashtags, Term(name, exclude)))
    operator = _OPERATOR.match(reader.text, reader.at)
    if operator is None:
        word = reader.bare()
        return replace(query, terms=_with(query.terms, Term(word, exclude)))
    name = operator.group(1).lower()
    if name not in OPERATORS:
        known = ", ".join(f"{known}:" for known in OPERATORS)
        raise QueryError(
            f"{operator.group(0)} is not an operator (they are {known}); "
            f'put it in quotes to find it as it is: "{operator.group(0)}..."',
            reader.at + 1,
        )
    reader.at = operator.end()
    value_at = reader.at
    value = reader.value()
    if not value:
        raise QueryError(f"{name}: needs a value after it, as in {_example(name)}", value_at + 1)
    return _operator_item(query, name, value, exclude, start, value_at)


def _with(terms: tuple[Term, ...], term: Term) -> tuple[Term, ...]:
    """`terms` and `term`, unless it is one of them already."""
    return terms if term in terms else (*terms, term)


def _example(name: str) -> str:
    return {
        "from": "from:ana",
        "group": "group:beta",
        "in": "in:subject",
        "before": "before:2026-11-03",
        "after": "after:2w",
        "is": "is:unread",
        "has": "has:attachment",
    }[name]


def _operator_item(
    query: Query, name: str, value: str, exclude: bool, start: int, value_at: int
) -> Query:
    if name == "from":
        return replace(query, authors=_with(query.authors, Term(value, exclude)))
    if name == "group":
        return replace(query, groups=_with(query.groups, Term(value, exclude)))
    if exclude:
        raise QueryError(
            f"{name}: cannot be excluded with -; write what to keep instead", start + 1
        )
    if name in ("before", "after"):
        bound = _date(value, name, value_at)
        if name == "before":
            return replace(query, before=bound)
        return replace(query, after=bound)
    allowed = _VALUES[name]
    if value.lower() not in allowed:
        options = " or ".join(f"{name}:{option}" for option in allowed)
        raise QueryError(f"{name}:{value} is not known: use {options}", value_at + 1)
    value = value.lower()
    if name == "in":
        return replace(query, subject_only=True)
    if name == "is" and value in MARKS:
        marks = query.marks if value in query.marks else (*query.marks, value)
        return replace(query, marks=marks)
    if name == "is":
        return replace(query, read=value == "read")
    return replace(query, has_attachment=True)


def _date(value: str, name: str, column: int) -> DateBound:
    relative = _RELATIVE.fullmatch(value)
    if relative is not None:
        unit = relative.group(2).lower()
        return DateBound(count=int(relative.group(1)), unit=unit)  # type: ignore[arg-type]
    if _ABSOLUTE.fullmatch(value):
        try:
            return DateBound(day=date.fromisoformat(value))
        except ValueError:
            pass
    raise QueryError(f"{name}: wants {_DATE_HINT}; {value!r} is not one", column + 1)
