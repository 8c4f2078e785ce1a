"""Files fetched from the links the service hands out (attachments, pictures): streamed to
whoever keeps them, within a size limit, with the sign-in sent only to the service's own
origin.

A pre-signed link (S3's) needs no sign-in; a link on the service's origin may, and gets
the client's credential. Any other host gets a bare request: no credential, no cookie, and
what it sets is not kept. Redirects are followed by hand, a few at most, deciding again
for each hop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

from .answers import transport_error
from .errors import LurkerError, TransportError
from .origin import is_loopback

Write = Callable[[bytes], None]
Progress = Callable[[int, int | None], None]

_REDIRECTS = 5
_CHUNK = 64 * 1024


class DownloadError(LurkerError):
    """A file could not be fetched; `str()` says why in words."""


class LinkRefusedError(DownloadError):
    """The link was refused (401, 403, 410): a signed link that has expired, most often."""


class TooLargeError(DownloadError):
    """The file is bigger than the limit; `size` is what was known of it."""

    def __init__(self, message: str, size: int | None) -> None:
        super().__init__(message)
        self.size = size


@dataclass(frozen=True)
class Fetched:
    """What a finished download was: its type as served and its size in bytes."""

    media_type: str
    size: int


def same_origin(url: str, root: str) -> bool:
    """Whether `url` is on the origin of `root` (scheme, host and port alike)."""
    try:
        one, other = urlsplit(url), urlsplit(root)
        return (one.scheme, one.hostname, _port(one)) == (
            other.scheme,
            other.hostname,
            _port(other),
        )
    except ValueError:
        return False


def _port(parts: Any) -> int | None:
    return parts.port or {"http": 80, "https": 443}.get(parts.scheme)


def allowed(url: str) -> str | None:
    """Why `url` may not be fetched (None when it may): HTTPS, or HTTP on this machine."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "it is not a web address"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "it is not a web address"
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        return f"{parts.hostname} offers it only over plain http://"
    return None


class Downloads:
    """Fetches files for one client: its own connection pool for the service's origin, a
    bare one (opened when first needed) for every other host."""

    def __init__(
        self,
        root: str,
        own: httpx.AsyncClient,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        verify: Any = True,
        timeout: float = 30.0,
    ) -> None:
        self.root = root
        self._own = own
        self._transport = transport
        self._verify = verify
        self._timeout = timeout
        self._bare: httpx.AsyncClient | None = None

    async def aclose(self) -> None:
        """Close the bare pool, if it was opened."""
        if self._bare is not None:
            await self._bare.aclose()

    def _bare_client(self) -> httpx.AsyncClient:
        if self._bare is None:
            self._bare = httpx.AsyncClient(
                transport=self._transport,
                verify=self._verify,
                timeout=self._timeout,
                follow_redirects=False,
                headers={"User-Agent": "lurker"},
            )
        return self._bare

    async def fetch(
        self, url: str, write: Write, *, most: int, progress: Progress | None = None
    ) -> Fetched:
        """Stream the file at `url` into `write`; `TooLargeError` past `most` bytes."""
        for _ in range(_REDIRECTS + 1):
            problem = allowed(url)
            if problem is not None:
                raise DownloadError(f"Lurker will not fetch this link: {problem}.")
            own = same_origin(url, self.root)
            headers = {"Accept": "*/*", "Accept-Encoding": "identity"}
            if own:  # with the client's credential and cookies
                client, request = self._own, self._own.build_request("GET", url, headers=headers)
            else:  # built bare: nothing of the client's goes with it
                headers["User-Agent"] = "lurker"
                timeout = {"timeout": httpx.Timeout(self._timeout).as_dict()}
                client = self._bare_client()
                request = httpx.Request("GET", url, headers=headers, extensions=timeout)
            try:
                response = await client.send(request, stream=True)
                try:
                    location = _redirect(response, url)
                    if location is None:
                        return await _receive(response, write, most, progress)
                finally:
                    await response.aclose()
            except (httpx.TransportError, TimeoutError) as exc:
                raise _failed(exc) from exc
            url = location
        raise DownloadError(f"The link led through more than {_REDIRECTS} redirects.")


def _redirect(response: httpx.Response, url: str) -> str | None:
    """Where a redirect leads (None for any other answer)."""
    if response.status_code not in (301, 302, 303, 307, 308):
        return None
    location = str(response.headers.get("location", ""))
    if not location:
        raise DownloadError(
            f"The link answered a redirect to nowhere (HTTP {response.status_code})."
        )
    return urljoin(url, location)


async def _receive(
    response: httpx.Response, write: Write, most: int, progress: Progress | None
) -> Fetched:
    status = response.status_code
    if status in (401, 403, 410):
        raise LinkRefusedError(
            f"The link was refused (HTTP {status}): signed links expire after a while."
        )
    if status == 404:
        raise DownloadError("The file is no longer there (HTTP 404).")
    if status != 200:
        raise DownloadError(f"The file could not be fetched (HTTP {status}).")
    total = _length(response)
    if total is not None and total > most:
        raise TooLargeError(
            f"It is {size_words(total)}, over the limit of {size_words(most)}.", total
        )
    received = 0
    if progress is not None:
        progress(0, total)
    async for chunk in response.aiter_bytes(_CHUNK):
        received += len(chunk)
        if received > most:
            raise TooLargeError(f"It is over the limit of {size_words(most)}.", None)
        write(chunk)
        if progress is not None:
            progress(received, total)
    if total is not None and received != total:
        raise DownloadError(f"The file came cut short ({received:,} of {total:,} bytes).")
    media_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
    return Fetched(media_type, received)


def _length(response: httpx.Response) -> int | None:
    try:
        value = int(response.headers.get("content-length", ""))
    except ValueError:
        return None
    return value if value >= 0 else None


def _failed(exc: BaseException) -> LurkerError:
    error = transport_error(exc, "download")
    words = str(error).replace("the service", "the file's server")
    return DownloadError(words) if not isinstance(error, TransportError) else type(error)(words)


def size_words(size: int) -> str:
    """A size as people say it: "840 bytes", "12 KB", "3.4 MB"."""
    if size < 1024:
        return f"{size:,} byte{'s' if size != 1 else ''}"
    value, unit = size / 1024, "KB"
    for bigger in ("MB", "GB"):
        if value < 1024:
            break
        value, unit = value / 1024, bigger
    return f"{value:.1f} {unit}" if value < 10 else f"{value:,.0f} {unit}"
