"""One message of a thread as lines of text: header, body, attachments."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ...api.models.memberships import MemberLabel
from ...api.models.messages import Message
from ..cells import cells
from ..colors import chip
from ..document import Document
from ..safety import safe_text
from ..when import said, stamp
from .body import MESSAGE_MIN_WIDTH, Drawn, all_quote, folds, render_document
from .pictures import PicturePolicy, PictureSpot, body_spots, message_spots
from .wrap import wrap

PLACEHOLDER = "…"  # stands in for a body still being converted


class ThreadMessage:
    """A message, its converted body once there is one, and its lines for one width.

    The lines are kept until the width, the folding or the body changes; `version`
    counts those changes, so that drawn lines can be cached by it.
    """

    __slots__ = (
        "_attached",
        "_drawn",
        "_head",
        "_in_body",
        "_lines",
        "_lines_key",
        "_policy",
        "divider",
        "document",
        "folded",
        "hidden",
        "labels",
        "message",
        "pictures_drawn",
        "version",
    )

    def __init__(
        self,
        message: Message,
        labels: list[MemberLabel] | None = None,
        pictures: PicturePolicy | None = None,
    ) -> None:
        """`pictures`: where its pictures may come from (None: no pictures drawn)."""
        self.message = message
        self.labels = labels or []
        self.document: Document | None = None
        self.folded = True
        self.divider = ""  # a line drawn above the message ("new since …"), if any
        # Why a rule hides this message ("" for none): it shows as one line until opened.
        self.hidden = ""
        self.version = 0
        self._lines: list[Text] = []
        self._lines_key: tuple[int, bool, Document | None, str, str | None, int] | None = None
        self._policy = pictures
        self._attached = message_spots(message, pictures) if pictures else []
        self._in_body: list[PictureSpot] | None = None  # made once the body is converted
        self.pictures_drawn = 0  # counts pictures that came (or failed): their lines change
        # The header's lines and their width: the same before and after the body comes.
        self._head: tuple[int, list[Text]] = (0, [])
        self._drawn: Drawn | None = None  # the body drawn where it was converted

    def show(self, document: Document, drawn: Drawn | None = None) -> None:
        """Take the converted body (until then a placeholder line stands in), and its
        lines if they were drawn with it (`draw_body`)."""
        self.document = document
        self._drawn = drawn

    @property
    def pictures(self) -> list[PictureSpot]:
        """Its pictures: the body's (once it is converted), then its attachments'."""
        if self._in_body is None and self.document is not None and self._policy is not None:
            self._in_body = body_spots(self.document, self._policy)
        return [*(self._in_body or ()), *(spot for spot in self._attached if spot)]

    def picture_came(self) -> None:
        """One of its pictures was drawn or failed: its lines are laid out again."""
        self.pictures_drawn += 1

    def toggle_quotes(self) -> None:
        """Fold or unfold the quoted text (a message a rule hides: show it)."""
        if self.hidden:
            self.hidden = ""
            return
        self.folded = not self.folded

    @property
    def quotes_fold(self) -> bool:
        """Whether `toggle_quotes` changes anything (True while the body is not in yet)."""
        return bool(self.hidden) or self.document is None or folds(self.document)

    def why_nothing_folds(self) -> str:
        """What to tell a reader who asks to fold quotes that do not fold."""
        document = self.document
        if document is not None and all_quote(document):
            return "This message is all quote: it is shown whole, as folding would leave nothing."
        if document is not None and any(part.kind == "quote" for part in document.parts):
            return "This message's quotes stay shown: a forward, or a few lines it answers."
        return "This message quotes nothing: there is nothing to fold."

    def header(self) -> list[Text]:
        """Name, labels, time, number, likes and hashtags: each piece with the gap before it.

        Each piece stays whole on a line ("♥ 3", a chip): the header breaks between them.
        """
        message = self.message
        parts = [safe_text(message.name or "(unknown sender)", "bold")]
        for label in self.labels:
            parts.append(Text(" ", end="") + chip(label.name, label.color_hex))
        parts.append(Text(f"  {stamp(message.created)}", style="dim", end=""))
        parts.append(Text(f"  #{message.msg_num}", style="dim", end=""))
        if message.num_likes:
            parts.append(Text(f"  ♥ {message.num_likes}", end=""))
        for tag in message.hashtags:
            parts.append(Text(" ", end="") + chip(tag.name, tag.color_hex))
        return parts

    def attachments(self, spoken: bool = False) -> list[Text]:
        """A line per attachment: file name and type."""
        lines = []
        for attachment in self.message.attachments:
            line = Text("Attachment: " if spoken else "📎 ", style="dim")
            line.append_text(safe_text(attachment.filename or "(unnamed file)", "underline"))
            if attachment.media_type:
                line.append_text(safe_text(f"  {attachment.media_type}", "dim"))
            lines.append(line)
        return lines

    def lines(self, width: int, console: Console, position: str | None = None) -> list[Text]:
        """The whole message as lines no wider than `width` cells. With `position`
        ("Message 37 of 650"), as a screen reader meets it: a heading of words first, the
        quotes said in words, no drawn glyphs."""
        width = max(width, MESSAGE_MIN_WIDTH)
        key = (
            width, self.folded, self.document, self.divider + self.hidden, position,
            self.pictures_drawn,
        )  # fmt: skip
        if self._lines_key != key:
            self._lines = self._lay_out(width, console, position)
            self._lines_key = key
            self.version += 1
        return self._lines

    @property
    def first_line(self) -> int:
        """Where the message's own lines start (after the divider, if any)."""
        return 1 if self.divider else 0

    def _lay_out(self, width: int, console: Console, position: str | None) -> list[Text]:
        spoken = position is not None
        if self.hidden:
            line = Text("1 message by ", style="dim")
            line.append_text(safe_text(self.message.name or "(unknown sender)", "bold"))
            line.append_text(safe_text(f" hidden by a rule ({self.hidden}): Enter shows it", "dim"))
            rule = _said_rule(self.divider) if spoken else _rule(self.divider, width)
            return [*([rule] if self.divider else []), *wrap(line, width)]
        drawn = self._drawn
        if self.document is None:
            body = [Text("Loading…" if spoken else PLACEHOLDER, style="dim")]
        elif drawn is not None and drawn[0] == width and self.folded and not spoken:
            body = list(drawn[1])
        else:
            if not spoken:
                self._drawn = None  # drawn for another width, or folded: no more use
            body = render_document(
                self.document, width, folded=self.folded, osc8=True, spoken=spoken
            )
        # The header and attachment lines are the only ones that may need wrapping.
        lines = [_said_rule(self.divider) if spoken else _rule(self.divider, width)]
        del lines[: 0 if self.divider else 1]
        if position is not None:
            lines.extend(self.said_header(position, width))
        else:
            if self._head[0] != width:
                self._head = (width, _header_lines(self.header(), width))
            lines.extend(self._head[1])
        lines.append(Text())
        lines.extend(body)
        shown = not spoken and self._policy is not None  # (words say them to a screen reader)
        for spot in self.pictures[: len(self._in_body or ())] if shown else ():
            lines.extend([Text(), *spot.lines(width)])
        for number, attachment in enumerate(self.attachments(spoken)):
            lines.extend(wrap(attachment, width))
            attached = self._attached[number] if shown else None
            if attached is not None:
                lines.extend(attached.lines(width))
        return lines

    def said_header(self, position: str, width: int) -> list[Text]:
        """The header in words, the important ones first: "Message 37 of 650, from Ana,
        2 hours ago." on a line of its own (where the cursor stands), then its number,
        time, likes, the author's labels and hashtags."""
        message = self.message
        heading = Text(f"{position}, from ", style="bold", end="")
        heading.append_text(safe_text(message.name or "(unknown sender)", "bold"))
        heading.append(f", {said(message.created)}.")
        details = [f"Number {message.msg_num}", stamp(message.created)]
        if message.num_likes:
            details.append(f"{message.num_likes:,} like{'s' if message.num_likes > 1 else ''}")
        more = Text(", ".join(details), style="dim", end="")
        if self.labels:
            more.append_text(
                safe_text(", labels: " + ", ".join(x.name for x in self.labels), "dim")
            )
        if message.hashtags:
            tags = " ".join(f"#{tag.name.lstrip('#')}" for tag in message.hashtags)
            more.append_text(safe_text(f", hashtags: {tags}", "dim"))
        more.append(".", style="dim")
        return [*wrap(heading, width), *wrap(more, width)]


