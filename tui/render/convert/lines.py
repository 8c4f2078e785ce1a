"""Typed lines built as the walker goes: inline text with styles, gaps, quote depth.

The walker calls ``text`` for text and ``block``/``end_block`` at element edges, as a
browser's block layout would: collapsible whitespace becomes one space and none at a
line's edges, a block starts a new line, and a paragraph's margin is one blank line
(margins between neighbours collapse into one). Each finished line is a ``RawLine``: its
quote depth as far as the markup says, a ``Line`` with Rich styles, and its words for the
textual rules of ``quotelines``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rich.cells import cell_len
from rich.style import Style
from rich.text import Span, Text

from .. import styles
from ..document import Line, LineKind, TableData
from ..safety import clean
from .spacing import clipped, finished

__all__ = ["BLANK", "Control", "LineBuilder", "RawLine"]

Control = Literal["", "quote", "sig_start", "sig_end"]

BLANK = Line("blank")  # an empty line a <br> made: dropped at a block's edge
_SOLID = Line("blank")  # an empty line that is a block's whole content: always kept
_COLLAPSIBLE = re.compile(r"[ \t\n\r\f]+")
_RULE = Text("─" * 20, style=styles.RULE, end="")


@dataclass(slots=True)
class RawLine:
    """A line before quote resolution: depth as marked up, a control, or content."""

    depth: int
    line: Line
    plain: str = ""
    control: Control = ""


class LineBuilder:
    """Collects the lines of one body (or one table cell, with ``inline``)."""

    def __init__(self, *, inline: bool = False) -> None:
        self.lines: list[RawLine] = []
        self.depth = 0
        self.indent = 0
        self.inline = int(inline)  # > 0: blocks and breaks are spaces (cells, headings)
        self.pre = 0
        self.kind: LineKind = "text"
        self.base: Style | None = None  # a heading's style, under its inline styles
        self.styles: list[Style | None] = [None]  # the current inline style is the last
        self.link_words: list[str] | None = None
        self._pieces: list[str] = []
        self._spans: list[Span] = []
        self._length = 0
        self._space: tuple[Style | None, ...] | None = None  # a pending collapsed space
        self._open: list[tuple[int, int]] = []  # open blocks: gap before, lines before them
        self._after = 0  # the gap after the outermost block closed since the last line
        self._bullet: Text | None = None  # the open list item's, until its first line
        self._bullet_at = 0  # the indentation of the line the bullet starts
        self._items: list[int] = []  # open list items: the indentation each adds
        self._pre_lines: list[Text] = []

    # Inline content -----------------------------------------------------------------

    def text(self, text: str) -> None:
        """Text from the document (already cleaned); whitespace collapses outside ``<pre>``."""
        if self.pre:
            self._pre_text(text)
            return
        collapsed = _COLLAPSIBLE.sub(" ", text)
        if not collapsed.isprintable():
            collapsed = clean(collapsed)
        if self.link_words is not None:
            self.link_words.append(collapsed)
        if collapsed[:1] == " ":
            self.space()
            collapsed = collapsed[1:]
        if not collapsed:
            return
        trailing = collapsed[-1] == " "
        self._add(collapsed[:-1] if trailing else collapsed, self.styles[-1])
        if trailing:
            self.space()

    def atom(self, text: str, style: Style) -> None:
        """Text the converter writes (an image's label, a link's number), as it is."""
        current = self.styles[-1]
        self._add(text, style if current is None else current + style)

    def suffix(self, text: str, style: Style) -> None:
        """Text that ends what came before, with no space (a link's number after its words).

        When a block inside the link ended its line, the text joins that line.
        """
        if self._length:
            space, self._space = self._space, None
            last = self._pieces[-1]
            words = last.rstrip(" \xa0")  # "<a>here&nbsp;</a>": the number after "here"
            if words and words != last:
                self._unadd(len(last) - len(words))
            self._add(text, style)
            if words and words != last:
                self._add(last[len(words) :], None)
            self._space = space
            return
        previous = self.lines[-1] if self.lines else None
        if previous is None or previous.line.kind not in ("text", "heading") or previous.control:
            self._add(text, style)
            return
        line = previous.line
        joined = line.text + Text(text, style=style, end="")
        previous.line = Line(line.kind, joined, line.indent, line.hang)
        previous.plain = " ".join(joined.plain.split())

    def _unadd(self, count: int) -> None:
        """Take the last ``count`` characters off the line."""
        self._pieces[-1] = self._pieces[-1][:-count]
        self._length -= count
        if self._spans and self._spans[-1].end > self._length:
            last = self._spans.pop()
            if last.start < self._length:
                self._spans.append(Span(last.start, self._length, last.style))

    def space(self) -> None:
        """A collapsible space: drawn only between two pieces of text on one line."""
        if self._space is None and self._length:
            self._space = tuple(self.styles)

    def push_style(self, style: Style) -> None:
        current = self.styles[-1]
        self.styles.append(style if current is None else current + style)

    def pop_style(self) -> None:
        if len(self.styles) > 1:
            self.styles.pop()

    def _add(self, text: str, style: Style | None) -> None:
        if self._space is not None:
            self._add_space()
        start = self._length
        self._pieces.append(text)
        self._length += len(text)
        if style is not None:
            self._spans.append(Span(start, self._length, style))

    def _add_space(self) -> None:
        # The space belongs to the inline elements it was in that are still open: "<b>a
        # </b>b" gives an unstyled space, "<a>two words</a>" an underlined one.
        then, now = self._space or (), self.styles
        common = 0
        while common < len(then) and common < len(now) and then[common] is now[common]:
            common += 1
        self._space = None
        style = now[common - 1] if common else None
        start = self._length
        self._pieces.append(" ")
        self._length += 1
        if style is not None:
            self._spans.append(Span(start, self._length, style))

    # Blocks -------------------------------------------------------------------------

    def block(self, gap: int) -> None:
        """A block starts; ``gap`` blank lines before it, unless it opens its container.

        Margins work as markdownify's do: between two neighbours the larger wins, and a
        container's first and last child lend it none (the container's own count).
        """
        if self.inline:
            self.space()
            return
        if self.pre:
            self._pre_break()
            return
        if self._length:
            self.flush()
        self._open.append((gap, len(self.lines)))

    def end_block(self, gap: int) -> None:
        """A block ends; ``gap`` blank lines after it if it held anything."""
        if self.inline:
            self.space()
            return
        if self.pre:
            self._pre_break()
            return
        if self._length:
            self.flush()
        if self._open:
            _, before = self._open.pop()
            if len(self.lines) > before:
                if self.lines[-1].line is BLANK:
                    self._drop_blanks(before, trailing=True)
                self._after = gap

    def _drop_blanks(self, start: int, *, trailing: bool) -> bool:
        """Empty lines (``<br>``s) at a block's edge, unless the block holds nothing else.

        As markdownify trims a block's text: "wrote:<br><br></blockquote>" ends at
        "wrote:", while "<div><br></div>" stays one empty line. Returns whether the
        block held only such lines (all dropped, when leading).
        """
        lines = self.lines
        end = len(lines)
        while end > start and lines[end - 1].line is BLANK and not lines[end - 1].control:
            end -= 1
        if end == start and trailing:  # "<div><br></div>": an empty line of its own
            for index in range(start, len(lines)):
                lines[index].line = _SOLID
        elif trailing:
            del lines[end:]
        elif end == start:
            del lines[start:]
            # Blocks opened after those lines now start where they were.
            self._open = [(gap, min(at, start)) for gap, at in self._open]
        return end == start

    def line_break(self) -> None:
        """``<br>``: ends the line, or makes an empty one when the line has nothing yet."""
        if self.inline:
            self.space()
        elif self.pre:
            self._pre_text("\n")
        elif self._length:
            self.flush()
        else:
            self._emit(RawLine(self.depth, BLANK))

    def rule(self) -> None:
        """``<hr>``: a rule line with a blank line around it."""
        if self.inline or self.pre:
            self.space() if self.inline else self._pre_break()
            return
        self.block(1)
        self._emit(RawLine(self.depth, Line("rule", _RULE, self.indent), _RULE.plain))
        self.end_block(1)

    def table(self, table: TableData) -> None:
        """A data table, laid out when the width is known."""
        self.block(1)
        self._emit(RawLine(self.depth, Line("table", indent=self.indent, table=table)))
        self.end_block(1)

    def control(self, control: Control) -> None:
        """A mark for ``quotelines`` (a reply header, a signature's edges) at this point."""
        if not self.inline and not self.pre:  # inside <pre> the lines are not out yet
            self.block(0)
            self._emit(RawLine(self.depth, BLANK, control=control))
            self.end_block(0)

    def start_item(self, bullet: str, indent: int) -> None:
        """A list item: its first line starts with ``bullet``, the others indent by ``indent``."""
        self.block(0)
        mark = Text(bullet + " ", style=styles.BULLET, end="")
        if self._bullet is None:
            self._bullet, self._bullet_at = mark, self.indent
        else:  # an item whose first content is a list: "• ◦ words"
            self._bullet.append_text(mark)  # (in place: a copy each is n² for n nested)
        self._items.append(indent)
        self.indent += indent

    def end_item(self) -> None:
        self.end_block(0)
        self._bullet = None
        self.indent -= self._items.pop()

    def _emit_bullet(self) -> None:
        bullet, self._bullet = self._bullet, None
        if bullet is not None:
            line = Line("text", bullet, self._bullet_at)
            self._emit(RawLine(self.depth, line, bullet.plain.strip()))

    def start_pre(self) -> None:
        self.flush()
        self.pre += 1

    def end_pre(self) -> None:
        self.pre -= 1
        if self.pre:
            return
        self._pre_lines.append(self._take_text())
        lines, self._pre_lines = self._pre_lines, []
        while lines and not lines[0].plain.strip():
            lines.pop(0)
        while lines and not lines[-1].plain.strip():
            lines.pop()
        for text in lines:
            words = " ".join(text.plain.split())
            self._emit(RawLine(self.depth, Line("code", text, self.indent), words))

    def _pre_break(self) -> None:
        """A block inside ``<pre>``: the line so far ends, as a browser breaks it."""
        if self._length:
            self._pre_lines.append(self._take_text())

    def _pre_text(self, text: str) -> None:
        if not text.isprintable():
            text = clean(text, multiline=True)
        first, *rest = text.split("\n")
        if first:
            self._add(first, self.styles[-1])
        for line in rest:
            self._pre_lines.append(self._take_text())
            if line:
                self._add(line, self.styles[-1])

    # Lines --------------------------------------------------------------------------

    def _take_text(self) -> Text:
        """The code line so far as a Text, and a fresh line."""
        text = Text("".join(self._pieces).replace("\xa0", " "), end="", spans=self._spans)
        self._pieces, self._spans, self._length, self._space = [], [], 0, None
        text.expand_tabs(8)
        text.rstrip()
        text.stylize_before(styles.CODE)
        return text

    def inline_text(self) -> Text:
        """What an inline builder (a table cell) collected: whitespace made single spaces."""
        plain = "".join(self._pieces).replace("\xa0", " ")
        spans = self._spans
        self._pieces, self._spans, self._length, self._space = [], [], 0, None
        start = len(plain) - len(plain.lstrip())
        end = len(plain.rstrip())
        text = Text(plain[start:end], end="", spans=clipped(spans, start, end))
        if "  " not in text.plain:
            return text
        words = [match.span() for match in re.finditer(r"\S+", text.plain)]
        return Text(" ", end="").join(text[a:b] for a, b in words)

    def flush(self) -> None:
        """End the current line, if it holds anything."""
        self._space = None
        if not self._length:
            return
        plain = "".join(self._pieces)
        spans = self._spans
        self._pieces, self._spans, self._length = [], [], 0
        quote_marks = self.kind == "text" and self._bullet is None
        levels, content, spans = finished(plain, spans, quote_marks=quote_marks)
        depth = self.depth + levels
        if not content.strip():
            self._emit(RawLine(depth, _SOLID))  # "&nbsp;" alone: an empty line on screen
            return
        text = Text(content, end="", spans=spans)
        if self.base is not None:
            text.stylize_before(self.base)
        line = Line(self.kind, text, self.indent)
        self._emit(RawLine(depth, line, " ".join(text.plain.split())))

    def _emit(self, raw: RawLine) -> None:
        if self._bullet is not None and raw.line.kind != "blank":
            line = raw.line
            if line.kind in ("text", "heading", "code"):
                bullet, self._bullet = self._bullet, None
                hang = cell_len(bullet.plain) + line.hang
                raw.line = Line(line.kind, bullet + line.text, self._bullet_at, hang)
                raw.plain = f"{bullet.plain}{raw.plain}"
            else:
                self._emit_bullet()  # an item opening with a table or a rule: the bullet alone
        lines = self.lines
        if raw.line is not BLANK and lines and lines[-1].line is BLANK:
            for _, start in reversed(self._open):  # "<br>" at the start of open blocks
                if start < len(lines) and not self._drop_blanks(start, trailing=False):
                    break
        gap = self._after
        for before, count in reversed(self._open):  # the outermost block opened since
            if count != len(lines):
                break
            gap = max(self._after, before)
        if gap and lines:
            lines.append(RawLine(min(self.depth, raw.depth), BLANK))
        self._after = 0
        lines.append(raw)

    def finish(self) -> list[RawLine]:
        """Every line, the last one ended."""
        self.flush()
        return self.lines
