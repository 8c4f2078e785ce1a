"""Topic list order and the keyset cursor of gettopics.

The cursor is the most_recent_message (nanoseconds) of the last topic returned, exactly
as the real service's 19-digit tokens are. Each timestamp names one topic (the tens digit
names the group), so a token also says where a sticky-first listing stands. Listings are
of the topics as they stand at one moment (`Posted`): live topics posted since are there,
and a live topic that grew after a token was handed out has moved up past it.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from .errors import ApiError
from .timeline import Posted
from .world import GroupData


@dataclass(frozen=True)
class TopicRef:
    """One topic in a listing, with its sort key and the moment it was listed at."""

    data: GroupData
    posted: Posted
    index: int
    last_ns: int


@dataclass(frozen=True)
class Listed:
    """A group's topics at a moment, as one listing sees them."""

    data: GroupData
    posted: Posted


def _candidates(listed: Listed, query: str) -> Sequence[int]:
    if query:
        return listed.data.topics.matches(query, listed.posted)
    return range(listed.posted.topics)


def _keyset(
    listed: Listed,
    candidates: Sequence[int],
    token: int | None,
    descending: bool,
    skip: frozenset[int] = frozenset(),
) -> Iterator[TopicRef]:
    """Topics after the token in most-recent order; candidates ascend in that order."""
    key = listed.posted.last_ns
    if descending:
        start = len(candidates) if token is None else bisect_left(candidates, token, key=key)
        positions: Iterator[int] = iter(range(start - 1, -1, -1))
    else:
        start = 0 if token is None else bisect_right(candidates, token, key=key)
        positions = iter(range(start, len(candidates)))
    for position in positions:
        index = candidates[position]
        if index not in skip:
            yield TopicRef(listed.data, listed.posted, index, key(index))


def locate(groups: Sequence[Listed], token: int) -> TopicRef:
    """The topic a token points at, among the listed groups; invalid_value if none."""
    number = token // 10 % 10
    for listed in groups:
        if listed.data.spec.number == number:
            index = listed.posted.topic_at_ns(token)
            if index is not None:
                return TopicRef(listed.data, listed.posted, index, token)
    raise ApiError("invalid_value", "page_token")


def recent_page(
    groups: Sequence[Listed], query: str, descending: bool, token: int | None, limit: int
) -> tuple[list[TopicRef], int]:
    """A page of topics of the groups, merged in most-recent order, and the total count."""
    if token is not None:
        locate(groups, token)
    streams = [_keyset(listed, _candidates(listed, query), token, descending) for listed in groups]
    merged = heapq.merge(*streams, key=lambda ref: ref.last_ns, reverse=descending)
    total = sum(len(_candidates(listed, query)) for listed in groups)
    return list(islice(merged, limit)), total


def sticky_page(
    listed: Listed, query: str, descending: bool, token: int | None, limit: int
) -> tuple[list[TopicRef], int]:
    """A page of one group's topics, sticky topics first, and the total count."""
    candidates = _candidates(listed, query)
    key = listed.posted.last_ns
    matching = set(candidates) if query else None
    stickies = sorted(
        (i for i in listed.data.spec.stickies if matching is None or i in matching),
        key=key,
        reverse=descending,
    )
    sticky_start, rest_token = 0, token
    if token is not None:
        cursor = locate([listed], token)
        if cursor.index in stickies:
            sticky_start, rest_token = stickies.index(cursor.index) + 1, None
        else:
            sticky_start = len(stickies)
    page = [
        TopicRef(listed.data, listed.posted, i, key(i))
        for i in stickies[sticky_start : sticky_start + limit]
    ]
    rest = _keyset(listed, candidates, rest_token, descending, frozenset(stickies))
    page.extend(islice(rest, limit - len(page)))
    return page, len(candidates)
