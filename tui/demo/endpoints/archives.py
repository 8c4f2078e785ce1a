"""Endpoints that read a group's archives: getgroup, gettopics, gettopic, getmessages."""

from __future__ import annotations

from typing import Any

from ..errors import ApiError
from ..paging import list_object, offset_page, parse_direction, parse_limit
from ..people import Person
from ..perms import perms_for
from ..records import group_object
from ..topic_order import Listed, recent_page, sticky_page
from .call import Call, check_access, find_group

_STICKY_ORDERS = ("recentpostdate/sticky", "sticky")


def get_group(call: Call) -> dict[str, Any]:
    """The full group object."""
    group = find_group(call)
    assert group is not None
    check_access(group, None)
    return group_object(group, call.world.posted(group), call.world.anchor_ns)


def get_topics(call: Call) -> dict[str, Any]:
    """Topics of a group (sticky first by default) or of every readable group."""
    request, world = call.request, call.world
    group = find_group(call, required=False)
    query = (request.get("q") or "").strip()
    limit = parse_limit(request)
    direction = parse_direction(request, "desc")
    descending = direction == "desc"
    token = request.integer("page_token", ApiError("invalid_value", "page_token")) or None
    sort_field = request.get("sort_field") or None
    if group is not None:
        check_access(group, "archives_visible")
        listed = Listed(world.data(group), world.posted(group))
        if sort_field is None or sort_field in _STICKY_ORDERS:
            echo = sort_field or "recentpostdate/sticky"
            refs, total = sticky_page(listed, query, descending, token, limit)
        elif sort_field == "recentpostdate":
            echo = sort_field
            refs, total = recent_page([listed], query, descending, token, limit)
        else:
            raise ApiError("invalid_value", "sort_field")
    else:
        if sort_field not in (None, "recentpostdate"):
            raise ApiError("invalid_value", "sort_field")
        echo = "recentpostdate"
        readable = [
            Listed(world.data(spec), world.posted(spec))
            for spec in world.groups
            if not spec.api_disabled and perms_for(spec)["archives_visible"]
        ]
        refs, total = recent_page(readable, query, descending, token, limit)
    topics = [ref.data.topics.topic(ref.index, ref.posted) for ref in refs]
    # The real service's quirks: page-relative items, has_more never false, and the
    # token of the last page leads to an empty page that hands the same token back.
    return list_object(
        total=total,
        start_item=1 if topics else 0,
        end_item=len(topics),
        has_more=total > 0,
        next_page_token=refs[-1].last_ns if refs else (token or 0),
        sort_field=echo,
        sort_dir=direction,
        query=query,
        data=topics,
    )


def _message_sort(call: Call) -> None:
    sort_field = call.request.get("sort_field")
    if sort_field and sort_field.lower() != "created":
        raise ApiError("invalid_value", "sort_field")


def get_topic(call: Call) -> dict[str, Any]:
    """A topic's messages in order, with the topic, its group and its posters' records."""
    raw = (call.request.get("topic_id") or "").strip()
    location = call.world.topic_location(int(raw)) if raw.isdigit() else None
    if location is None:
        raise ApiError("bad_request", "invalid topic_id")
    data, index = location
    check_access(data.spec, "archives_visible")
    _message_sort(call)
    direction = parse_direction(call.request, "asc")
    posted = call.world.posted(data.spec)
    first, size = data.timeline.first_message(index), posted.size(index)

    def message(position: int) -> dict[str, Any]:
        offset = position if direction == "asc" else size - 1 - position
        return call.signed(data.messages.message(first + offset))

    page = offset_page(call.request, size, message, sort_field="Created", sort_dir=direction)
    messages = page.pop("data") or []
    posters: dict[int, Person] = {}
    for item in messages:
        posters.setdefault(item["user_id"], data.topics.poster(item["msg_num"] - 1, index))
    page.update(
        group_perms=perms_for(data.spec),
        group=group_object(data.spec, posted, call.world.anchor_ns),
        cover_photo_url="",
        sub_data=[call.world.member(data.spec, person) for person in posters.values()],
        topic=data.topics.topic(index, posted),
        data=messages or None,
    )
    return page


def get_messages(call: Call) -> dict[str, Any]:
    """A group's messages, newest first by default."""
    group = find_group(call)
    assert group is not None
    check_access(group, "archives_visible")
    _message_sort(call)
    direction = parse_direction(call.request, "desc")
    data = call.world.data(group)
    total = call.world.posted(group).messages

    def message(position: int) -> dict[str, Any]:
        index = position if direction == "asc" else total - 1 - position
        return call.signed(data.messages.message(index))

    return offset_page(call.request, total, message, sort_field="created", sort_dir=direction)
