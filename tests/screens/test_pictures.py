"""Pictures in a thread and attachments in the reader, through the real app."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot

from tests.screens.harness import keys, make_app, settle, shown_text, until
from tests.screens.journeys import read_thread
from tests.screens.shown import pictures_settled
from tui.demo import DemoService
from tui.demo import files as demo_files
from tui.render.draw.message import ThreadMessage
from tui.screens.links import LinkPicker
from tui.screens.thread import ThreadScreen

HOSTILE_FILES = "700000005"
HOSTILE_NAMES = "700000007"
WITH_PICTURES = "100000007"  # #51 (the fourth message) has wiring.jpg and screenshot.png


def fetched_files(demo: DemoService) -> list[str]:
    return [r.endpoint for r in demo.requests if r.endpoint.startswith(("/files/", "/thumbs/"))]


def thread_screen(pilot: Pilot[None]) -> ThreadScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    return screen


def colours(lines: list[Text]) -> set[str]:
    return {str(span.style) for line in lines for span in line.spans}


async def test_an_image_attachment_is_drawn_in_half_blocks_of_several_colours() -> None:
    app, demo = make_app(topic=WITH_PICTURES)
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 3)
        await until(pilot, lambda: pictures_settled(pilot), "pictures")
        message = thread_screen(pilot).thread_view.messages[3]
        wiring, landscape = message.pictures
        assert (wiring.state, landscape.state) == ("drawn", "drawn")
        lines = wiring.lines(80)
        assert 6 <= len(lines) <= 12  # a bounded height
        assert all(set(line.plain) == {"▀"} for line in lines)
        assert len(colours(lines)) > 20
        assert "📎 wiring.jpg" in shown_text(app)
    assert all(path.startswith("/thumbs/") for path in fetched_files(demo))  # thumbnails


async def test_hostile_pictures_become_notes_and_real_ones_are_drawn() -> None:
    app, demo = make_app(topic=HOSTILE_FILES)
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 0)
        await until(pilot, lambda: pictures_settled(pilot), "pictures")
        spots = thread_screen(pilot).thread_view.messages[0].pictures
        said = {spot.name: spot.note or spot.state for spot in spots}
    assert said == {
        "huge": "[picture: huge, not a picture]",  # a 300 KB data: URL of filler
        "inline landscape": "drawn",  # a real data: URL
        "diagram on the service": "drawn",  # on the service's origin: with the sign-in
        demo_files.NOT_A_PICTURE: "[picture: not-a-picture.png, not a picture]",
        demo_files.OVERSIZED: "[picture: huge-30000x30000.png, too big to draw]",
        demo_files.BOMB: "[picture: bomb-8000x8000.png, too big to draw (8,000 by 8,000 pixels)]",
        demo_files.TRUNCATED: "[picture: truncated.png, damaged]",
    }
    inline = [r for r in demo.requests if r.endpoint == "/g/sandbox/img/diagram.png"]
    assert [r.auth for r in inline] == ["bearer"]
    assert demo_files.BIG not in "".join(fetched_files(demo))  # not a picture: not fetched


async def test_a_screen_reader_hears_names_and_no_picture_is_fetched() -> None:
    app, demo = make_app(topic=WITH_PICTURES, screen_reader=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 3)
        await settle(pilot)
        assert "Attachment: wiring.jpg" in shown_text(app)
        assert "▀" not in shown_text(app)
    assert fetched_files(demo) == []


async def test_pictures_off_fetch_nothing() -> None:
    app, demo = make_app(topic=WITH_PICTURES, pictures="off")
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 3)
        await settle(pilot)
        assert thread_screen(pilot).thread_view.messages[3].pictures == []
    assert fetched_files(demo) == []


async def test_pictures_are_kept_in_the_cache_file_and_drawn_from_it_next_time() -> None:
    for run in range(2):
        app, demo = make_app(topic=WITH_PICTURES)
        async with app.run_test(size=(100, 40)) as pilot:
            await read_thread(pilot, 3)
            await until(pilot, lambda: pictures_settled(pilot), "pictures")
            await settle(pilot)
        if run == 0:
            assert len(fetched_files(demo)) >= 2
    assert fetched_files(demo) == []  # the second time, all from the cache file


def test_another_hosts_picture_is_not_fetched_unless_allowed() -> None:
    from tui.api.models.messages import Message
    from tui.render.convert.message import convert
    from tui.render.draw.pictures import PicturePolicy

    body = '<p>Hi</p><img src="https://example.com/cat.png" alt="cat">'
    message = Message(id=1, body=body)
    shut = ThreadMessage(message, pictures=PicturePolicy("https://groups.example"))
    shut.show(convert(body))
    assert [line.plain for line in shut.lines(60, Console())][-1] == (
        "[picture from example.com, not loaded]"
    )
    allowed = ThreadMessage(message, pictures=PicturePolicy("https://groups.example", True))
    allowed.show(convert(body))
    assert [spot.url for spot in allowed.pictures] == ["https://example.com/cat.png"]


async def test_a_saves_the_one_attachment_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # no downloads folder there: the home one
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    app, _ = make_app(topic=HOSTILE_FILES)
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 2)  # #18: wiring.jpg alone
        await keys(pilot, "a")
        saved = tmp_path / "wiring.jpg"
        await until(pilot, saved.exists, "the file")
        await until(pilot, lambda: bool(app._notifications), "a note")
        said = " ".join(n.message for n in app._notifications)
    assert saved.read_bytes() == demo_files.body("wiring.jpg", "image/jpeg")
    assert f"Saved as {saved}" in said
    assert "no display here" in said


async def test_a_file_that_would_run_is_saved_never_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":0")  # a display: still never opened
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url) or True)
    app, _ = make_app(topic=HOSTILE_NAMES)
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 0)  # six attachments: a shows them to choose from
        await keys(pilot, "a")
        await until(pilot, lambda: isinstance(pilot.app.screen, LinkPicker), "the list")
        picker = pilot.app.screen
        assert isinstance(picker, LinkPicker)
        assert [a.filename for a in picker.attachments][:2] == [
            "../../etc/passwd",
            "report\u202egpj.exe",
        ]
        assert picker.highlighted_attachment is picker.attachments[0]
        await keys(pilot, "down", "enter")
        saved = tmp_path / "reportgpj.exe"
        await until(pilot, saved.exists, "the file")
        await until(pilot, lambda: bool(app._notifications), "a note")
        said = " ".join(n.message for n in app._notifications)
    assert "not opened: a file of this kind could run a program" in said
    assert opened == []
    assert sorted(os.listdir(tmp_path)) == [
        "data",
        "reportgpj.exe",
    ] or "reportgpj.exe" in os.listdir(tmp_path)


async def test_the_links_list_copies_an_attachments_link() -> None:
    app, _ = make_app(topic=HOSTILE_FILES)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 2)
        await keys(pilot, "o")
        await until(pilot, lambda: isinstance(pilot.app.screen, LinkPicker), "the list")
        picker = pilot.app.screen
        assert isinstance(picker, LinkPicker)
        assert [a.filename for a in picker.attachments] == ["wiring.jpg"]
        await keys(pilot, "end", "c")
    assert copied[0].startswith("http://localhost/files/")


async def test_pictures_are_fetched_only_as_their_message_comes_near() -> None:
    app, demo = make_app(topic="100000030")  # pictures in its 3rd and 8th messages
    async with app.run_test(size=(100, 30)) as pilot:
        await read_thread(pilot, 0)
        await settle(pilot)
        view = thread_screen(pilot).thread_view
        far = [
            message
            for index, message in enumerate(view.messages)
            if view.top_of(index) > 4 * view.size.height
            and any(spot.state == "wanted" for spot in message.pictures)
        ]
        assert far, "the thread has a picture far below the first screen, not fetched"
        assert not any(spot.state in ("loading", "drawn") for m in far for spot in m.pictures)
        asked = len(fetched_files(demo))
        view.go(view.messages.index(far[0]))
        await until(
            pilot, lambda: all(s.state in ("drawn", "note") for s in far[0].pictures), "drawn"
        )
        assert len(fetched_files(demo)) > asked
