"""Serve the demo service on a loopback socket: a small HTTP/1.1 server for its one ASGI app.

The service is an ASGI app and answers whole bodies with a Content-Length, so the server
needs only what that takes: keep-alive connections, a request body of known length, and a
connection broken on purpose when the service drops one. It listens on loopback only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any
from urllib.parse import unquote

from .config import DemoConfig
from .errors import DroppedConnection
from .http_io import Message
from .service import DemoService

_MAX_HEAD = 64 * 1024  # a request line and headers longer than this are refused


def _require_loopback(host: str) -> None:
    if host == "localhost":
        return
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ValueError(f"the demo service only listens on loopback addresses, not {host!r}")


def listen(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A socket bound to a loopback address (port 0 picks a free one); OSError if taken."""
    _require_loopback(host)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Accepted connections inherit it: without it every answer waits on Nagle's
        # algorithm (6 ms a request, measured).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def serve(
    port: int = 8765,
    api_key: str = "demo-key",
    host: str = "127.0.0.1",
    config: DemoConfig | None = None,
    sock: socket.socket | None = None,
    run: Callable[[Coroutine[Any, Any, None]], None] = asyncio.run,
) -> None:
    """Serve the demo API until interrupted (port 0 picks a free port; api_key beats config's).

    `run` runs the serving coroutine: `lurker demo-server` hands in the commands' own, which
    takes Ctrl+C between two callbacks (this package may not import the commands')."""
    sock = sock or listen(port, host)
    service = DemoService(replace(config or DemoConfig(), api_key=api_key))
    run(_serve(service, sock, api_key))


async def _serve(service: DemoService, sock: socket.socket, api_key: str) -> None:
    server = await asyncio.start_server(
        lambda reader, writer: _connection(service, reader, writer), sock=sock, limit=_MAX_HEAD
    )
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"Lurker demo service on http://{shown}:{port}/api/v1/ (API key: {api_key})", flush=True)
    async with server:
        await server.serve_forever()


async def _connection(
    service: DemoService, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    """Answer requests on one connection until the client closes it (or it is dropped)."""
    try:
        while await _exchange(service, reader, writer):
            pass
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, ValueError):
        pass
    except DroppedConnection:
        writer.transport.abort()  # broken mid-answer, as the service asked
        return
    except asyncio.CancelledError:
        # Ctrl+C: asyncio.run cancels every task left, this one too while it waits for the
        # reader's next request. Raised on, it reached the stream's done-callback, which
        # on Python 3.11 asks the task for its exception and so printed a traceback. The
        # task is nobody's to await and the server is going: it ends here, quietly.
        writer.transport.abort()
        return
    writer.close()


async def _exchange(
    service: DemoService, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> bool:
    """One request and its answer; False when the connection is to close afterwards."""
    head = await reader.readuntil(b"\r\n\r\n")
    request_line, *header_lines = head.decode("latin-1").split("\r\n")
    method, target, version = request_line.split(" ", 2)
    raw = [_header(line) for line in header_lines if ":" in line]
    fields = dict(raw)
    body = await reader.readexactly(int(fields.get(b"content-length", b"0") or 0))
    path, _, query = target.partition("?")
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": version.removeprefix("HTTP/"),
        "method": method,
        "scheme": "http",
        "path": unquote(path),
        "raw_path": path.encode("latin-1"),
        "query_string": query.encode("latin-1"),
        "root_path": "",
        "headers": raw,
        "client": writer.get_extra_info("peername"),
        "server": writer.get_extra_info("sockname"),
    }
    received = False

    async def receive() -> Message:
        nonlocal received
        if received:
            return {"type": "http.disconnect"}
        received = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            status = int(message["status"])
            lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Answer')}"]
            lines += [f"{name.decode()}: {value.decode()}" for name, value in message["headers"]]
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        elif message["type"] == "http.response.body":
            writer.write(message.get("body", b""))
            await writer.drain()

    await service(scope, receive, send)
    return version == "HTTP/1.1" and fields.get(b"connection", b"").lower() != b"close"


def _header(line: str) -> tuple[bytes, bytes]:
    name, _, value = line.partition(":")
    return name.strip().lower().encode("latin-1"), value.strip().encode("latin-1")


_REASONS = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    429: "Too Many Requests",
}
