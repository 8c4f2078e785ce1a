"""Scenario 13: what attachments and pictures cost.

- Decoding a picture (the demo's PNG thumbnail and its JPEG) into the small copy kept,
  against Pillow opening and loading the same bytes whole (the least any decoding costs).
- Laying out a message with a drawn picture at 80 columns, against the same message with
  pictures off (what a picture adds to a layout the view makes on every resize).
- Opening a thread at start (`--topic`) whose first screen has two pictures: app started
  → its first message painted, pictures on against off, runs interleaved in fresh apps (the
  first paint must not wait for pictures: goal ≤ 1.10x).
- Saving the sandbox's 6 MB file through `save_attachment` (part file, hash, fsync, link),
  against fetching the same link into a plain file with the same client (no fsync): what
  saving without harm costs over writing.
- The hostile pictures (a bomb of 8000x8000, a header of 30000x30000, a truncated one):
  time to the note and the growth of peak RSS while deciding (goal < 50 MB).
"""

from __future__ import annotations

import asyncio
import io
import tempfile
import time
from pathlib import Path

from rich.console import Console

from tests.bench.apps import demo_config
from tests.bench.timing import Figure, Outcome, at_most, median, peak_rss_mb
from tui.api.client import ServiceClient
from tui.demo import DemoService, demo_transport
from tui.demo import files as demo_files

RUNS = 7
TOPIC = "100000007"  # #51, its fourth message, has a JPEG and a PNG
HOSTILE_FILES = 700000005


def _timed(work: object, runs: int = RUNS) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)  # seconds: the table shows ms
    return times


def _decoding() -> list[Figure]:
    from PIL import Image

    from tui.render.picture import decode

    figures = []
    for name, media_type in (("thumbnail.png", "image/png"), ("wiring.jpg", "image/jpeg")):
        data = (
            demo_files.thumbnail("image/png")
            if name.endswith(".png")
            else demo_files.body(name, media_type)
        )
        ours = _timed(lambda data=data: decode(data), 21)
        whole = _timed(lambda data=data: Image.open(io.BytesIO(data)).load(), 21)
        figures.append(Figure("14 pictures", f"decode {name} ({len(data):,} B)", "ms", ours, whole))
    return figures


def _layout() -> Figure:
    from tui.api.models.messages import Attachment, Message
    from tui.render.convert import convert_body
    from tui.render.draw.message import ThreadMessage
    from tui.render.draw.pictures import PicturePolicy
    from tui.render.picture import decode

    attachment = Attachment(id=1, media_type="image/png", filename="a.png", download_url="/x")
    message = Message(id=1, body="<p>" + "Words of a message. " * 40 + "</p>")
    message.attachments.append(attachment)
    document = convert_body(message)
    small = decode(demo_files.thumbnail("image/png"))
    console = Console(width=100)

    def with_picture() -> None:
        drawn = ThreadMessage(message, pictures=PicturePolicy("http://localhost"))
        drawn.show(document)
        drawn.pictures[0].take(small)
        drawn.lines(80, console)

    def without() -> None:
        plain = ThreadMessage(message)
        plain.show(document)
        plain.lines(80, console)

    return Figure(
        "14 pictures",
        "lay out a message with a picture",
        "ms",
        _timed(with_picture, 51),
        _timed(without, 51),
        goal="(cost of a picture)",
    )


async def _open_once(pictures: str) -> float:
    from tests.screens.harness import make_app, until
    from tui.screens.thread import ThreadScreen

    app, _ = make_app(None, topic=TOPIC, pictures=pictures)
    start = time.perf_counter()
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, ThreadScreen), "thread")
        screen = pilot.app.screen
        assert isinstance(screen, ThreadScreen)
        view = screen.thread_view
        await until(pilot, lambda: bool(view.messages) and view.messages[0].document, "painted")
        return time.perf_counter() - start


def _opening() -> Figure:
    on, off = [], []
    for _ in range(5):
        on.append(asyncio.run(_open_once("auto")))
        off.append(asyncio.run(_open_once("off")))
    return Figure(
        "14 pictures",
        "thread opened, pictures on",
        "ms",
        on,
        off,
        goal="≤ 1.10x",
        check=at_most(1.10, of="ratio"),
    )


async def _saving(folder: Path) -> tuple[list[float], list[float]]:
    from tui.attachments.keep import save_attachment

    demo = DemoService(demo_config())
    client = ServiceClient("http://localhost", api_key="demo-key", transport=demo_transport(demo))
    async with client:
        message = (await client.get_topic(topic_id=HOSTILE_FILES)).data[0]
        big = next(a for a in message.attachments if a.filename == demo_files.BIG)
        saved, fetched = [], []
        for run in range(5):
            start = time.perf_counter()
            target = folder / str(run)
            target.mkdir()
            await save_attachment(client, big, (HOSTILE_FILES, message.id), target)
            saved.append(time.perf_counter() - start)
            start = time.perf_counter()
            with open(target / "plain.wav", "wb") as file:  # noqa: ASYNC230 (the baseline)
                await client.downloads.fetch(big.download_url, file.write, most=10**9)
            fetched.append(time.perf_counter() - start)
    return saved, fetched


def _hostile() -> tuple[Figure, str]:
    from tui.render.picture import decode

    before = peak_rss_mb()
    times, notes = [], []
    for name in (demo_files.BOMB, demo_files.OVERSIZED, demo_files.TRUNCATED):
        data = demo_files.body(name, "image/png")
        times.append(median(_timed(lambda data=data: decode(data), 5)))
        notes.append(f"{name}: {decode(data)}")
    grown = peak_rss_mb() - before
    figure = Figure(
        "14 pictures",
        "hostile pictures: peak RSS growth",
        "MB",
        [grown],
        goal="< 50 MB",
        check=at_most(50.0),
    )
    return (
        figure,
        f"  hostile pictures, ms to the note: {', '.join(f'{t * 1000:.1f}' for t in times)}; "
        + "; ".join(notes),
    )


def run(quick: bool) -> Outcome:
    """Measure the scenario."""
    figures = _decoding()
    figures.append(_layout())
    figures.append(_opening())
    with tempfile.TemporaryDirectory() as folder:
        saved, fetched = asyncio.run(_saving(Path(folder)))
    figures.append(
        Figure(
            "14 pictures",
            "save a 6 MB attachment",
            "ms",
            saved,
            fetched,
            goal="(vs a plain write)",
        )
    )
    hostile, detail = _hostile()
    figures.append(hostile)
    return Outcome(figures, [detail])
