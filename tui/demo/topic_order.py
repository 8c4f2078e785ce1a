"""Topic list order and the keyset cursor of gettopics.

The cursor is the most_recent_message (nanoseconds) of the last topic returned, exactly
as the real service's 19-digit tokens are. Each timestamp names one topic (the tens digit
names the group), so a token also says where a sticky-first listing stands.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from .errors import ApiError
from .world import GroupData


@dataclass(frozen=True)
class TopicRef:
    """One topic in a listing, with its sort key."""

    data: GroupData
    index: int
    last_ns: int


def _candidates(data: GroupData, query: str) -> Sequence[int]:
    return data.topics.matches(query) if query else range(data.spec.topics)


def _keyset(
    data: GroupData,
    candidates: Sequence[int],
    token: int | None,
    descending: bool,
    skip: frozenset[int] = frozenset(),
) -> Iterator[TopicRef]:
    """Topics after the token in most-recent order; candidates ascend in that order."""
    key = data.timeline.topic_last_ns
    if descending:
        start = len(candidates) if token is None else bisect_left(candidates, token, key=key)
        positions: Iterator[int] = iter(range(start - 1, -1, -1))
    else:
        start = 0 if token is None else bisect_right(candidates, token, key=key)
        positions = iter(range(start, len(candidates)))
    for position in positions:
        index = candidates[position]
        if index not in skip:
            yield TopicRef(data, index, key(index))


def locate(groups: Sequence[GroupData], token: int) -> TopicRef:
    """The topic a token points at, among the listed groups; invalid_value if none."""
    number = token // 10 % 10
    for data in groups:
        if data.spec.number == number:
            index = data.timeline.topic_at_ns(token)
            if index is not None:
                return TopicRef(data, index, token)
    raise ApiError("invalid_value", "page_token")


def recent_page(
    groups: Sequence[GroupData], query: str, descending: bool, token: int | None, limit: int
) -> tuple[list[TopicRef], int]:
    """A page of topics of the groups, merged in most-recent order, and the total count."""
    if token is not None:
        locate(groups, token)
    streams = [_keyset(data, _candidates(data, query), token, descending) for data in groups]
    merged = heapq.merge(*streams, key=lambda ref: ref.last_ns, reverse=descending)
    total = sum(len(_candidates(data, query)) for data in groups)
    return list(islice(merged, limit)), total


def sticky_page(
    data: GroupData, query: str, descending: bool, token: int | None, limit: int
) -> tuple[list[TopicRef], int]:
    """A page of one group's topics, sticky topics first, and the total count."""
    candidates = _candidates(data, query)
    key = data.timeline.topic_last_ns
    matching = set(candidates) if query else None
    stickies = sorted(
        (i for i in data.spec.stickies if matching is None or i in matching),
        key=key,
        reverse=descending,
    )
    sticky_start, rest_token = 0, token
    if token is not None:
        cursor = locate([data], token)
        if cursor.index in stickies:
            sticky_start, rest_token = stickies.index(cursor.index) + 1, None
        else:
            sticky_start = len(stickies)
    page = [TopicRef(data, i, key(i)) for i in stickies[sticky_start : sticky_start + limit]]
    rest = _keyset(data, candidates, rest_token, descending, frozenset(stickies))
    page.extend(islice(rest, limit - len(page)))
    return page, len(candidates)
