"""A service that answers from memory: the floor a client's End walk is measured against.

`python -m tests.bench.memory_server TOPICS` builds the demo with TOPICS topics in
big-archive, renders every page of that group's topic list once, as the reader asks for
it (`gettopics`, `group_name=big-archive`, `sort_field=sticky`, `limit=100`, then each
`page_token` the page before gave), and keeps each answer as JSON bytes. A tiny threaded
HTTP server on loopback then answers those pages by looking the bytes up: well under a
millisecond a page. It prints one line with its address (as `lurker demo-server` does).

Anything else the reader asks (the group list, the group's lookup at start) is asked of
the demo in this process the first time, then kept and answered from memory too; the
server counts both kinds (`GET /_bench/stats`), so the bench can check that every page of
a measured walk came from memory. Requests need the demo's API key, as the service's do.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

import httpx

from tests.bench.apps import BIG_ARCHIVE, demo_config
from tests.bench.demo_server import API_KEY
from tui.demo import DemoService, demo_transport

PAGE_LIMIT = 100
Key = tuple[str, tuple[tuple[str, str], ...]]


def page_query(token: int | str | None = None) -> dict[str, str]:
    """The query of one page of big-archive's topics, as the reader sends it."""
    query = {"group_name": BIG_ARCHIVE, "sort_field": "sticky", "limit": str(PAGE_LIMIT)}
    if token is not None:
        query["page_token"] = str(token)
    return query


def _key(path: str, query: dict[str, str] | list[tuple[str, str]]) -> Key:
    pairs = query.items() if isinstance(query, dict) else query
    return path, tuple(sorted(pairs))


class Answers:
    """The demo's answers kept as bytes; a miss asks the demo (on a loop of its own)."""

    def __init__(self, topics: int) -> None:
        self._loop = asyncio.new_event_loop()
        threading.Thread(target=self._loop.run_forever, daemon=True).start()
        service = DemoService(demo_config(big_group_topics=topics, live_topics_every=None))
        self._client = httpx.AsyncClient(
            transport=demo_transport(service),
            base_url="http://demo",
            headers={"Authorization": f"Bearer {API_KEY}"},
        )
        self._kept: dict[Key, tuple[int, bytes]] = {}
        self._lock = threading.Lock()
        self.from_memory = self.computed = 0
        self.pages = self._render_pages()

    def _ask(self, path: str, query: dict[str, str] | list[tuple[str, str]]) -> tuple[int, bytes]:
        async def get() -> httpx.Response:
            return await self._client.get(path, params=query)

        response = asyncio.run_coroutine_threadsafe(get(), self._loop).result()
        return response.status_code, response.content

    def _render_pages(self) -> list[str]:
        """Every page of big-archive's topic list, kept; their URLs (path and query)."""
        urls, token = [], None
        path = "/api/v1/gettopics"
        while True:
            query = page_query(token)
            status, body = self._ask(path, query)
            if status != 200:
                raise RuntimeError(f"the demo answered {status} to {query}: {body[:200]!r}")
            self._kept[_key(path, query)] = (status, body)
            urls.append(path + "?" + "&".join(f"{k}={v}" for k, v in query.items()))
            page = json.loads(body)
            token = page.get("next_page_token")
            if not token or not page.get("data"):
                return urls

    def answer(self, path: str, query: list[tuple[str, str]]) -> tuple[int, bytes]:
        """The answer to a GET, from memory when it was asked (or rendered) before."""
        key = _key(path, query)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self.from_memory += 1
                return kept
            self.computed += 1
            kept = self._ask(path, query)
            if kept[0] == 200:
                self._kept[key] = kept
            return kept


def handler(answers: Answers) -> type[BaseHTTPRequestHandler]:
    """A request handler answering from `answers`."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as the service: a client reuses its socket
        # The headers and the body are two writes: with Nagle's algorithm on, a small body
        # waits for the client's delayed ACK of the headers, 40 ms on Linux (the last page
        # of a list, an empty answer). Servers that answer fast turn it off (Go's does, and
        # the demo's), and a kept-alive socket is where it shows: urllib's floor, a socket
        # a request, never met it.
        disable_nagle_algorithm = True

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/_bench/stats":
                stats = {"from_memory": answers.from_memory, "computed": answers.computed}
                self._send(200, json.dumps(stats).encode())
            elif self.headers.get("Authorization") != f"Bearer {API_KEY}":
                self._send(401, b'{"object":"error","type":"unauthorized_error"}')
            else:
                self._send(*answers.answer(parts.path, parse_qsl(parts.query)))

        def _send(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass  # a line per request would cost more than the answer

    return Handler


def main(topics: int) -> None:
    """Render the pages, then serve until terminated."""
    answers = Answers(topics)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler(answers))
    server.daemon_threads = True
    host, port = server.server_address[:2]
    print(
        f"Memory service on http://{host}:{port}/api/v1/ ({len(answers.pages)} pages)",
        flush=True,
    )
    server.serve_forever()


if __name__ == "__main__":
    main(int(sys.argv[1]))
