"""What the converter produces: a message as text, quote and signature parts plus links."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Literal, TypeVar

from rich.text import Text

__all__ = [
    "Document",
    "Line",
    "LineKind",
    "Link",
    "Part",
    "PartKind",
    "Picture",
    "TableData",
    "quoted_line_count",
]

_Class = TypeVar("_Class", bound=type)


def _pickled_by_constructor(cls: _Class) -> _Class:
    """Pickle the frozen dataclass `cls` as a call of its constructor with its fields.

    The `__setstate__` a frozen dataclass with slots gets looks its fields up again for
    each object, and a converted thread is thousands of them, unpickled on the UI thread
    (they come from the converting process): the constructor takes a third of the time.
    """
    names = tuple(item.name for item in fields(cls))
    values = attrgetter(*names)

    def reduce(self: object) -> tuple[type, tuple[object, ...]]:
        got = values(self)
        return cls, got if len(names) > 1 else (got,)

    cls.__reduce__ = reduce  # type: ignore[method-assign,assignment]
    return cls


PartKind = Literal["text", "quote", "signature"]
LineKind = Literal["text", "verbatim", "code", "heading", "rule", "table", "blank"]


@_pickled_by_constructor
@dataclass(frozen=True, slots=True)
class Link:
    """A numbered link: ``[number]`` follows ``text`` in the body, ``url`` is listed below.

    A ``bare`` link is a URL the body shows as it is (``<a href=X>X</a>``, or a URL
    in the text): it has no reference number in the body and is not listed below it,
    but the link picker offers it with the others, in the order they appear.
    """

    number: int
    url: str
    text: str
    bare: bool = False


@_pickled_by_constructor
@dataclass(frozen=True, slots=True)
class Picture:
    """An image of the body (``<img>``): where it is, what it shows in words, and whether
    it is in a quote (the quoted message's, shown with that message)."""

    src: str
    alt: str
    quoted: bool = False


@_pickled_by_constructor
@dataclass(frozen=True, slots=True)
class TableData:
    """A small data table; cells are inline text, laid out when the width is known."""

    rows: tuple[tuple[Text, ...], ...]
    header: bool = False
    title: Text | None = None

    @property
    def columns(self) -> int:
        return max((len(row) for row in self.rows), default=0)


@_pickled_by_constructor
@dataclass(frozen=True, slots=True)
class Line:
    """One logical line: ``indent`` columns before it, ``hang`` more on wrapped lines."""

    kind: LineKind
    text: Text = field(default_factory=Text)
    indent: int = 0
    hang: int = 0
    table: TableData | None = None


class Part:
    """A run of text, one quote level, or a signature (read-only once made).

    ``lines`` are the part's typed lines, which ``render_document`` lays out for a width
    (hanging indents, tables that fit). ``text`` is the part laid out without a width:
    one logical line per line, lists indented, tables at their natural width, no quote
    markers (quote parts carry their level in ``depth``); it is made when first asked
    for (a thread view never needs it). A quote part that opens a run of quotes carries
    ``label``, the line that says whose words they are ("On …, Ana wrote:"), and
    ``forward`` when it is a forwarded message rather than a reply's quote.
    """

    __slots__ = ("_lay_out", "_text", "depth", "forward", "kind", "label", "lines")

    def __init__(
        self,
        kind: PartKind,
        text: Text | None = None,
        depth: int = 0,
        lines: tuple[Line, ...] = (),
        label: str = "",
        forward: bool = False,
        lay_out: Callable[[tuple[Line, ...]], Text] | None = None,
    ) -> None:
        self.kind = kind
        self._text = text
        self.depth = depth
        self.lines = lines
        self.label = label
        self.forward = forward
        # How `lines` read without a width: drawing's business, handed in by the converter
        # (the document type knows nothing of drawing).
        self._lay_out = lay_out

    @property
    def text(self) -> Text:
        if self._text is None:
            self._text = self._lay_out(self.lines) if self._lay_out else Text("")
            self._lay_out = None
        return self._text

    def _key(self) -> tuple[object, ...]:
        return (self.kind, self.text, self.depth, self.label, self.forward)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Part) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Part({self.kind!r}, depth={self.depth}, label={self.label!r})"


@_pickled_by_constructor
@dataclass(frozen=True, slots=True)
class Document:
    """A converted message body."""

    parts: tuple[Part, ...]
    links: tuple[Link, ...] = ()  # every link a reader can follow, in order
    pictures: tuple[Picture, ...] = ()  # the body's images, in order

    @property
    def listed(self) -> tuple[Link, ...]:
        """The links referred to by number in the body, which the URL list shows."""
        return tuple(link for link in self.links if not link.bare)

    def own_text(self) -> str:
        """What the message itself says, quotes left out, a line per line: what search
        indexes (made from the lines, without laying them out)."""
        lines: list[str] = []
        for part in self.parts:
            if part.kind == "quote":
                continue
            if not part.lines:
                lines.append(part.text.plain)
            for line in part.lines:
                if line.table is not None:
                    lines.extend(" ".join(cell.plain for cell in row) for row in line.table.rows)
                elif line.kind != "blank":
                    lines.append(line.text.plain)
        return "\n".join(lines)

    def plain(self) -> str:
        """All the text of the document, parts then link targets, for search and tests."""
        chunks = [part.text.plain for part in self.parts]
        chunks.extend(f"[{link.number}] {link.url}" for link in self.listed)
        return "\n\n".join(chunks)


def quoted_line_count(parts: Part | Iterable[Part]) -> int:
    """Non-blank lines in a quote part (or a run of them), for "▸ 14 quoted lines"."""
    if isinstance(parts, Part):
        parts = (parts,)
    count = 0
    for part in parts:
        if not part.lines:
            count += sum(1 for line in part.text.plain.split("\n") if line.strip())
            continue
        for line in part.lines:
            if line.table is not None:
                count += len(line.table.rows)
            elif line.kind != "blank":
                count += 1
    return count