def _header_lines(parts: list[Text], width: int) -> list[Text]:
    """The header's pieces on as few lines as they fit, breaking only between pieces (a
    piece that starts a line loses the gap before it)."""
    lines: list[Text] = []
    line, used = Text(style="bold", end=""), 0  # a header is bold, but for what is dim
    for part in parts:
        size = cells(part.plain)
        if used + size <= width:
            line.append_text(part)
            used += size
            continue
        if used:
            lines.append(line)
        bare = part[len(part.plain) - len(part.plain.lstrip(" ")) :]
        size = cells(bare.plain)
        *whole, last = wrap(bare, width) if size > width else [bare]
        lines.extend(Text(style="bold", end="") + piece for piece in whole)
        line, used = Text(style="bold", end="") + last, cells(last.plain)
    lines.append(line)
    return lines


def _said_rule(label: str) -> Text:
    """The divider in words: "New since Tue 20 Nov 14:02:"."""
    return Text(f"{label[:1].upper()}{label[1:]}:", style="bold")


def _rule(label: str, width: int) -> Text:
    """A line across the width with `label` in it: "── new since Tue 20 Nov 14:02 ──"."""
    text = f"── {label} "
    line = Text(text + "─" * max(0, width - len(text)), style="bold")
    line.truncate(width)
    return line
