"""A service that misbehaves on purpose, one way per mode, on a real loopback socket.

The mode is the first part of the path: a client made for `{origin}/{mode}` sends its calls
to `/{mode}/api/v1/{endpoint}`. Every mode answers every endpoint the reader calls, so the
same fault can be met by the group list, a topic list, a thread or the activity log.
The server runs its own event loop in a thread, so Pilot tests and subprocesses can share it.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import threading
import zlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.hostile import shapes

MIB = 1024 * 1024


@dataclass
class Answer:
    """What to send: status, headers, and the body in chunks (or a broken promise)."""

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    chunks: Callable[[], AsyncIterator[bytes]] | None = None
    body: bytes = b""
    length: int | None = None  # Content-Length to announce (may lie)
    never: bool = False  # read the request, then never answer


def _json(value: Any, status: int = 200, **headers: str) -> Answer:
    data = json.dumps(value, ensure_ascii=False).encode()
    return Answer(status, {"Content-Type": "application/json", **headers}, body=data)


def _page(endpoint: str, ids: range | list[int], **options: Any) -> Answer:
    return _json(shapes.page(endpoint, list(ids), **options))


Mode = Callable[[str, dict[str, str]], Answer]


def _ok(endpoint: str, query: dict[str, str]) -> Answer:
    return _page(endpoint, range(1, 4), total=3, token=0)


def _cut(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(
        headers={"Content-Type": "application/json"}, body=b'{"object":"list","da', length=4096
    )


def _stall(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(never=True)


def _trickle(endpoint: str, query: dict[str, str]) -> Answer:
    async def chunks() -> AsyncIterator[bytes]:
        for byte in b'{"object":"list","data":[]}':
            await asyncio.sleep(0.25)
            yield bytes([byte])

    return Answer(headers={"Content-Type": "application/json"}, chunks=chunks, length=27)


def _malformed(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(
        headers={"Content-Type": "application/json"}, body=b'{"object": "list", "data": ['
    )


def _html_503(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(503, {"Content-Type": "text/html"}, body=b"<html><h1>Maintenance</h1></html>")


def _not_found(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(404, {"Content-Type": "text/plain"}, body=b"404 page not found")


def _redirect(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(302, {"Location": f"https://evil.invalid/api/v1/{endpoint}"})


def _escapes(endpoint: str, query: dict[str, str]) -> Answer:
    return _page(endpoint, range(1, 4), total=3, token=0, text=shapes.ESCAPES)


def _formulas(endpoint: str, query: dict[str, str]) -> Answer:
    return _page(endpoint, range(1, 4), total=3, token=0, text=shapes.FORMULA)


def _null_data(endpoint: str, query: dict[str, str]) -> Answer:
    return _json(shapes.page(endpoint, [], total=0, token=0) | {"data": None})


def _unknown_fields(endpoint: str, query: dict[str, str]) -> Answer:
    body = shapes.page(endpoint, [2**64 + 1, 3], total=2, token=0)
    body["surprise"] = {"nested": [1, 2, {"x": None}]}
    for item in body["data"]:
        item |= {"mod_status": "sub_modstatus_overlord", "new_field": [None], "status": 7}
    return _json(body)


def _bad_time(endpoint: str, query: dict[str, str]) -> Answer:
    return _page(endpoint, range(1, 4), total=3, token=0, when=shapes.BAD_TIMES)


def _deep_json(endpoint: str, query: dict[str, str]) -> Answer:
    depth = 100_000
    return Answer(headers={"Content-Type": "application/json"}, body=b"[" * depth + b"]" * depth)


def _fake_gzip(endpoint: str, query: dict[str, str]) -> Answer:
    answer = _ok(endpoint, query)
    answer.headers["Content-Encoding"] = "gzip"
    return answer


def _gzip_bomb(endpoint: str, query: dict[str, str]) -> Answer:
    return Answer(
        headers={"Content-Type": "application/json", "Content-Encoding": "gzip"},
        body=shapes.gzip_bomb(),
    )


def _huge_page(endpoint: str, query: dict[str, str]) -> Answer:
    """200 MB of one valid page, streamed: the server never holds it whole."""
    filler = b"x" * MIB
    count = 200

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"object":"list","total_count":1,"next_page_token":0,"data":[{"id":1,"subject":"'
        for _ in range(count):
            yield filler
        yield b'"}]}'

    return Answer(headers={"Content-Type": "application/json"}, chunks=chunks)


def _huge_fields(endpoint: str, query: dict[str, str]) -> Answer:
    return _page(endpoint, range(1, 21), total=20, token=0, text="ü" * 150_000)


def _many_values(endpoint: str, query: dict[str, str]) -> Answer:
    values = 3_000_000
    body = b'{"object":"list","data":[' + b"0," * (values - 1) + b"0]}"
    return Answer(headers={"Content-Type": "application/json"}, body=body)


def _page_number(query: dict[str, str]) -> int:
    return int(query.get("page_token") or 0)


def _endless(endpoint: str, query: dict[str, str]) -> Answer:
    """New rows and a new token on every page; the total is 400 at first, then 0."""
    number = _page_number(query)
    ids = range(number * 100 + 1, number * 100 + 101)
    return _page(endpoint, ids, total=400 if number == 0 else 0, token=number + 1, more=True)


def _bottomless(endpoint: str, query: dict[str, str]) -> Answer:
    """New rows and a new token on every page, `has_more` always, and no total at all."""
    number = _page_number(query)
    ids = range(number * 100 + 1, number * 100 + 101)
    return _page(endpoint, ids, total=0, token=number + 1, more=True)


def _repeating(endpoint: str, query: dict[str, str]) -> Answer:
    """The same 100 rows on every page, each with a new token."""
    number = _page_number(query)
    return _page(endpoint, range(1, 101), total=400, token=number + 1, more=True)


def _retry_after(value: str) -> Mode:
    def mode(endpoint: str, query: dict[str, str]) -> Answer:
        return Answer(429, {"Retry-After": value}, body=b"Too Many Requests")

    return mode


def _status(status: int) -> Mode:
    def mode(endpoint: str, query: dict[str, str]) -> Answer:
        return Answer(status, {"Content-Type": "text/plain"}, body=b"no")

    return mode


def _negative_total(endpoint: str, query: dict[str, str]) -> Answer:
    return _page(endpoint, range(1, 4), total=-5, token=0)


MODES: dict[str, Mode] = {
    "ok": _ok,
    "cut": _cut,
    "stall": _stall,
    "trickle": _trickle,
    "malformed": _malformed,
    "html-503": _html_503,
    "not-found": _not_found,
    "redirect": _redirect,
    "escapes": _escapes,
    "formulas": _formulas,
    "null-data": _null_data,
    "unknown-fields": _unknown_fields,
    "bad-time": _bad_time,
    "deep-json": _deep_json,
    "fake-gzip": _fake_gzip,
    "gzip-bomb": _gzip_bomb,
    "huge-page": _huge_page,
    "huge-fields": _huge_fields,
    "many-values": _many_values,
    "endless": _endless,
    "bottomless": _bottomless,
    "repeating": _repeating,
    "retry-after-zero": _retry_after("0"),
    "retry-after-huge": _retry_after("1e999"),
    "status-401": _status(401),
    "status-403": _status(403),
    "negative-total": _negative_total,
}


class HostileServer:
    """The server on 127.0.0.1 (a free port), in a thread; `origin(mode)` to reach a mode."""

    def __init__(self) -> None:
        self.port = 0
        self.requests: list[tuple[str, str, dict[str, str]]] = []  # (mode, endpoint, query)
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="hostile-server")
        self._server: asyncio.Server | None = None

    def origin(self, mode: str) -> str:
        """The base URL that reaches `mode`."""
        assert mode in MODES, mode
        return f"http://127.0.0.1:{self.port}/{mode}"

    def calls(self, mode: str) -> list[str]:
        """The endpoints called in `mode`, in order."""
        return [endpoint for seen, endpoint, _ in list(self.requests) if seen == mode]

    def __enter__(self) -> HostileServer:
        shapes.gzip_bomb()  # made once, before any client waits for it
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", 0)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                if not await self._answer(head, reader, writer):
                    break
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    async def _answer(
        self, head: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """Answer one request; False when the connection must close."""
        request_line, *header_lines = head.decode("latin-1").split("\r\n")
        _method, target, _version = request_line.split(" ", 2)
        headers = dict(line.split(":", 1) for line in header_lines if ":" in line)
        length = int(headers.get("Content-Length", headers.get("content-length", "0")) or 0)
        if length:
            await reader.readexactly(length)
        parts = urlsplit(target)
        mode, _, rest = parts.path.strip("/").partition("/")
        endpoint = rest.rsplit("/", 1)[-1]
        query = {name: values[-1] for name, values in parse_qs(parts.query).items()}
        self.requests.append((mode, endpoint, query))
        answer = MODES[mode](endpoint, query) if mode in MODES else _not_found(endpoint, query)
        if answer.never:
            await reader.read()  # until the client gives up and closes
            return False
        await self._send(answer, writer)
        return answer.length is None or answer.length == len(answer.body) or bool(answer.chunks)

    async def _send(self, answer: Answer, writer: asyncio.StreamWriter) -> None:
        headers = dict(answer.headers)
        if answer.chunks is None:
            headers["Content-Length"] = str(
                answer.length if answer.length is not None else len(answer.body)
            )
        elif answer.length is not None:
            headers["Content-Length"] = str(answer.length)
        else:
            headers["Transfer-Encoding"] = "chunked"
        lines = [f"HTTP/1.1 {answer.status} Hostile"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        if answer.chunks is None:
            writer.write(answer.body)
            await writer.drain()
            return
        chunked = "Transfer-Encoding" in headers
        async for chunk in answer.chunks():
            writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
            await writer.drain()
        if chunked:
            writer.write(b"0\r\n\r\n")
            await writer.drain()


def gzipped(data: bytes) -> bytes:
    """`data` gzipped (for tests that build their own bodies)."""
    return gzip.compress(data)


__all__ = ["MODES", "HostileServer", "gzipped", "zlib"]
