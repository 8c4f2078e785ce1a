"""Attachment files, served as the real service serves them: at a pre-signed URL that needs
no sign-in and expires (S3's query form), the size told only by Content-Length.

A message's attachments are generated with paths (`/files/GROUP/MSG/N/NAME`); each answer
that carries messages signs them for the origin the request came to, at the moment it was
asked (`signed`). A request for a path checks the signature and the time, then sends the
file's bytes (`answer`).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

from .timefmt import NS_PER_SECOND

FILES = "/files/"
THUMBS = "/thumbs/"
_DATE = "%Y%m%dT%H%M%SZ"


@dataclass(frozen=True)
class Served:
    """An answer to a download: its status, type and body."""

    status: int
    media_type: str
    body: bytes


def file_path(group: int, msg_num: int, number: int, filename: str) -> str:
    """Where an attachment lives, before signing."""
    return f"{FILES}{group}/{msg_num}/{number}/{quote(filename, safe='')}"


def thumb_path(group: int, msg_num: int, number: int) -> str:
    """Where an image attachment's thumbnail lives, before signing."""
    return f"{THUMBS}{group}/{msg_num}/{number}.png"


class Signer:
    """Signs paths into URLs that expire, and checks them."""

    def __init__(self, seed: int, lifetime: float) -> None:
        self._key = hashlib.sha256(f"demo-files-{seed}".encode()).digest()
        self.lifetime = max(1, int(lifetime))

    def _signature(self, path: str, date: str, expires: int) -> str:
        text = f"{path}\n{date}\n{expires}".encode()
        return hmac.new(self._key, text, hashlib.sha256).hexdigest()[:32]

    def sign(self, origin: str, path: str, now_ns: int) -> str:
        """The URL of `path` on `origin`, valid for `lifetime` seconds from `now_ns`."""
        date = _format(now_ns)
        signature = self._signature(path, date, self.lifetime)
        return (
            f"{origin}{path}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date={date}"
            f"&X-Amz-Expires={self.lifetime}&X-Amz-Signature={signature}"
        )

    def check(self, path: str, params: dict[str, str], now_ns: int) -> str | None:
        """None when the query signs `path` and has not expired; else S3's error code."""
        date = params.get("X-Amz-Date", "")
        try:
            expires = int(params.get("X-Amz-Expires", ""))
            issued = _parse(date)
        except ValueError:
            return "AuthorizationQueryParametersError"
        expected = self._signature(path, date, expires)
        if not hmac.compare_digest(expected, params.get("X-Amz-Signature", "")):
            return "SignatureDoesNotMatch"
        if now_ns > issued + expires * NS_PER_SECOND:
            return "AccessDenied"
        return None


def signed(message: dict[str, Any], origin: str, signer: Signer, now_ns: int) -> dict[str, Any]:
    """The message with its attachments' paths signed into URLs on `origin`."""
    if not message.get("attachments"):
        return message
    attachments = []
    for item in message["attachments"]:
        thumb = item["image_thumbnail_url"]
        attachments.append(
            {
                **item,
                "download_url": signer.sign(origin, item["download_url"], now_ns),
                "image_thumbnail_url": signer.sign(origin, thumb, now_ns) if thumb else "",
            }
        )
    return {**message, "attachments": attachments}


def answer(path: str, params: dict[str, str], signer: Signer, world: Any) -> Served:
    """The file a signed path names, or S3's kind of refusal."""
    from . import files  # (the files themselves only when one is asked for)

    problem = signer.check(path, params, world.current_ns())
    if problem is not None:
        words = "Request has expired" if problem == "AccessDenied" else problem
        return _error(403, problem, words)
    found = _attachment(path, world)
    if found is None:
        return _error(404, "NoSuchKey", "The specified key does not exist.")
    filename, media_type = found
    if path.startswith(THUMBS):
        if not media_type.startswith("image/"):
            return _error(404, "NoSuchKey", "No thumbnail for this file.")
        return Served(200, "image/png", files.thumbnail(media_type))
    return Served(200, media_type, files.body(filename, media_type))


def _attachment(path: str, world: Any) -> tuple[str, str] | None:
    """The (file name, type) of the attachment a path names, if it has been posted."""
    parts = path.split("/")
    try:
        if path.startswith(FILES) and len(parts) == 6:
            group, msg_num, number = int(parts[2]), int(parts[3]), int(parts[4])
        elif path.startswith(THUMBS) and len(parts) == 5 and parts[4].endswith(".png"):
            group, msg_num = int(parts[2]), int(parts[3])
            number = int(parts[4].removesuffix(".png"))
        else:
            return None
    except ValueError:
        return None
    if not 1 <= group <= len(world.groups):
        return None
    spec = world.groups[group - 1]
    if not 1 <= msg_num <= world.posted(spec).messages:
        return None
    message = world.data(spec).messages.message(msg_num - 1)
    attachments = message["attachments"]
    if not 0 <= number < len(attachments):
        return None
    item = attachments[number]
    if path.startswith(FILES) and unquote(parts[5]) != item["filename"]:
        return None
    return item["filename"], item["media_type"]


def _error(status: int, code: str, words: str) -> Served:
    body = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code>'
        f"<Message>{words}</Message></Error>"
    )
    return Served(status, "application/xml", body.encode())


def _format(ns: int) -> str:
    import time

    return time.strftime(_DATE, time.gmtime(ns // NS_PER_SECOND))


def _parse(date: str) -> int:
    import calendar
    import time

    return calendar.timegm(time.strptime(date, _DATE)) * NS_PER_SECOND
