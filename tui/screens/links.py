"""The link picker: a message's numbered links; Enter opens one, `c` copies it."""

from __future__ import annotations

import webbrowser
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar
from urllib.parse import urlsplit

from rich.text import Text
from textual import on
from textual.app import ComposeResult, SuspendNotSupported
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..render import styles
from ..render.document import Link
from ..render.safety import clean, safe_text
from ..widgets.cursor_options import CursorOptionList

if TYPE_CHECKING:
    from ..api.models.messages import Attachment

OPENABLE = frozenset({"http", "https", "mailto"})
AttachmentAction = Callable[["Attachment", bool], None]
"""Saves an attachment, and opens it when the flag says so (and it may be opened)."""


def openable(url: str) -> bool:
    """True for the only schemes handed to a browser: http, https and mailto."""
    try:
        return urlsplit(url).scheme.lower() in OPENABLE
    except ValueError:
        return False


def console_browser() -> bool:
    """True when Python's `webbrowser` would run a text browser in this very terminal.

    Over SSH with no display it picks `www-browser`, `w3m` or `lynx` and waits for it:
    the app must step aside (suspend) or both would read the keys and draw the screen.
    """
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return False
    in_background = isinstance(browser, webbrowser.BackgroundBrowser)
    return isinstance(browser, webbrowser.GenericBrowser) and not in_background


def browser_available() -> bool:
    """Whether Python's `webbrowser` knows a browser to start here: over SSH with no display
    and no text browser installed, it knows none."""
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return True


def open_in_browser(url: str) -> bool:
    """Start a browser on `url`; False when none could be started.

    Textual's `App.open_url` calls `webbrowser.open` too, but drops its answer, and the
    answer is what tells the reader to copy the link instead.
    """
    try:
        return webbrowser.open(url)
    except (webbrowser.Error, OSError):
        return False


def _prompt(link: Link) -> Text:
    prompt = Text(f"[{link.number}] ", style=styles.LINK_NUMBER, end="")
    if link.text:
        prompt.append_text(safe_text(link.text))
        prompt.append(" — ", style="dim")
    prompt.append_text(safe_text(link.url, styles.LINK_URL))
    return prompt


def _attachment_prompt(attachment: Attachment) -> Text:
    prompt = Text("📎 ", style="dim", end="")
    prompt.append_text(safe_text(attachment.filename or "(unnamed file)", "underline"))
    if attachment.media_type:
        prompt.append_text(safe_text(f"  {attachment.media_type}", "dim"))
    return prompt


