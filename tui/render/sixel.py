"""Sixel, made from a picture's pixels: at most 256 colours (Pillow's quantizer), each
band of six pixel rows drawn a colour at a time, runs of one sixel shortened to `!n`
(the DEC VT330/340 programmer's reference, chapter 14). Pillow has no Sixel writer.

A column's six pixels of one colour are one character, 63 plus their bits (the top pixel
the lowest bit): each band's rows are turned into those bits for a colour at once, by
`bytes.translate` and big-integer OR, so the work is C's, not a loop per pixel.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL.Image import Image

COLOURS = 256
# The raster attributes' fill is left out (P2=1): pixels not drawn keep what is under them.
START = "\x1bP0;1;0q"
END = "\x1b\\"
_RUN = re.compile(rb"(.)\1{3,}")  # four or more: `!n` and the sixel are no longer
_SIXEL = bytes((value + 63) & 0xFF for value in range(256))


@cache
def _bit(colour: int, row: int) -> bytes:
    """A `translate` table that makes `colour` the bit of pixel row `row` and all else 0."""
    table = bytearray(256)
    table[colour] = 1 << row
    return bytes(table)


def _shorten(run: re.Match[bytes]) -> bytes:
    return b"!%d%c" % (len(run[0]), run[0][0])


def encode(indices: bytes, width: int, height: int, palette: list[tuple[int, int, int]]) -> str:
    """A picture of `width` by `height` pixels, each a colour index into `palette` (by rows),
    as a Sixel sequence, DCS to ST."""
    out = [START, f'"1;1;{width};{height}']
    for number, (red, green, blue) in enumerate(palette):
        percent = (round(red * 100 / 255), round(green * 100 / 255), round(blue * 100 / 255))
        out.append(f"#{number};2;{percent[0]};{percent[1]};{percent[2]}")
    bands = []
    for top in range(0, height, 6):
        rows = [indices[y * width : (y + 1) * width] for y in range(top, min(top + 6, height))]
        drawn = []
        for colour in sorted(set(b"".join(rows))):
            bits = 0
            for row, pixels in enumerate(rows):
                if colour in pixels:
                    bits |= int.from_bytes(pixels.translate(_bit(colour, row)), "big")
            sixels = bits.to_bytes(width, "big").translate(_SIXEL).rstrip(b"?")
            drawn.append(b"#%d%s" % (colour, _RUN.sub(_shorten, sixels)))
        bands.append(b"$".join(drawn).decode("ascii"))
    out.append("-".join(bands))
    out.append(END)
    return "".join(out)


def sixel(picture: Image, width: int, height: int) -> str:
    """`picture` stretched to `width` by `height` pixels, as Sixel in at most 256 colours."""
    from PIL import Image as PILImage

    sized = picture.convert("RGB").resize((width, height), PILImage.Resampling.LANCZOS)
    quantized = sized.quantize(COLOURS, PILImage.Quantize.FASTOCTREE)
    indices = quantized.tobytes()
    flat = quantized.getpalette() or []
    used = max(indices, default=0) + 1
    palette = [(flat[3 * n], flat[3 * n + 1], flat[3 * n + 2]) for n in range(used)]
    return encode(indices, width, height, palette)
