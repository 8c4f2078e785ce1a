"""DemoService: the ASGI app that answers the API from generated data."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .auth import Accounts, auth_kind, demo_accounts
from .config import DemoConfig
from .downloads import FILES, THUMBS, Signer, answer, signed
from .endpoints import Call, Handler, find_handler
from .errors import ApiError
from .faults import FaultInjector
from .http_io import (
    JSON_TYPE,
    TEXT_TYPE,
    Receive,
    Scope,
    Send,
    encode_json,
    read_body,
    run_lifespan,
    send_dropped,
    send_response,
)
from .people import DEMO_USER, TWOFACTOR_USER
from .request import ApiRequest, parse_request
from .timefmt import NS_PER_DAY, format_ns
from .world import World

SLOW_SECONDS = 30.0
# What a "200 but not JSON" fault sends: a proxy's error page, labelled as JSON.
_NOT_JSON = b"<html><body><h1>502 Bad Gateway</h1></body></html>"


async def _send_fault(fault: str, send: Send) -> None:
    """Answer the way the fault says: 429, a dropped connection, a server error, or not JSON."""
    if fault == "drop":
        await send_dropped(send)
    elif fault == "429":
        await send_response(send, 429, None, b"")
    elif fault == "invalid_json":
        await send_response(send, 200, JSON_TYPE, _NOT_JSON)
    else:
        error = ApiError("server", "the demo service was told to fail this request")
        await send_response(send, 400, JSON_TYPE, encode_json(error.body()))


@dataclass(frozen=True)
class RecordedRequest:
    """One request the service saw, for tests to count and inspect."""

    method: str
    endpoint: str
    params: tuple[tuple[str, str], ...]
    auth: str  # "bearer" | "cookie" | "basic" | "none"
    host: str = field(default="", compare=False)  # the Host header: the origin it went to


class DemoService:
    """An ASGI3 app speaking the group service's API over generated, deterministic data."""

    demo_email: str = DEMO_USER.email
    demo_password: str = "demo-password"
    twofactor_email: str = TWOFACTOR_USER.email
    twofactor_code: str = "123456"

    def __init__(
        self,
        config: DemoConfig | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], int] = time.time_ns,
    ) -> None:
        """`clock` (seconds, monotonic) moves the data's present on while the service runs;
        `wall_clock` (nanoseconds since the epoch) gives its start when `config.now` is None."""
        self.config = config if config is not None else DemoConfig()
        self.requests: list[RecordedRequest] = []
        self.world = World(self.config, clock, wall_clock)
        self._faults = FaultInjector(self.config.seed, clock)
        self.signer = Signer(self.config.seed, self.config.link_lifetime)
        self._accounts = Accounts(
            lambda: self.config,
            clock,
            demo_accounts(self.demo_password, self.twofactor_code),
            created=format_ns(self.world.anchor_ns - 900 * NS_PER_DAY),
        )

    def forget_sessions(self) -> None:
        """End every session and token, as the service does when it signs everyone out."""
        self._accounts.end_all()

    def fail_next(self, *faults: str) -> None:
        """Queue faults for the next requests, one each: 429, drop, server, invalid_json, slow."""
        self._faults.queue(*faults)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await run_lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        request = parse_request(scope, await read_body(receive))
        self.requests.append(
            RecordedRequest(
                request.method,
                request.endpoint or request.path,
                tuple(request.params),
                auth_kind(request.headers, request.cookies),
                request.headers.get("host", ""),
            )
        )
        fault = self._faults.next_fault(self.config)
        if self.config.latency > 0:
            await asyncio.sleep(self.config.latency)
        if fault == "slow":
            await asyncio.sleep(SLOW_SECONDS)
        elif fault is not None:
            await _send_fault(fault, send)
            return
        await self._answer(request, send)

    async def _answer(self, request: ApiRequest, send: Send) -> None:
        if request.path.startswith("/g/") and "/img/" in request.path:
            await self._inline_image(request, send)
            return
        if request.path.startswith((FILES, THUMBS)):
            served = answer(request.raw_path, dict(request.params), self.signer, self.world)
            await send_response(send, served.status, served.media_type, served.body)
            return
        endpoint = request.endpoint
        handler = find_handler(endpoint) if endpoint else None
        if handler is None:
            await send_response(send, 404, TEXT_TYPE, b"404 page not found")
            return
        if request.method not in ("GET", "POST"):
            await send_response(send, 405, TEXT_TYPE, b"405 method not allowed")
            return
        call = Call(request, self.world, self._accounts, self.files_origin(request))
        try:
            result = self._dispatch(call, handler)
        except ApiError as error:
            await send_response(send, 400, JSON_TYPE, encode_json(error.body()))
            return
        await send_response(send, 200, JSON_TYPE, encode_json(result), request.response_headers)

    async def _inline_image(self, request: ApiRequest, send: Send) -> None:
        """An image of a message's HTML on the web site: for members only (signed in)."""
        try:
            self._accounts.authenticate(request.headers, request.cookies)
        except ApiError:
            await send_response(send, 401, TEXT_TYPE, b"401 sign in to see this picture")
            return
        from .pictures import scene

        await send_response(send, 200, "image/png", scene(160, 100))

    def files_origin(self, request: ApiRequest) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """What signs a message's attachment links for the origin this request came to."""
        origin = self.config.files_origin or request.origin
        now = self.world.current_ns()
        return lambda message: signed(message, origin, self.signer, now)

    def _dispatch(self, call: Call, handler: Handler) -> Any:
        if call.request.endpoint != "login":
            call.caller = self._accounts.authenticate(call.request.headers, call.request.cookies)
        result = handler(call)
        if call.request.flag("extended"):
            return [self._accounts.user(call.who.account), result]
        return result
