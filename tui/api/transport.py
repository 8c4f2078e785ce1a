"""One HTTP exchange with the service: status checked, body decoded, failures typed."""

from __future__ import annotations

import asyncio
import json
import ssl
from typing import Any

import httpx

from .errors import (
    CertificateError,
    ConnectFailedError,
    ConnectionDroppedError,
    InvalidJsonError,
    RequestTimeoutError,
    TransportError,
    UnexpectedResponseError,
    UnknownEndpointError,
    error_for,
)


def transport_error(exc: BaseException, endpoint: str) -> TransportError:
    """Map an httpx or asyncio failure to our own, with a sentence for the user."""
    if _caused_by(exc, ssl.SSLCertVerificationError):
        return CertificateError(
            f"The server's security certificate could not be verified ({endpoint}); "
            "check the address, or configure your organisation's CA."
        )
    if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):
        return ConnectFailedError(
            "Could not reach the service: check your network connection or the address."
        )
    if isinstance(exc, httpx.TimeoutException | TimeoutError | asyncio.TimeoutError):
        return RequestTimeoutError(f"The service did not answer in time ({endpoint}).")
    if isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError | httpx.WriteError):
        return ConnectionDroppedError(
            f"The connection to the service broke before the answer was complete ({endpoint})."
        )
    return TransportError(f"The request to the service failed ({endpoint}): {exc}")


def _caused_by(exc: BaseException, kind: type[BaseException]) -> bool:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, kind):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def decode(response: httpx.Response, endpoint: str) -> Any:
    """The JSON of a successful answer (None for an empty body); raises the typed error else."""
    status = response.status_code
    if status == 200:
        return _json(response, endpoint) if response.content.strip() else None
    if status == 400:
        return _raise_error_object(response, endpoint)
    if status == 404:
        raise UnknownEndpointError(endpoint)
    if 300 <= status < 400:
        target = response.headers.get("location", "elsewhere")
        raise UnexpectedResponseError(
            f"The service redirected {endpoint} to {target}; not following it, so your "
            "credentials stay with the configured address."
        )
    raise UnexpectedResponseError(f"The service answered {endpoint} with HTTP {status}.")


def _raise_error_object(response: httpx.Response, endpoint: str) -> Any:
    try:
        body = response.json()
    except ValueError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("type"), str):
        raise UnexpectedResponseError(
            f"The service refused {endpoint} (HTTP 400) without saying why."
        )
    extra = body.get("extra")
    raise error_for(body["type"], extra if isinstance(extra, str) else "", endpoint)


def _json(response: httpx.Response, endpoint: str) -> Any:
    try:
        return json.loads(response.content)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidJsonError(
            f"The service's answer to {endpoint} was not valid JSON; it may be having problems."
        ) from exc


def unwrap_extended(body: Any) -> Any:
    """`extended=true` answers `[user, result]` (or `[user]`); keep the result."""
    if isinstance(body, list):
        return body[1] if len(body) > 1 else None
    return body
