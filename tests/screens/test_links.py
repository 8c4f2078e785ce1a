"""The link picker (`o` in a thread) and the terminal hyperlinks (OSC 8) in message bodies."""

from __future__ import annotations

import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.console import Console
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot

from tests.screens.harness import make_app, notes, settle, until
from tests.screens.test_snapshots import keys, read_thread
from tui.api.models.messages import Message
from tui.app.reader import LurkerApp
from tui.render.convert import convert_body
from tui.render.document import Link
from tui.render.draw.message import ThreadMessage
from tui.screens import links
from tui.screens.links import LinkPicker
from tui.screens.thread import ThreadScreen
from tui.widgets.thread_view import ThreadView

# lurker-dev, seed 1: the first message links "the issue" to one URL; the
# first message of WITHOUT_LINKS has none; that of WITH_URL_IN_TEXT writes "There is
# more on https://jackaudio.org/faq/", a URL as the text's own words.
WITH_LINK = 100000006
WITH_LINK_URL = "https://demo.lurker.invalid/wiki/LowLatencySetup"
WITHOUT_LINKS = 100000002
WITH_URL_IN_TEXT = 100000001


class Recorder:
    """Stands in for the browser and the clipboard: remembers what it was given."""

    def __init__(self, app: App[None], monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened: list[str] = []
        self.copied: list[str] = []
        monkeypatch.setattr(app, "copy_to_clipboard", self.copied.append)
        monkeypatch.setattr(links, "console_browser", lambda: False)
        # A browser that starts: `webbrowser` knows one, and opening it succeeds.
        monkeypatch.setattr(webbrowser, "get", lambda *_: object())
        monkeypatch.setattr(webbrowser, "open", self.open)

    def open(self, url: str, *_: object, **__: object) -> bool:
        self.opened.append(url)
        return True


async def open_picker(pilot: Pilot[None]) -> LinkPicker:
    """In the opened thread, press `o` on the first message and return the picker."""
    await read_thread(pilot, 0)
    await until(pilot, lambda: first_message(pilot.app).document is not None, "body")
    await keys(pilot, "o")
    await until(pilot, lambda: isinstance(pilot.app.screen, LinkPicker), "link picker")
    screen = pilot.app.screen
    assert isinstance(screen, LinkPicker)
    return screen


def first_message(app: App[None]) -> ThreadMessage:
    """The first message of the thread on screen."""
    return app.screen.query_one(ThreadView).messages[0]


def thread_app(topic: int) -> LurkerApp:
    app, _demo = make_app(None, topic=str(topic))
    return app


async def test_o_lists_the_links_and_enter_opens_one(monkeypatch: pytest.MonkeyPatch) -> None:
    app = thread_app(WITH_LINK)
    recorder = Recorder(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await open_picker(pilot)
        assert [link.url for link in picker.links] == [WITH_LINK_URL]
        await keys(pilot, "enter")
        assert recorder.opened == [WITH_LINK_URL]
        assert isinstance(app.screen, ThreadScreen)  # the picker closed behind the browser


async def test_c_copies_the_highlighted_link(monkeypatch: pytest.MonkeyPatch) -> None:
    app = thread_app(WITH_LINK)
    recorder = Recorder(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_picker(pilot)
        await keys(pilot, "c")
        assert recorder.copied == [WITH_LINK_URL]
        assert "Copied link 1" in notes(app)
        assert isinstance(app.screen, LinkPicker)
        await keys(pilot, "escape")
        assert isinstance(app.screen, ThreadScreen)
        assert recorder.opened == []


async def test_a_url_in_the_text_is_listed_too(monkeypatch: pytest.MonkeyPatch) -> None:
    app = thread_app(WITH_URL_IN_TEXT)
    recorder = Recorder(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await open_picker(pilot)
        assert [(link.number, link.url) for link in picker.links] == [
            (1, "https://jackaudio.org/faq/")
        ]
        await keys(pilot, "enter")
        assert recorder.opened == ["https://jackaudio.org/faq/"]


async def test_a_message_without_links_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    app = thread_app(WITHOUT_LINKS)
    Recorder(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        await until(pilot, lambda: first_message(app).document is not None, "body")
        await keys(pilot, "o")
        assert isinstance(app.screen, ThreadScreen)
        assert "This message has no links." in notes(app)


class PickerApp(App[None]):
    """Just the picker, over an empty screen."""

    def __init__(self, picked: list[Link]) -> None:
        super().__init__()
        self.picked = picked

    def on_mount(self) -> None:
        self.push_screen(LinkPicker(self.picked, "Links"))


@pytest.mark.parametrize(
    "url",
    ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd"],
)
async def test_only_web_and_mail_links_are_opened(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = PickerApp([Link(1, url, "click me")])
    recorder = Recorder(app, monkeypatch)
    async with app.run_test() as pilot:
        await settle(pilot)
        await keys(pilot, "enter")
        assert recorder.opened == []
        assert any("opens only web and mail links" in note for note in notes(app))
        assert isinstance(app.screen, LinkPicker)
        await keys(pilot, "c")  # copying is still allowed: the reader sees what it is
        assert recorder.copied == [url]


async def test_urls_are_shown_and_used_without_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = "https://evil.invalid/\x1b]0;pwned\x07a\x9cb\x1b[2J"
    app = PickerApp(
        [Link(1, hostile, "\x1b[31mred\x1b[0m [bold]x[/]"), Link(2, "mailto:a@b.c", "")]
    )
    recorder = Recorder(app, monkeypatch)
    async with app.run_test() as pilot:
        await settle(pilot)
        shown = [str(option.prompt) for option in app.screen.query_one("#links-list").options]
        assert shown == ["[1] red [bold]x[/] — https://evil.invalid/ab", "[2] mailto:a@b.c"]
        await keys(pilot, "enter")
        assert recorder.opened == ["https://evil.invalid/ab"]


async def test_a_text_browser_runs_with_the_app_suspended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = PickerApp([Link(1, "https://example.org/", "example")])
    recorder = Recorder(app, monkeypatch)
    suspended: list[bool] = []

    @contextmanager
    def suspend() -> Iterator[None]:
        suspended.append(True)
        yield

    monkeypatch.setattr(links, "console_browser", lambda: True)
    monkeypatch.setattr(app, "suspend", suspend)
    async with app.run_test() as pilot:
        await settle(pilot)
        await keys(pilot, "enter")
        assert suspended == [True]
        assert recorder.opened == ["https://example.org/"]


def no_browser_known(*_: object) -> object:
    raise webbrowser.Error("could not locate runnable browser")


@pytest.mark.parametrize("fault", ["none known", "fails to start"])
async def test_where_no_browser_starts_it_says_so_and_c_copies(
    fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = PickerApp([Link(1, "https://example.org/a", "a"), Link(2, "https://example.org/b", "")])
    recorder = Recorder(app, monkeypatch)
    if fault == "none known":  # over SSH: no display, no text browser installed
        monkeypatch.setattr(webbrowser, "get", no_browser_known)
        monkeypatch.setattr(webbrowser, "open", lambda *_, **__: False)
    else:  # one is known, but it does not start
        monkeypatch.setattr(webbrowser, "open", lambda *_, **__: False)
    async with app.run_test() as pilot:
        await settle(pilot)
        await keys(pilot, "down", "enter")
        said = " ".join(notes(app))
        assert "No web browser can be started here" in said
        assert "press c to copy link 2" in said
        assert isinstance(app.screen, LinkPicker)  # still open, for c
        await keys(pilot, "c")
        assert recorder.copied == ["https://example.org/b"]


async def test_link_words_and_urls_are_terminal_hyperlinks() -> None:
    app = thread_app(WITH_LINK)
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: first_message(app).document is not None, "body")
        await settle(pilot)
        strips = view.render_lines(Region(0, 0, view.size.width, view.size.height))
        written = "".join(strip.render(app.console) for strip in strips)
        assert f";{WITH_LINK_URL}\x1b\\" in written  # OSC 8: ESC ] 8 ; id=… ; URL ST
        assert written.count("\x1b]8;id=") >= 2  # the linked words and the listed URL


def test_hyperlink_targets_never_hold_escapes() -> None:
    body = (
        '<p><a href="https://evil.invalid/\x1b]0;pwned\x07a\x9cb\x1b\\c">words</a> and '
        '<a href="https://ok.invalid/x?y=1;z">more</a></p>'
    )
    message = ThreadMessage(Message(id=-10, body=body, msg_num=1, name="Eve"))
    message.show(convert_body(message.message))
    lines = message.lines(80, Console())
    targets = {
        span.style.link
        for line in lines
        for span in line.spans
        if getattr(span.style, "link", None)
    }
    assert targets == {"https://evil.invalid/abc", "https://ok.invalid/x?y=1;z"}


async def test_a_text_browser_that_fails_is_not_called_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = PickerApp([Link(1, "https://example.org/", "example")])
    recorder = Recorder(app, monkeypatch)
    monkeypatch.setattr(links, "console_browser", lambda: True)
    monkeypatch.setattr(app, "suspend", contextmanager(lambda: iter([None])))
    monkeypatch.setattr(webbrowser, "open", lambda *_, **__: False)  # w3m, no network
    async with app.run_test() as pilot:
        await settle(pilot)
        await keys(pilot, "enter")
        said = " ".join(notes(app))
        assert "The text browser ended with an error on link 1" in said, said
        assert "No web browser" not in said
        assert isinstance(app.screen, LinkPicker)
        await keys(pilot, "c")
        assert recorder.copied == ["https://example.org/"]
