"""A `Query` as an FTS5 MATCH expression and SQL conditions, the user's words never read as
FTS5 syntax: each is an FTS5 string (double quotes, inner ones doubled), so `NEAR(`, `*`,
`^`, `:`, `AND OR NOT` are only words to find."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from ...query.language import Query

__all__ = ["Plan", "plan", "quoted"]

_NAMED = (
    "SELECT group_id FROM search_groups WHERE lower(name) IN ({marks}) OR lower(title) IN ({marks})"
)
# The indexed columns words are looked for in (author and group only through operators).
WORD_COLUMNS = "{subject body tags}"


@dataclass(slots=True)
class Plan:
    """What a query asks of the index: a MATCH (or none), exclusions, SQL conditions."""

    match: str = ""  # FTS5 expression every hit must match ("" for none)
    exclude: str = ""  # FTS5 expression no hit may match ("" for none)
    where: list[str] = field(default_factory=list)  # on search_docs, as `d`
    params: list[object] = field(default_factory=list)
    nothing: bool = False  # a term with nothing to find (only symbols): no hit at all
    since: float | None = None  # after: as seconds (also in `where`)
    until: float | None = None  # before: as seconds (also in `where`)


def quoted(text: str) -> str:
    """`text` as an FTS5 string: a phrase of its tokens, never an operator."""
    return '"' + text.replace('"', '""').replace("\x00", " ") + '"'


def searchable(text: str) -> bool:
    """Whether the tokenizer finds a token in `text` (letters, digits; not only symbols)."""
    return any(ch.isalnum() for ch in text)


def plan(query: Query, now: datetime) -> Plan:
    """How the index answers `query`, seen at `now` (for times ago)."""
    result = Plan()
    words = [term.text for term in query.terms if not term.exclude]
    if any(not searchable(word) for word in words):
        return Plan(nothing=True)
    columns = "subject" if query.subject_only else WORD_COLUMNS
    positive = [f"{columns} : {quoted(word)}" for word in words]
    positive += [f"tags : {quoted(tag.text)}" for tag in query.hashtags if not tag.exclude]
    authors = [term.text for term in query.authors if not term.exclude]
    if authors:
        positive.append("(" + " OR ".join(f"author : {quoted(a)}" for a in authors) + ")")
    negative = [
        f"{columns} : {quoted(term.text)}"
        for term in query.terms
        if term.exclude and searchable(term.text)
    ]
    negative += [f"tags : {quoted(tag.text)}" for tag in query.hashtags if tag.exclude]
    negative += [f"author : {quoted(term.text)}" for term in query.authors if term.exclude]
    result = Plan(
        match=" AND ".join(positive),
        exclude=" OR ".join(negative),
    )
    _conditions(query, now, result)
    return result


def _conditions(query: Query, now: datetime, result: Plan) -> None:
    groups = [term.text.lower() for term in query.groups if not term.exclude]
    if groups:
        marks = ", ".join("?" for _ in groups)
        result.where.append(f"d.group_id IN ({_NAMED.format(marks=marks)})")
        result.params.extend([*groups, *groups])
    for term in (term for term in query.groups if term.exclude):
        result.where.append(f"d.group_id NOT IN ({_NAMED.format(marks='?')})")
        result.params.extend([term.text.lower()] * 2)
    if query.before is not None:
        result.until = _seconds(query.before.moment(now))
        result.where.append("d.created < ?")
        result.params.append(result.until)
    if query.after is not None:
        result.since = _seconds(query.after.moment(now))
        result.where.append("d.created >= ?")
        result.params.append(result.since)
    if query.has_attachment:
        result.where.append("d.attachment = 1")


def _seconds(moment: datetime) -> float:
    try:
        return moment.timestamp()
    except (OverflowError, ValueError, OSError):
        return float("-inf") if moment.year < 1970 else float("inf")
