"""Scripted pages of a list endpoint, as the service shapes them."""

from __future__ import annotations

from typing import Any


def body(
    ids: list[Any] | None, token: Any, total: int = 1000, has_more: bool = True
) -> dict[str, Any]:
    """A page's answer: topics with these ids (None: `data` null), the next page's token."""
    data = None if ids is None else [{"id": i} for i in ids]
    return {
        "object": "list",
        "total_count": total,
        "has_more": has_more,
        "next_page_token": token,
        "data": data,
    }
