"""Pictures the demo serves, drawn in pure Python and written as PNG (no image library):
a landscape in several colours, its thumbnail, and PNGs built to hurt a decoder."""

from __future__ import annotations

import functools
import math
import struct
import zlib
from collections.abc import Callable

Pixel = tuple[int, int, int]


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def _header(width: int, height: int, colour_type: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)


def png(width: int, height: int, pixel: Callable[[float, float], Pixel]) -> bytes:
    """An RGB PNG whose pixel at (x, y) is `pixel(x / width, y / height)`."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows.extend(pixel(x / width, y / height))
    data = zlib.compress(bytes(rows), 9)
    return _header(width, height, 2) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def landscape(u: float, v: float) -> Pixel:
    """A sunset over hills and a lake, in coordinates from 0 to 1."""
    sun = math.hypot(u - 0.72, (v - 0.3) * 1.6)
    hill = 0.55 + 0.08 * math.sin(u * 9.0) + 0.05 * math.sin(u * 23.0 + 1.0)
    far_hill = 0.45 + 0.06 * math.sin(u * 5.0 + 2.0)
    if v > 0.8:  # the lake, with the sun's reflection
        glow = max(0.0, 1.0 - abs(u - 0.72) * 8.0) * (1.0 - (v - 0.8) * 4.0)
        return (int(30 + 200 * glow), int(60 + 120 * glow), int(140 - 40 * glow))
    if v > hill:
        shade = (v - hill) / max(0.01, 0.8 - hill)
        return (int(40 + 30 * shade), int(140 - 60 * shade), int(50 - 20 * shade))
    if v > far_hill:
        return (70, 90, 130)
    if sun < 0.09:
        return (255, 230, 90)
    return (int(90 + 160 * v), int(90 + 60 * v), int(200 - 140 * v))


def wiring(u: float, v: float) -> Pixel:
    """A board with coloured wires: the JPEG's scene (tests/demo check it stays the same)."""
    wires = (
        (0.2, (220, 40, 40)),
        (0.4, (40, 160, 60)),
        (0.6, (40, 90, 220)),
        (0.8, (240, 200, 40)),
    )
    for height, colour in wires:
        if abs(v - height - 0.08 * math.sin(u * 6.0 + height * 7.0)) < 0.035:
            return colour
    grid = (int(u * 16) + int(v * 12)) % 2
    return (150, 150, 140) if grid else (170, 170, 160)


@functools.cache
def scene(width: int, height: int) -> bytes:
    """The landscape as a PNG of this size."""
    return png(width, height, landscape)


@functools.cache
def bomb(side: int) -> bytes:
    """A grey PNG of side x side pixels, all black: a few kilobytes that unpack to side²."""
    packer = zlib.compressobj(9)
    row = bytes(side + 1)
    parts = [packer.compress(row) for _ in range(side)]
    data = b"".join(parts) + packer.flush()
    return _header(side, side, 0) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


@functools.cache
def oversized(side: int) -> bytes:
    """A PNG header claiming side x side pixels, followed by a few rows: refused unread."""
    packer = zlib.compressobj(9)
    data = packer.compress(bytes(side + 1) * 4) + packer.flush(zlib.Z_SYNC_FLUSH)
    return _header(side, side, 0) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def truncated() -> bytes:
    """The landscape cut off part way through its pixels."""
    whole = scene(160, 100)
    return whole[: len(whole) * 3 // 5]
