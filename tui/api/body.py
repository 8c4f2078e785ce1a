"""Reading an answer's body within bounds: bytes on the wire, bytes unpacked, values held.

httpx unpacks gzip a whole network chunk at a time, so 200 KB of gzip can become 200 MB
in memory before anyone counts; here the body is unpacked with a ceiling on every step.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from .errors import ResponseTooLargeError, UnexpectedResponseError

MIB = 1024 * 1024

# What the client asks for: encodings it unpacks itself, within the limits below.
ACCEPT_ENCODING = "gzip, deflate"


@dataclass(frozen=True)
class BodyLimits:
    """The most one answer may cost before it is refused, whatever its headers claim."""

    max_bytes: int = 32 * MIB  # on the wire, and again once unpacked
    # JSON values of one answer (an upper bound: every `{`, `[` and `,`). Tiny values cost
    # 30 to 60 bytes each once parsed; two million keep a hostile page under 150 MB.
    max_values: int = 2_000_000
    max_items: int = 2_000  # rows in one page (the service sends at most 100)


async def read_body(
    chunks: AsyncIterator[bytes], encoding: str, limits: BodyLimits, endpoint: str
) -> bytes:
    """The body unpacked, refused with a `ResponseTooLargeError` once past the limits."""
    unpack = _unpacker(encoding.strip().lower(), endpoint)
    received = 0
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        received += len(chunk)
        if received > limits.max_bytes:
            raise ResponseTooLargeError(endpoint, f"more than {_mb(limits.max_bytes)}")
        for part in unpack.feed(chunk, limits.max_bytes - size + 1):
            size += len(part)
            if size > limits.max_bytes:
                raise _too_large_unpacked(endpoint, limits)
            parts.append(part)
    tail = unpack.finish()
    size += len(tail)
    if size > limits.max_bytes:
        raise _too_large_unpacked(endpoint, limits)
    parts.append(tail)
    return b"".join(parts)


def check_values(body: bytes, limits: BodyLimits, endpoint: str) -> None:
    """Refuse a body whose parsed form would hold more values than `limits` allows."""
    if len(body) <= limits.max_values:
        return  # what is counted is a byte each: a body this short cannot hold too many
    values = body.count(b"{") + body.count(b"[") + body.count(b",")
    if values > limits.max_values:
        raise ResponseTooLargeError(endpoint, f"more than {limits.max_values:,} values")


def _mb(size: int) -> str:
    return f"{size // MIB} MB"


def _too_large_unpacked(endpoint: str, limits: BodyLimits) -> ResponseTooLargeError:
    return ResponseTooLargeError(endpoint, f"more than {_mb(limits.max_bytes)} once unpacked")


class _Identity:
    def feed(self, chunk: bytes, allowance: int) -> list[bytes]:
        return [chunk]

    def finish(self) -> bytes:
        return b""


class _Inflate:
    """gzip or deflate, unpacked at most `allowance` bytes at a time."""

    def __init__(self, name: str, endpoint: str) -> None:
        self.name = name
        self.endpoint = endpoint
        # deflate is zlib-wrapped by the standard, raw by some servers: try the standard.
        self._wbits = zlib.MAX_WBITS | 16 if name == "gzip" else zlib.MAX_WBITS
        self._inflater = zlib.decompressobj(self._wbits)
        self._started = False

    def feed(self, chunk: bytes, allowance: int) -> list[bytes]:
        parts: list[bytes] = []
        data = chunk
        while data:
            try:
                part = self._inflater.decompress(data, max(allowance, 1))
            except zlib.error:
                if self.name == "deflate" and not self._started:
                    self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
                    self._started = True
                    continue
                raise self._unreadable() from None
            self._started = True
            parts.append(part)
            allowance -= len(part)
            if allowance <= 0:
                break  # over the limit: the caller refuses the answer
            data = self._inflater.unconsumed_tail
        return parts

    def finish(self) -> bytes:
        try:
            return self._inflater.flush()
        except zlib.error:
            raise self._unreadable() from None

    def _unreadable(self) -> UnexpectedResponseError:
        return UnexpectedResponseError(
            f"The service's answer to {self.endpoint} said it was compressed ({self.name}) "
            "but could not be unpacked; it may be having problems."
        )


def _unpacker(encoding: str, endpoint: str) -> _Identity | _Inflate:
    if encoding in ("", "identity"):
        return _Identity()
    if encoding in ("gzip", "x-gzip"):
        return _Inflate("gzip", endpoint)
    if encoding == "deflate":
        return _Inflate("deflate", endpoint)
    raise UnexpectedResponseError(
        f"The service's answer to {endpoint} was compressed in a way Lurker does not read "
        f"({encoding[:40]})."
    )
