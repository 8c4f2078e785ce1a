"""One message of a thread as lines of text: header, body, attachments."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ...api.models.memberships import MemberLabel
from ...api.models.messages import Message
from ..colors import chip
from ..document import Document
from ..safety import safe_text
from ..when import stamp
from .body import render_document

PLACEHOLDER = "…"  # stands in for a body still being converted
_MIN_WIDTH = 20


class ThreadMessage:
    """A message, its converted body once there is one, and its lines for one width.

    The lines are kept until the width, the folding or the body changes; `version`
    counts those changes, so that drawn lines can be cached by it.
    """

    __slots__ = (
        "_lines",
        "_lines_key",
        "divider",
        "document",
        "folded",
        "labels",
        "message",
        "version",
    )

    def __init__(self, message: Message, labels: list[MemberLabel] | None = None) -> None:
        self.message = message
        self.labels = labels or []
        self.document: Document | None = None
        self.folded = True
        self.divider = ""  # a line drawn above the message ("new since …"), if any
        self.version = 0
        self._lines: list[Text] = []
        self._lines_key: tuple[int, bool, Document | None, str] | None = None

    def show(self, document: Document) -> None:
        """Take the converted body (until then a placeholder line stands in)."""
        self.document = document

    def toggle_quotes(self) -> None:
        """Fold or unfold the quoted text."""
        self.folded = not self.folded

    def header(self) -> Text:
        """Name, labels, time, number, likes and hashtags on one line."""
        message = self.message
        line = safe_text(message.name or "(unknown sender)", "bold")
        for label in self.labels:
            line.append(" ")
            line.append_text(chip(label.name, label.color_hex))
        line.append(f"  {stamp(message.created)}", style="dim")
        line.append(f"  #{message.msg_num}", style="dim")
        if message.num_likes:
            line.append(f"  ♥ {message.num_likes}")
        for tag in message.hashtags:
            line.append(" ")
            line.append_text(chip(tag.name, tag.color_hex))
        return line

    def attachments(self) -> list[Text]:
        """A line per attachment: file name and type."""
        lines = []
        for attachment in self.message.attachments:
            line = Text("📎 ", style="dim")
            line.append_text(safe_text(attachment.filename or "(unnamed file)", "underline"))
            if attachment.media_type:
                line.append_text(safe_text(f"  {attachment.media_type}", "dim"))
            lines.append(line)
        return lines

    def lines(self, width: int, console: Console) -> list[Text]:
        """The whole message as lines no wider than `width` cells."""
        width = max(width, _MIN_WIDTH)
        key = (width, self.folded, self.document, self.divider)
        if self._lines_key != key:
            self._lines = self._lay_out(width, console)
            self._lines_key = key
            self.version += 1
        return self._lines

    def _lay_out(self, width: int, console: Console) -> list[Text]:
        if self.document is None:
            body = [Text(PLACEHOLDER, style="dim")]
        else:
            body = render_document(self.document, width, folded=self.folded, osc8=True)
        # The header and attachment lines are the only ones that may need wrapping.
        lines = [_rule(self.divider, width)] if self.divider else []
        lines.extend(_wrapped(self.header(), width, console))
        lines.append(Text())
        lines.extend(body)
        for attachment in self.attachments():
            lines.extend(_wrapped(attachment, width, console))
        return lines


def _wrapped(line: Text, width: int, console: Console) -> list[Text]:
    # Most lines fit: measuring is a tenth of the cost of wrapping.
    return [line] if line.cell_len <= width else list(line.wrap(console, width))


def _rule(label: str, width: int) -> Text:
    """A line across the width with `label` in it: "── new since Tue 20 Nov 14:02 ──"."""
    text = f"── {label} "
    line = Text(text + "─" * max(0, width - len(text)), style="bold")
    line.truncate(width)
    return line
