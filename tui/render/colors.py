"""Colours that come from the data (hashtag and member-label ``color_hex``)."""

from __future__ import annotations

import re

from rich.color import Color, ColorParseError
from rich.style import Style
from rich.text import Text

from .safety import clean

__all__ = ["chip", "contrast_ratio", "parse_hex", "readable_foreground"]

RGB = tuple[int, int, int]

_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_BLACK: RGB = (0, 0, 0)
_WHITE: RGB = (255, 255, 255)


def parse_hex(color_hex: str | None) -> RGB | None:
    """Parse ``"#1a2b3c"``, ``"1a2b3c"``, ``"#abc"`` or ``"abc"``; anything else is None."""
    if not color_hex:
        return None
    match = _HEX.fullmatch(color_hex.strip())
    if match is None:
        return None
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    value = int(digits, 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white)."""
    r, g, b = (_channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio between two colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_foreground(rgb: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``rgb`` (black on a tie)."""
    if contrast_ratio(rgb, _BLACK) >= contrast_ratio(rgb, _WHITE):
        return _BLACK
    return _WHITE


def _fallback_rgb(name: str) -> RGB:
    try:
        triplet = Color.parse(name).get_truecolor()
    except ColorParseError:
        triplet = Color.parse("magenta").get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def chip(label: str, color_hex: str | None, *, fallback: str = "magenta") -> Text:
    """A label chip such as ``" #bug "`` on its data colour, readable without colour too.

    The style is the colours swapped plus ``reverse``: in colour it looks like a plain
    coloured chip, and where colour is stripped (NO_COLOR) the terminal still draws it in
    reverse video. The padding spaces keep it apart from neighbouring words either way.
    """
    background = parse_hex(color_hex) or _fallback_rgb(fallback)
    foreground = readable_foreground(background)
    style = Style(
        color=Color.from_rgb(*background),
        bgcolor=Color.from_rgb(*foreground),
        reverse=True,
    )
    return Text(f" {clean(label).strip()} ", style=style, end="")
