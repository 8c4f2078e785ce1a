"""The pictures of one message in a thread: its image attachments and the images of its
HTML, each waiting to be fetched, drawn, or replaced by a note that says why not.

Which may be fetched is the `PicturePolicy`'s to say: a `data:` URL is read where it is,
an image on the service's own origin (or a path on it) is fetched, and one on any other
host only when the reader allows it (else "[picture from example.com, not loaded]": a
picture from elsewhere tells that host the message was read).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urljoin, urlsplit

from rich.text import Text

from ...api.download import allowed, same_origin
from ..safety import clean

if TYPE_CHECKING:
    from ...api.models.messages import Attachment, Message
    from ..document import Document
    from ..kitty_images import KittyImages

State = Literal["wanted", "loading", "drawn", "note"]
PICTURE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"})


@dataclass(frozen=True)
class PicturePolicy:
    """Where pictures may come from: the service's origin, and other hosts if `remote`;
    `kitty`: the terminal's pictures, where they are drawn with Kitty's placeholders;
    `sharp`: a sharper copy is kept too (drawn over the half blocks, `render.inline_images`)."""

    origin: str
    remote: bool = False
    kitty: KittyImages | None = field(default=None, compare=False)
    sharp: bool = False

    def source(self, src: str) -> tuple[str, str]:
        """(the URL to fetch, "") or ("", the note said instead)."""
        if src.lower().startswith("data:"):
            return src, ""
        try:
            url = urljoin(self.origin.rstrip("/") + "/", src)
            host = urlsplit(url).hostname or ""
        except ValueError:
            return "", "[picture: not a web address, not loaded]"
        if same_origin(url, self.origin):
            return url, ""
        if not self.remote:
            return "", f"[picture from {clean(host)[:80]}, not loaded]"
        problem = allowed(url)
        return (url, "") if problem is None else ("", f"[picture not loaded: {clean(problem)}]")


@dataclass(eq=False)
class PictureSpot:
    """One picture of a message: what it is called, where it comes from, and how far it
    has got (`wanted` until it is on screen, `loading`, then `drawn` or a `note`)."""

    key: str  # what the cache file keeps it under (a signed link changes: its id does not)
    name: str
    url: str
    attachment: Attachment | None = None  # an attachment's thumbnail: its link expires
    state: State = "wanted"
    note: str = ""
    picture: Any = None  # the small copy (a Pillow image) once decoded
    kitty: KittyImages | None = None  # drawn with Kitty's placeholders (`render.kitty`)
    png: bytes | None = None  # what the terminal is sent (Kitty's, or over the half blocks)
    sharp: bool = False  # the PNG is wanted though it is not Kitty's
    image_id: int = 0  # its id there, once drawn
    _drawn: tuple[int, list[Text]] = field(default=(0, []), repr=False)

    def take(self, picture: Any, png: bytes | None = None) -> None:
        """The decoded picture (and its PNG for Kitty), or the words (a str) saying why
        there is none."""
        if isinstance(picture, str):
            self.state, self.note = "note", f"[picture: {clean(self.name)[:80]}, {picture}]"
        else:
            self.state, self.picture, self.png = "drawn", picture, png
        self._drawn = (0, [])

    def lines(self, width: int) -> list[Text]:
        """The picture's lines at this width (a line of words until it is drawn)."""
        if self.state == "drawn":
            if self._drawn[0] != width:
                self._drawn = (width, self._draw(width))
            return self._drawn[1]
        if self.state == "note":
            return [Text(self.note, style="dim italic")]
        return [Text(f"[picture: {clean(self.name)[:80]}, loading…]", style="dim italic")]

    def _draw(self, width: int) -> list[Text]:
        if self.kitty is None or self.png is None:
            from ..picture import half_blocks

            return half_blocks(self.picture, width)
        from ..kitty import placeholders
        from ..picture import footprint

        # Placed here, as its cells are laid out: the command is queued before the frame
        # that first draws them, and the box always matches the cells drawn.
        columns, lines = footprint(self.picture.size, width)
        self.image_id = self.image_id or self.kitty.new_id()
        self.kitty.show(self.image_id, self.png, columns, lines)
        return placeholders(self.image_id, columns, lines)


def attachment_spot(attachment: Attachment, policy: PicturePolicy) -> PictureSpot | None:
    """The picture of an image attachment (its thumbnail where the service has one)."""
    media_type = attachment.media_type.split(";")[0].strip().lower()
    if media_type not in PICTURE_TYPES:
        return None
    name = attachment.filename or "picture"
    key = f"attachment:{attachment.id}:{'thumbnail' if attachment.image_thumbnail_url else 'file'}"
    url, note = policy.source(attachment.image_thumbnail_url or attachment.download_url)
    spot = PictureSpot(key, name, url, attachment, kitty=policy.kitty, sharp=policy.sharp)
    if note:
        spot.state, spot.note = "note", note
    return spot


def body_spots(document: Document, policy: PicturePolicy) -> list[PictureSpot]:
    """The pictures of a message's HTML, each source once, those of quotes left out (they
    are the quoted message's)."""
    spots: list[PictureSpot] = []
    seen: set[str] = set()
    for picture in document.pictures:
        if picture.quoted or picture.src in seen:
            continue
        seen.add(picture.src)
        url, note = policy.source(picture.src)
        key = picture.src
        if url.startswith("data:"):
            key = "data:" + hashlib.sha256(url.encode("utf-8", "replace")).hexdigest()
        spot = PictureSpot(
            key, picture.alt or "picture", url, kitty=policy.kitty, sharp=policy.sharp
        )
        if note:
            spot.state, spot.note = "note", note
        spots.append(spot)
    return spots


def message_spots(message: Message, policy: PicturePolicy) -> list[PictureSpot | None]:
    """A spot for each attachment of the message (None for one that is not a picture)."""
    return [attachment_spot(attachment, policy) for attachment in message.attachments]
