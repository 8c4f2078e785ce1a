"""Transports that put a fault between the real client and the demo service (or no service)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from tui.demo import DemoService, demo_transport

Rewrite = Callable[[int, Any], tuple[int, Any]]


class Unplugged(httpx.AsyncBaseTransport):
    """No service at all: every request is refused."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)


class Rewriting(httpx.AsyncBaseTransport):
    """The demo's transport, with the answers of one endpoint changed by `rewrite`."""

    def __init__(self, demo: DemoService, endpoint: str, rewrite: Rewrite) -> None:
        self.inner = demo_transport(demo)
        self.endpoint = endpoint
        self.rewrite = rewrite

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        if not request.url.path.endswith("/" + self.endpoint):
            return response
        await response.aread()
        status, body = self.rewrite(response.status_code, response.json())
        return httpx.Response(status, json=body)


class FailingGroup(httpx.AsyncBaseTransport):
    """The demo, except that one group's log fails from its `after`-th page on."""

    def __init__(self, demo: DemoService, group: str, after: int = 0) -> None:
        self.inner, self.group, self.after = demo_transport(demo), group, after
        self.asked = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        if url.path.endswith("/getactivitylog") and url.params.get("group_name") == self.group:
            self.asked += 1
            if self.asked > self.after:
                body = {"object": "error", "type": "inadequate_permissions", "extra": ""}
                return httpx.Response(400, json=body)
        return await self.inner.handle_async_request(request)


class Unpluggable(httpx.AsyncBaseTransport):
    """The demo's transport, until `plugged` is made False: then every request is refused
    (and counted), as when the service goes away in the middle of reading."""

    def __init__(self, demo: DemoService) -> None:
        self.inner = demo_transport(demo)
        self.plugged = True
        self.refused = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if not self.plugged:
            self.refused += 1
            raise httpx.ConnectError("connection refused", request=request)
        return await self.inner.handle_async_request(request)
