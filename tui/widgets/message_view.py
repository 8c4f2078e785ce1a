"""One message of a thread: header, body as terminal text, attachments, links."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ..api.models import MemberLabel, Message
from ..render.colors import chip
from ..render.document import Document
from ..render.html import convert_cached
from ..render.render import render_document
from ..render.safety import safe_text
from ..render.when import stamp


def _words(document: Document) -> str:
    """The document's text with all spacing made single spaces, for comparing two."""
    return " ".join(" ".join(part.text.plain.split()) for part in document.parts)


class MessageView(Widget, can_focus=True):
    """Draws one message; quoted text is folded until `t` (or Enter) unfolds it."""

    DEFAULT_CSS = """
    MessageView { height: auto; padding: 0 1; margin: 0 0 1 0; }
    """

    folded: reactive[bool] = reactive(True, layout=True)

    def __init__(self, message: Message, labels: list[MemberLabel] | None = None) -> None:
        super().__init__(classes="message")
        self.message = message
        self.labels = labels or []
        self._laid_out: tuple[tuple[int, bool], Text] | None = None
        self._height: tuple[Text, int] | None = None  # the laid-out text and its wrapped height
        self.document: Document | None = None

    def convert(self) -> Document:
        """The body converted for the terminal (cached per message id and update time).

        The body holds the whole message; the API's `quoted` field names the quoted part
        of it (and `remainder` the rest, which the body already shows). When the body's
        HTML gives no sign of the quote, it is cut out of the body and shown as one:
        the text before it, the quote, then any text after it, nothing twice.

        Pure and thread-safe: the thread view calls it off the UI thread.
        """
        message = self.message
        key = (message.id, message.updated)
        plain = message.is_plain_text
        body = message.body if message.body.strip() else message.remainder
        whole = convert_cached(key, body, is_plain_text=plain)
        quoted = message.quoted
        if not quoted.strip() or any(part.kind == "quote" for part in whole.parts):
            return whole
        at = body.find(quoted)
        if at >= 0:
            before, after = body[:at], body[at + len(quoted) :]
        else:
            alone = convert_cached((*key, "quote alone"), quoted, is_plain_text=plain)
            if _words(alone) in _words(whole):
                return whole  # the body holds the quote in another spelling: show it once
            before, after = body, ""  # the body lacks the quote: add it
        return convert_cached(
            (*key, "quoted"), before, is_plain_text=plain, quoted=quoted, remainder=after
        )

    def show_document(self, document: Document) -> None:
        """Draw the converted body (until then a placeholder line stands in)."""
        self.document = document
        self._laid_out = None
        self.refresh(layout=True)  # also before mounting: the flags then wait for it

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
            line.append(f"  ♥ {message.num_likes}", style="")
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

    def text_for(self, width: int) -> Text:
        """The whole message laid out for `width` columns (kept until width or folding change)."""
        key = (width, self.folded)
        if self._laid_out is None or self._laid_out[0] != key:
            if self.document is None:
                body = [Text("…", style="dim")]
            else:
                body = render_document(self.document, max(width, 20), folded=self.folded, osc8=True)
            lines = [self.header(), Text(), *body, *self.attachments()]
            self._laid_out = (key, Text("\n").join(line.copy() for line in lines))
        return self._laid_out[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Asked on every layout of the thread, for every message: wrap once per change.
        # Keyed by the Text itself (held, so never confused with a later one at the same id).
        text = self.text_for(width)
        if self._height is None or self._height[0] is not text:
            self._height = (text, len(text.wrap(self.app.console, max(width, 1))))
        return self._height[1]

    def render(self) -> RenderableType:
        return self.text_for(self.size.width)

    def toggle_quotes(self) -> None:
        """Fold or unfold the quoted text."""
        self.folded = not self.folded
