"""Rich styles for message text.

Named ANSI colours only, so they follow the user's terminal theme; each one also differs
by an attribute (bold, italic, underline, dim) so NO_COLOR output still tells them apart.
"""

from __future__ import annotations

from rich.style import Style

BOLD = Style(bold=True)
ITALIC = Style(italic=True)
CODE = Style(color="green")
STRIKE = Style(strike=True)
LINK = Style(underline=True)
REF = Style(color="cyan", dim=True)
IMAGE = Style(color="magenta", italic=True)
BULLET = Style(bold=True)
HEADINGS = {
    1: Style(bold=True, underline=True),
    2: Style(bold=True),
}
HEADING = Style(bold=True, italic=True)
RULE = Style(dim=True)
TABLE_HEADER = Style(bold=True)
TABLE_GRID = Style(dim=True)
SIGNATURE = Style(dim=True)
QUOTE_TEXT = Style(dim=True)  # a reply's quoted words, beside their bars
FOLD = Style(dim=True, italic=True)
LINK_NUMBER = Style(color="cyan")
LINK_URL = Style(underline=True)
QUOTE_BARS = (
    Style(color="blue"),
    Style(color="green"),
    Style(color="magenta"),
    Style(color="yellow"),
)