class LinkPicker(ModalScreen[None]):
    """Lists a message's links and attachments: Enter opens the highlighted one (an
    attachment is saved first, and opened only where it may be), `s` saves an attachment,
    `c` copies a link, Esc closes."""

    DEFAULT_CSS = """
    LinkPicker { align: center middle; background: $background 60%; }
    #links-dialog {
        width: 90%; max-width: 110; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    #links-title { text-style: bold; }
    #links-list { height: auto; max-height: 20; border: none; padding: 0; }
    #links-keys { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,o,q", "close", "Close"),
        Binding("c", "copy", "Copy"),
        Binding("s", "save", "Save"),
    ]

    def __init__(
        self,
        links: Sequence[Link],
        title: str = "Links",
        attachments: Sequence[Attachment] = (),
        act: AttachmentAction | None = None,
        *,
        at_attachments: bool = False,
    ) -> None:
        """`attachments` are listed after the links, and handed to `act` (with whether to
        open it); `at_attachments`: the cursor starts on the first of them."""
        super().__init__()
        self.links = [
            Link(link.number, clean(link.url).strip(), clean(link.text), link.bare)
            for link in links
        ]
        self.attachments = list(attachments) if act is not None else []
        self._act = act
        self._at_attachments = at_attachments and bool(self.attachments)
        self._title = title

    def compose(self) -> ComposeResult:
        with Vertical(id="links-dialog"):
            yield Static(safe_text(self._title), id="links-title")
            options = [Option(_prompt(link)) for link in self.links]
            options += [Option(_attachment_prompt(item)) for item in self.attachments]
            yield CursorOptionList(*options, id="links-list")
            keys = (
                "Enter open · s save · c copy · Esc close"
                if self.attachments
                else ("Enter open · c copy · Esc close")
            )
            yield Static(keys, id="links-keys", markup=False)

    def on_mount(self) -> None:
        if self._at_attachments:
            self.query_one(OptionList).highlighted = len(self.links)

    @property
    def highlighted(self) -> Link | None:
        """The link under the cursor (None on an attachment)."""
        index = self.query_one(OptionList).highlighted
        return self.links[index] if index is not None and index < len(self.links) else None

    @property
    def highlighted_attachment(self) -> Attachment | None:
        """The attachment under the cursor (None on a link)."""
        index = self.query_one(OptionList).highlighted
        if index is None or index < len(self.links):
            return None
        return self.attachments[index - len(self.links)]

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index < len(self.links):
            self.open_link(self.links[event.option_index])
        else:
            self._take(self.attachments[event.option_index - len(self.links)], True)

    def _take(self, attachment: Attachment, open_it: bool) -> None:
        assert self._act is not None
        self._act(attachment, open_it)
        self.dismiss()

    def action_save(self) -> None:
        """Save the highlighted attachment (into the downloads folder), without opening it."""
        attachment = self.highlighted_attachment
        if attachment is not None:
            self._take(attachment, False)
        else:
            self.app.notify("s saves an attachment: this is a link.", markup=False)

    def open_link(self, link: Link) -> None:
        """Hand a web or mail link to a browser (where none starts, offer `c`); refuse the rest."""
        if not openable(link.url):
            scheme = link.url.split(":", 1)[0][:20] if ":" in link.url else "this kind of"
            self.app.notify(
                f"Lurker opens only web and mail links, not {scheme} links (c copies it).",
                severity="warning",
                markup=False,
            )
            return
        if self.app.is_web:  # the browser is the reader's own, on the other side
            self.app.open_url(link.url)
            self.dismiss()
            return
        if not browser_available():
            self._no_browser(link)
            return
        self.app.notify(f"Opening link {link.number}…", markup=False)
        if not console_browser():
            if open_in_browser(link.url):
                self.dismiss()
            else:
                self._no_browser(link)
            return
        try:
            with self.app.suspend():
                shown = open_in_browser(link.url)  # a text browser: done when it quits
        except SuspendNotSupported:
            shown = open_in_browser(link.url)
        if shown:
            self.dismiss()
        else:  # it ran, in this terminal, and ended with an error (no network, say)
            self.app.notify(
                f"The text browser ended with an error on link {link.number}: "
                "press c to copy it instead.",
                title="Can't open the link",
                severity="warning",
                timeout=10,
                markup=False,
            )

    def _no_browser(self, link: Link) -> None:
        """Say that no browser can be started here, and keep the list open for `c`."""
        self.app.notify(
            f"No web browser can be started here (no display, or none installed): "
            f"press c to copy link {link.number} instead.",
            title="Can't open the link",
            severity="warning",
            timeout=10,
            markup=False,
        )

    def action_copy(self) -> None:
        """Copy the highlighted link to the clipboard (OSC 52: works over SSH too); an
        attachment's link works for a while (it is signed, and expires)."""
        link = self.highlighted
        if link is not None:
            self.app.copy_to_clipboard(link.url)
            self.app.notify(f"Copied link {link.number}", markup=False)
            return
        attachment = self.highlighted_attachment
        if attachment is not None:
            self.app.copy_to_clipboard(clean(attachment.download_url))
            name = clean(attachment.filename) or "the file"
            self.app.notify(f"Copied the link of {name} (it works for a while)", markup=False)

    def action_close(self) -> None:
        """Back to the thread."""
        self.dismiss()
