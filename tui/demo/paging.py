"""The list object and the documented offset paging (page_token = offset, 0 at the end)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import ApiError
from .request import ApiRequest

DEFAULT_LIMIT = 10
MAX_LIMIT = 100


def parse_limit(request: ApiRequest) -> int:
    """The page size asked for: 1..100, default 10."""
    limit = request.integer("limit", ApiError("invalid_value", "limit"))
    if limit is None:
        return DEFAULT_LIMIT
    if not 1 <= limit <= MAX_LIMIT:
        raise ApiError("invalid_value", "limit")
    return limit


def parse_direction(request: ApiRequest, default: str) -> str:
    """The sort direction, "asc" or "desc"."""
    direction = (request.get("sort_dir") or default).strip().lower()
    if direction not in ("asc", "desc"):
        raise ApiError("invalid_value", "sort_dir")
    return direction


def list_object(
    *,
    total: int,
    start_item: int,
    end_item: int,
    has_more: bool,
    next_page_token: int,
    sort_field: str,
    sort_dir: str,
    data: list[Any],
    query: str = "",
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A list object; an empty page carries "data": null, as the real service sends."""
    result: dict[str, Any] = {
        "object": "list",
        "total_count": total,
        "start_item": start_item,
        "end_item": end_item,
        "has_more": has_more,
        "next_page_token": next_page_token,
        "sort_field": sort_field,
        "sort_dir": sort_dir,
        "second_order": "",
        "query": query,
    }
    result.update(extra or {})
    result["data"] = data or None
    return result


def offset_page(
    request: ApiRequest,
    total: int,
    item: Callable[[int], Any],
    *,
    sort_field: str,
    sort_dir: str,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One page of a list addressed by position, with absolute start_item and end_item."""
    limit = parse_limit(request)
    offset = request.integer("page_token", ApiError("invalid_value", "page_token")) or 0
    if offset < 0:
        raise ApiError("invalid_value", "page_token")
    data = [item(position) for position in range(offset, min(total, offset + limit))]
    end = offset + len(data)
    has_more = end < total
    return list_object(
        total=total,
        start_item=offset + 1 if data else 0,
        end_item=end if data else 0,
        has_more=has_more,
        next_page_token=end if has_more else 0,
        sort_field=sort_field,
        sort_dir=sort_dir,
        data=data,
        extra=extra,
    )
