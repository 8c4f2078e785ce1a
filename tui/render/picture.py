"""Pictures as terminal cells: decoded within bounds, drawn as coloured half blocks (or
re-encoded for Kitty's placeholders, `render.kitty`, in the same footprint).

Pillow is imported here only when a picture is decoded: nothing of it is on the way to
the first paint (tests/test_startup_imports.py). A file that is not a picture, too big to
decode, a decompression bomb or cut short becomes a note in words, never an error; what is
kept of a picture is a small copy, a few kilobytes, drawn again at each width (and, for a
Kitty terminal, a PNG of at most 960 by 288 pixels made from the decoded pixels).
"""

from __future__ import annotations

import base64
import binascii
import io
from collections.abc import Callable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, TypeVar

from rich.color import Color
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from PIL.Image import Image

T = TypeVar("T")

MOST_PIXELS = 16_000_000  # a picture with more is not decoded (about 48 MB as RGB)
MOST_BYTES = 8 * 1024 * 1024  # a picture's file, fetched or in a data: URL
ROWS = 12  # the most lines a picture takes
KEPT = (240, 2 * ROWS)  # the small copy kept: the widest drawn, two pixels a line
SHARP = (960, 24 * ROWS)  # the copy a Kitty terminal is sent: about 24 pixels a line
UPPER_HALF = "▀"
_FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP")
_BACKDROP = (32, 32, 32)  # what shows through a transparent picture


def data_url_bytes(url: str) -> bytes | str:
    """The bytes of a base64 `data:` URL, or why there are none."""
    head, _, payload = url.partition(",")
    if ";base64" not in head.lower():
        return "not a picture"
    if len(payload) > MOST_BYTES * 4 // 3 + 4:
        return "too big to draw"
    try:
        return base64.b64decode(payload, validate=False)
    except (binascii.Error, ValueError):
        return "damaged"


def decode(data: bytes) -> Image | str:
    """A small copy of the picture in `data`, or what is wrong with it in a few words."""
    return _guarded(data, _small_copy)


def decode_sharp(data: bytes) -> tuple[Image, bytes] | str:
    """The small copy (it sets the picture's footprint) and a sharper one re-encoded as a
    PNG of at most SHARP pixels (what a Kitty terminal is sent), or what is wrong."""
    small = decode(data)
    if isinstance(small, str):
        return small
    png = _guarded(data, _sharp_png)
    return png if isinstance(png, str) else (small, png)


def _guarded(data: bytes, make: Callable[[Image], T]) -> T | str:
    """`make` of the picture in `data`, opened within bounds, or what is wrong with it."""
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    _quiet_pillow()
    try:
        picture = PILImage.open(io.BytesIO(data), formats=_FORMATS)
        width, height = picture.size
        if width * height > MOST_PIXELS:
            return f"too big to draw ({width:,} by {height:,} pixels)"
        return make(picture)
    except UnidentifiedImageError:
        return "not a picture"
    except PILImage.DecompressionBombError:
        return "too big to draw"
    except MemoryError:
        return "too big to draw"
    except Exception as error:  # a hostile file may fail anywhere in a decoder: a note
        return "damaged" if isinstance(error, OSError | SyntaxError | EOFError) else "unreadable"


def _small_copy(picture: Image) -> Image:
    from PIL import Image as PILImage

    picture.draft("RGB", KEPT)  # a JPEG is decoded at a fraction of its size
    picture.thumbnail(KEPT)
    if _transparent(picture):
        backdrop = PILImage.new("RGB", picture.size, _BACKDROP)
        backdrop.paste(picture.convert("RGBA"), mask=picture.convert("RGBA"))
        return backdrop
    return picture.convert("RGB")


def _sharp_png(picture: Image) -> bytes:
    picture.draft("RGB", SHARP)
    picture.thumbnail(SHARP)
    from PIL import Image as PILImage

    # Only the pixels are sent: a fresh image of them, as `convert` keeps the served file's
    # `info` (its colour profile, dpi) and the PNG encoder would write that back out.
    converted = picture.convert("RGBA" if _transparent(picture) else "RGB")
    pixels = PILImage.frombytes(converted.mode, converted.size, converted.tobytes())
    out = io.BytesIO()
    pixels.save(out, format="PNG")
    return out.getvalue()


def _transparent(picture: Image) -> bool:
    return picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info


@cache
def _quiet_pillow() -> None:
    """Pillow warns of pictures over its own limit; ours is lower and checked first, and a
    warning printed on the reader's screen would draw over it."""
    import warnings

    from PIL import Image as PILImage

    warnings.filterwarnings("ignore", category=PILImage.DecompressionBombWarning)


def footprint(size: tuple[int, int], width: int, rows: int = ROWS) -> tuple[int, int]:
    """The columns and lines the picture whose small copy is `size` takes at `width`: the
    same drawn in half blocks or by Kitty, so a thread's lines do not depend on how."""
    columns, height = _grid(size, width, rows)
    return columns, (height + height % 2) // 2


def _grid(size: tuple[int, int], width: int, rows: int) -> tuple[int, int]:
    """Columns, and pixels down (two a line), the small copy is drawn in."""
    wide, high = size
    columns = max(1, min(width, wide))
    height = max(1, round(high * columns / wide))
    if height > 2 * rows:
        height = 2 * rows
        columns = max(1, round(wide * height / high))
    return columns, height


def half_blocks(picture: Image, width: int, rows: int = ROWS) -> list[Text]:
    """The picture in at most `width` cells and `rows` lines, two pixels a cell (the upper
    half block in one colour, the cell's background in the other)."""
    from PIL import Image as PILImage

    columns, height = _grid(picture.size, width, rows)
    small = picture.resize((columns, height + height % 2), PILImage.Resampling.BOX)
    raw = small.convert("RGB").tobytes()  # r, g, b by rows
    row = 3 * columns
    lines = []
    for top in range(0, small.height, 2):
        line = Text(end="")
        upper, lower = top * row, (top + 1) * row
        for x in range(0, row, 3):
            colour = (raw[upper + x], raw[upper + x + 1], raw[upper + x + 2])
            below = (raw[lower + x], raw[lower + x + 1], raw[lower + x + 2])
            line.append(UPPER_HALF, _style(colour, below))
        lines.append(line)
    return lines


@lru_cache(maxsize=8192)
def _style(colour: tuple[int, int, int], below: tuple[int, int, int]) -> Style:
    return Style(color=Color.from_rgb(*colour), bgcolor=Color.from_rgb(*below))
