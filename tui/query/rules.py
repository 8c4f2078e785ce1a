"""A rule: a query of the search language with an action (config.toml's `[[rules]]`).

The first rule whose query matches a topic decides what is done with it: `hide` (it leaves
every list), `mute` (it stays, dimmed, but never counts as new), `dim` and `highlight`
(looks only), `follow` (its news first, and what `lurker watch` tells). A rule judges what a
row knows (see `judge`), so a query about the read state is refused in a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .judge import Facts, Judge, judge
from .language import Query, QueryError, parse

__all__ = ["ACTIONS", "Rule", "RuleError", "make_rule"]

ACTIONS = ("hide", "mute", "dim", "highlight", "follow")
QUIET = ("hide", "mute")  # actions whose topics never count as new


class RuleError(ValueError):
    """A rule that cannot be used; `str()` says why (`column`: within its query, from 1;
    0 when the mistake is not in the query)."""

    def __init__(self, reason: str, column: int = 0) -> None:
        super().__init__(reason)
        self.column = column


@dataclass(frozen=True)
class Rule:
    """A query and what to do with the topics (and messages) it matches."""

    match: str  # the query as written
    action: str
    source: str  # where it was said: "config.toml, line 12"; "hashtag #bug, muted by the service"
    query: Query = field(compare=False)
    _judge: Judge = field(compare=False, repr=False)

    def matches(self, facts: Facts, now: float) -> bool:
        """Whether the rule judges these facts its own (at `now`, for times ago)."""
        return self._judge(facts, now)


def make_rule(match: str, action: str, source: str) -> Rule:
    """A rule, checked: RuleError says what is wrong (a query mistake, with its column)."""
    if action not in ACTIONS:
        raise RuleError(f"'{action}' is not an action (they are {', '.join(ACTIONS)})")
    try:
        query = parse(match)
    except QueryError as error:
        raise RuleError(error.reason, error.column) from None
    if query.empty:
        raise RuleError("match is empty: give a query, as in match = 'from:\"Ana Souza\"'", 1)
    if query.read is not None or query.marks:
        said = "is:read" if query.read else "is:unread" if query.read is False else "is:"
        column = match.find(said) + 1 if said in match else 1
        raise RuleError(
            "a rule judges what a topic is, not whether you read it or what rules made of "
            f"it: {said}{'' if query.read is not None else query.marks[0]} cannot be in a rule",
            column,
        )
    return Rule(match, action, source, query, judge(query))
