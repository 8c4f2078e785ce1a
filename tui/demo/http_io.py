"""Raw ASGI plumbing: reading the request body and sending answers, good or broken."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .errors import DroppedConnection

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

JSON_TYPE = "application/json"
TEXT_TYPE = "text/plain; charset=utf-8"


async def read_body(receive: Receive) -> bytes:
    """The whole request body."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def encode_json(value: Any) -> bytes:
    """Compact UTF-8 JSON; Python writes big integers exactly."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


async def send_response(
    send: Send,
    status: int,
    content_type: str | None,
    body: bytes,
    extra_headers: list[tuple[str, str]] | None = None,
) -> None:
    """Send a complete response."""
    headers = [(b"content-length", str(len(body)).encode("ascii"))]
    if content_type:
        headers.append((b"content-type", content_type.encode("ascii")))
    for name, value in extra_headers or []:
        headers.append((name.encode("latin-1"), value.encode("latin-1")))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def send_dropped(send: Send) -> None:
    """Promise a body, send part of it, then break the connection."""
    headers = [(b"content-type", JSON_TYPE.encode()), (b"content-length", b"4096")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send(
        {"type": "http.response.body", "body": b'{"object":"list","data":[', "more_body": True}
    )
    raise DroppedConnection("the demo service dropped the connection on purpose")


async def run_lifespan(receive: Receive, send: Send) -> None:
    """Acknowledge startup and shutdown; the service needs no setup."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
