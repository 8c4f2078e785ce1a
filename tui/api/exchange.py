"""One origin's HTTP exchanges: sent with the credential, retried within bounds, read within
limits, every failure turned into a `LurkerError` that names its endpoint and request."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx

from .answers import decode, transport_error, unwrap_extended
from .backoff import RetryPolicy, parse_retry_after
from .body import ACCEPT_ENCODING, BodyLimits, check_values, read_body
from .errors import (
    CertificateError,
    ConnectFailedError,
    LurkerError,
    RateLimitError,
    TransportError,
    UnexpectedResponseError,
)
from .params import Params, encode
from .redact import protect_logs

Sleep = Callable[[float], Awaitable[None]]

# Statuses a proxy or load balancer sends while the service restarts: safe to retry a read.
_TRANSIENT_STATUSES = frozenset({502, 503, 504})
# Seconds to connect while the service is known to be unreachable: each call still tries,
# once, and a network that drops packets is not waited on for the whole timeout.
PROBE_CONNECT_TIMEOUT = 3.0


class Exchange:
    """Sends calls to one `…/api/v1/` root over one shared connection pool."""

    def __init__(
        self,
        root: str,
        auth: httpx.Auth,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        verify: Any = True,
        sleep: Sleep = asyncio.sleep,
        limits: BodyLimits | None = None,
    ) -> None:
        self.root = root
        self.limits = limits or BodyLimits()
        self._timeout = timeout
        self._retry = retry or RetryPolicy()
        self._sleep = sleep
        # The failure to connect that last ended a call, until a call gets an answer: while
        # it is known, calls try once, at once, instead of backing off between tries.
        self.unreachable: ConnectFailedError | None = None
        protect_logs()
        self.http = httpx.AsyncClient(
            auth=auth,
            transport=transport,
            timeout=timeout,
            verify=verify,
            follow_redirects=False,
            headers={
                "Accept": "application/json",
                "Accept-Encoding": ACCEPT_ENCODING,
                "User-Agent": "lurker",
            },
        )

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self.http.aclose()

    async def call(self, endpoint: str, params: Params, *, write: bool, csrf: str = "") -> Any:
        """The decoded answer of one call (a read retried within the policy)."""
        try:
            return unwrap_extended(await self._exchange(endpoint, params, write, csrf))
        except LurkerError as error:
            error.endpoint = error.endpoint or endpoint
            raise

    async def _exchange(self, endpoint: str, params: Params, write: bool, csrf: str) -> Any:
        policy = self._retry
        rate_limited = transport_failures = 0
        waited = 0.0
        known_unreachable = self.unreachable is not None
        while True:
            try:
                response, body = await self._send(endpoint, params, write, csrf)
            except ConnectFailedError as error:
                if write or known_unreachable or transport_failures >= policy.transport_attempts:
                    self.unreachable = error
                    raise
                await self._sleep(policy.delay(transport_failures))
                transport_failures += 1
                continue
            except TransportError as error:
                retryable = not write and not isinstance(error, CertificateError)
                if not retryable or transport_failures >= policy.transport_attempts:
                    raise
                await self._sleep(policy.delay(transport_failures))
                transport_failures += 1
                continue
            self.unreachable = None  # it answered
            status = response.status_code
            if status == 429:
                retry_after = parse_retry_after(response.headers.get("retry-after"))
                wait = policy.delay(rate_limited, retry_after)
                if (
                    write
                    or rate_limited >= policy.rate_limit_attempts
                    or (retry_after or 0.0) > policy.max_delay  # longer than a reader waits
                    or waited + wait > policy.rate_limit_budget
                ):
                    given_up = retry_after if retry_after is not None else policy.give_up_wait
                    raise _about(RateLimitError(retry_after=given_up), response)
                await self._sleep(wait)
                waited += wait
                rate_limited += 1
                continue
            if status in _TRANSIENT_STATUSES and not write:
                if transport_failures < policy.transport_attempts:
                    await self._sleep(policy.delay(transport_failures))
                    transport_failures += 1
                    continue
                raise _about(
                    UnexpectedResponseError(
                        f"The service is unavailable right now (HTTP {status}); "
                        "try again in a moment."
                    ),
                    response,
                )
            try:
                return decode(status, response.headers, body, endpoint)
            except LurkerError as error:
                raise _about(error, response) from None

    async def _send(
        self, endpoint: str, params: Params, write: bool, csrf: str
    ) -> tuple[httpx.Response, bytes]:
        """One request; its response (closed) and body, read within the limits."""
        url = self.root + endpoint
        if write:
            form: dict[str, list[str]] = {}
            for name, value in encode({**params, "csrf": csrf or None}):
                form.setdefault(name, []).append(value)
            request = self.http.build_request("POST", url, data=form)
        else:
            query: list[tuple[str, str | int | float | bool | None]] = []
            query.extend(encode(params))
            request = self.http.build_request("GET", url, params=query)
        if self.unreachable is not None:
            probe = httpx.Timeout(self._timeout, connect=PROBE_CONNECT_TIMEOUT)
            request.extensions["timeout"] = probe.as_dict()
        try:
            async with asyncio.timeout(self._timeout):
                response = await self.http.send(request, stream=True)
                try:
                    body = await self._read(response, endpoint)
                finally:
                    await response.aclose()
            if response.status_code in (200, 400):
                check_values(body, self.limits, endpoint)
        except (httpx.TransportError, TimeoutError) as exc:
            error = transport_error(exc, endpoint)
            error.request = request
            raise error from exc
        except LurkerError as error:
            error.request = request
            raise
        return response, body

    async def _read(self, response: httpx.Response, endpoint: str) -> bytes:
        if response.is_stream_consumed:
            # A transport may hand back an answer it already read (httpx.MockTransport does);
            # httpx has unpacked it then, so only its size is left to check.
            return await read_body(_whole(response.content), "", self.limits, endpoint)
        encoding = response.headers.get("content-encoding", "")
        return await read_body(response.aiter_raw(), encoding, self.limits, endpoint)


def _about(error: LurkerError, response: httpx.Response) -> LurkerError:
    """`error`, knowing the response (and so the request and status) it came from."""
    error.response = response
    error.request = response.request
    error.status = response.status_code
    return error


async def _whole(content: bytes) -> AsyncIterator[bytes]:
    yield content
