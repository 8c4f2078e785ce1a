"""The getactivitylog endpoint and its filters."""

from __future__ import annotations

from typing import Any

from ..activity import ACTIONS, CATEGORIES, Filters
from ..errors import ApiError
from ..paging import offset_page, parse_direction
from ..request import ApiRequest
from ..timefmt import NS_PER_DAY, parse_date_param
from .call import Call, check_access, find_group

_RECENT_DAYS = {"last_24_hours": 1, "last_week": 7, "last_30_days": 30}
_RANGES = {"before": (False, True), "after": (True, False), "between": (True, True)}


def _date(request: ApiRequest, name: str, required: bool) -> int | None:
    text = request.get(name)
    if not text:
        if required:
            raise ApiError("bad_request", f"invalid {name}")
        return None
    moment = parse_date_param(text)
    if moment is None:
        raise ApiError("bad_request", f"invalid {name}")
    return moment


def _date_range(request: ApiRequest, current_ns: int) -> tuple[int | None, int | None]:
    """The (since, until) nanosecond bounds asked for by restrict_date."""
    restrict = request.get("restrict_date") or ""
    if restrict in _RECENT_DAYS:
        return current_ns - _RECENT_DAYS[restrict] * NS_PER_DAY, None
    if restrict and restrict not in _RANGES:
        raise ApiError("bad_request", "invalid restrict_date")
    needs_start, needs_end = _RANGES.get(restrict, (False, False))
    start = _date(request, "start_date", needs_start)
    end = _date(request, "end_date", needs_end)
    return (start if needs_start else None), (end if needs_end else None)


def _filters(request: ApiRequest) -> Filters:
    actions: frozenset[str] | None = None
    filter_by = request.get("filter_by")
    if filter_by:
        if filter_by not in CATEGORIES:
            raise ApiError("bad_request", "invalid filter_by")
        actions = frozenset(CATEGORIES[filter_by])
    action = request.get("action")
    if action:
        if action not in ACTIONS:
            raise ApiError("bad_request", "invalid action")
        actions = (actions or ACTIONS) & {action}
    return Filters(
        actions=actions,
        member_info_id=request.integer("member_info_id"),
        past_member_info_id=request.integer("past_member_info_id"),
    )


def get_activity_log(call: Call) -> dict[str, Any]:
    """A page of the group's activity log, newest first by default."""
    group = find_group(call)
    assert group is not None
    check_access(group, "view_activity")
    request = call.request
    sort_field = request.get("sort_field") or "id"
    if sort_field not in ("id", "created"):
        raise ApiError("invalid_value", "sort_field")
    direction = parse_direction(request, "desc")
    current_ns = call.world.current_ns()
    since, until = _date_range(request, current_ns)
    log = call.world.data(group).activity
    numbers = log.select(current_ns, _filters(request), since, until)

    def entry(position: int) -> dict[str, Any]:
        index = position if direction == "asc" else len(numbers) - 1 - position
        return log.entry(numbers[index])

    return offset_page(request, len(numbers), entry, sort_field=sort_field, sort_dir=direction)
