"""An httpx transport that runs the demo service in-process, failing the way sockets fail."""

from __future__ import annotations

import asyncio

import httpx

from .errors import DroppedConnection
from .service import DemoService


class DemoTransport(httpx.ASGITransport):
    """ASGITransport that turns a dropped connection and a read timeout into httpx errors."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        timeouts = request.extensions.get("timeout", {})
        read_timeout = timeouts.get("read")
        try:
            async with asyncio.timeout(read_timeout) as deadline:
                return await super().handle_async_request(request)
        except DroppedConnection as error:
            raise httpx.RemoteProtocolError(
                "peer closed connection without sending complete message body", request=request
            ) from error
        except TimeoutError as error:
            if not deadline.expired():
                raise
            raise httpx.ReadTimeout(
                "timed out waiting for the demo service", request=request
            ) from error


def demo_transport(service: DemoService) -> httpx.AsyncBaseTransport:
    """A transport for httpx.AsyncClient that talks to the service without a socket."""
    return DemoTransport(app=service)
