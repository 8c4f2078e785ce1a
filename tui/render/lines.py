"""Read the converter's marked text into typed lines with Rich styling.

Every line of the intermediate becomes one ``RawLine``: its quote level as written, its
content as a ``Line`` (Rich ``Text`` with styles, indentation, tables parsed), and the
plain words for the pattern matching done by ``quotelines``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from rich.cells import cell_len
from rich.control import STRIP_CONTROL_CODES
from rich.style import Style
from rich.text import Span, Text

from . import markers, styles
from .document import Line, TableData

__all__ = ["RawLine", "parse_lines"]

Control = Literal["", "quote", "sig_start", "sig_end"]

_INLINE = re.compile(markers.SUB + r"(L[^\x1a]*\x1a;|.)", re.DOTALL)
_CONTROLS: dict[str, Control] = {
    markers.QUOTE_START: "quote",
    markers.SIG_START: "sig_start",
    markers.SIG_END: "sig_end",
}
_TOGGLES = {
    "B": ("bold", 1), "b": ("bold", -1), "I": ("italic", 1), "i": ("italic", -1),
    "C": ("code", 1), "c": ("code", -1), "X": ("strike", 1), "x": ("strike", -1),
    "K": ("ref", 1), "k": ("ref", -1), "M": ("image", 1), "m": ("image", -1),
}  # fmt: skip
_STYLE_OF = {
    "bold": styles.BOLD, "italic": styles.ITALIC, "code": styles.CODE,
    "strike": styles.STRIKE, "ref": styles.REF, "image": styles.IMAGE,
}  # fmt: skip
_LEAD = " \xa0\t"
_PREFIX = re.compile(r"(?:[ \xa0\t]*> ?|\x1a )*")
# "a&nbsp; b" is two spaces in a browser but reads as a typo here; longer runs are
# someone lining up columns with &nbsp; and stay.
_DOUBLE_SPACE = re.compile(r"(?<! ) {2}(?! )")
# The control characters Rich removes from appended text.
_RICH_STRIPS = re.compile("[" + "".join(map(chr, STRIP_CONTROL_CODES)) + "]")


@dataclass
class RawLine:
    """A parsed line before quote resolution."""

    depth: int
    line: Line
    plain: str = ""
    control: Control = ""


@dataclass
class _Inline:
    """Open inline marks, carried across lines (a <b> may span several)."""

    counts: dict[str, int] = field(default_factory=dict)
    links: list[str] = field(default_factory=list)
    cache: dict[tuple[object, ...], Style] = field(default_factory=dict)
    current: Style | None = None  # style() until the next mark

    def style(self) -> Style:
        if self.current is not None:
            return self.current
        active = tuple(sorted(name for name, count in self.counts.items() if count > 0))
        href = self.links[-1] if self.links else ""
        key = (active, href)
        if key not in self.cache:
            style = Style.combine([Style(), *(_STYLE_OF[name] for name in active)])
            if href:
                style += styles.LINK + Style(meta={"href": href})
            self.cache[key] = style
        self.current = self.cache[key]
        return self.current

    def apply(self, code: str) -> None:
        self.current = None
        if code.startswith("L"):
            self.links.append(code[1:-2])
        elif code == "l":
            if self.links:
                self.links.pop()
        elif code in _TOGGLES:
            name, step = _TOGGLES[code]
            self.counts[name] = max(0, self.counts.get(name, 0) + step)


def _inline_text(source: str, state: _Inline, base: Style | None = None) -> Text:
    if _RICH_STRIPS.search(source):  # Text.append would drop them and shift the spans
        return _appended_text(source, state, base)
    pieces: list[str] = []
    spans: list[Span] = []
    position = offset = 0
    for match in _INLINE.finditer(source) if markers.SUB in source else ():
        start = match.start()
        if start > position:
            offset = _add_piece(source[position:start], state.style(), pieces, spans, offset)
        state.apply(match.group(1))
        position = match.end()
    if position < len(source):
        _add_piece(source[position:], state.style(), pieces, spans, offset)
    text = Text("".join(pieces), end="", spans=spans)
    if base is not None:
        text.stylize_before(base)
    return text


def _add_piece(piece: str, style: Style, pieces: list[str], spans: list[Span], offset: int) -> int:
    """What ``Text.append(piece, style)`` does, without building the Text yet."""
    end = offset + len(piece)
    if style:
        spans.append(Span(offset, end, style))
    pieces.append(piece)
    return end


def _appended_text(source: str, state: _Inline, base: Style | None) -> Text:
    text = Text(end="")
    position = 0
    for match in _INLINE.finditer(source):
        if match.start() > position:
            text.append(source[position : match.start()], state.style())
        state.apply(match.group(1))
        position = match.end()
    if position < len(source):
        text.append(source[position:], state.style())
    if base is not None:
        text.stylize_before(base)
    return text


def _split_prefix(source: str) -> tuple[int, int, str]:
    """Quote depth, indent columns and the rest of a line."""
    prefix = _PREFIX.match(source)
    if prefix is None or not prefix.end():
        return 0, 0, source
    marks = prefix.group()
    return marks.count(">"), marks.count(markers.SUB), source[prefix.end() :]


def _cell(source: str, state: _Inline) -> Text:
    text = _inline_text(source.replace("\xa0", " "), state)
    lead = len(text.plain) - len(text.plain.lstrip())
    text = text[lead:] if lead else text
    text.rstrip()
    return text


def _table(source: str, state: _Inline) -> TableData | None:
    rows: list[tuple[Text, ...]] = []
    heads: list[bool] = []
    kind = ""
    for index, chunk in enumerate(re.split(r"\x1a([/%])", source)[1:]):
        if index % 2 == 0:
            kind = chunk
            continue
        cells = chunk.split(markers.CELL)
        cells = cells[1:] if not cells[0].strip() else cells
        row = tuple(_cell(cell, state) for cell in cells)
        if any(cell.plain for cell in row):
            rows.append(row)
            heads.append(kind == "%")
    title = None
    if len(rows) > 2 and sum(1 for cell in rows[0] if cell.plain) == 1:
        # A lone cell spanning the first row is the table's title.
        title = next(cell for cell in rows[0] if cell.plain)
        rows, heads = rows[1:], heads[1:]
    width = max((len(row) for row in rows), default=0)
    rows = [row + (Text(end=""),) * (width - len(row)) for row in rows]
    keep = [c for c in range(width) if any(row[c].plain for row in rows)]
    rows = [tuple(row[c] for c in keep) for row in rows]
    if not rows:
        return None
    return TableData(tuple(rows), header=heads[0] and len(rows) > 1, title=title)


def _content_line(content: str, indent: int, state: _Inline) -> Line:
    stripped = content.lstrip(_LEAD)
    lead = content[: len(content) - len(stripped)]
    # Spaces before a line are the source's formatting; &nbsp; there is the sender's own
    # indentation (Gmail writes code and aligned lists with "&nbsp; &nbsp; "): kept.
    keep = " " * len(lead.expandtabs(8)) if "\xa0" in lead else ""
    content = stripped.replace("\xa0", " ").rstrip()
    if "  " in content:
        content = _DOUBLE_SPACE.sub(" ", content)
    content = keep + content
    if not markers.strip_marks(content).strip():
        _inline_text(content, state)  # keep mark state balanced
        return Line("blank")
    if not content.startswith(markers.BULLET):
        return Line("text", _inline_text(content, state), indent)
    mark, _, content = content[len(markers.BULLET) :].partition(" ")
    bullet = Text(mark + " ", style=styles.BULLET, end="")
    return Line("text", bullet + _inline_text(content, state), indent, cell_len(bullet.plain))


def _parse_line(source: str, state: _Inline) -> RawLine:
    depth, indent, content = _split_prefix(source)
    mark = content[:2]
    if mark in _CONTROLS:
        return RawLine(depth, Line("blank"), control=_CONTROLS[mark])
    if mark == markers.HEADING and content[2:3].isdigit():
        level = int(content[2])
        style = styles.HEADINGS.get(level, styles.HEADING)
        line = Line("heading", _inline_text(content[3:].strip(), state, style), indent)
    elif mark == markers.PRE:
        text = _inline_text(content[2:].replace("\xa0", " "), state, styles.CODE)
        line = Line("code", text, indent)
    elif mark == markers.VERBATIM:
        body = content[2:].replace("\xa0", " ").rstrip()
        lead = len(body) - len(body.lstrip(" "))
        line = Line("verbatim", _inline_text(body, state), indent, lead) if body else Line("blank")
    elif mark == markers.RULE:
        line = Line("rule", Text("─" * 20, style=styles.RULE, end=""), indent)
    elif mark == markers.TABLE:
        table = _table(content[2:], state)
        line = Line("table", indent=indent, table=table) if table else Line("blank")
    elif mark == markers.BLANK:
        line = Line("blank")
    else:
        line = _content_line(content, indent, state)
    return RawLine(depth, line, " ".join(line.text.plain.split()))


def parse_lines(marked: str) -> list[RawLine]:
    """Parse the whole intermediate text."""
    state = _Inline()
    return [_parse_line(source, state) for source in marked.split("\n")]
