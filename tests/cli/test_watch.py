"""`lurker watch` against the demo, its clock moved by the test: each new message told once,
in order, in every form; what came while it was stopped told when it starts again, and
nothing twice, however it was stopped; what it follows by key or rule; its failures said
once and asked again more slowly."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import httpx
import pytest

from tests.cli.watching import DemoClock, messages_after, paced, rows, run_watch, watcher_of
from tui.cli.watch.command import Telling
from tui.cli.watch.hooks import Hook, split_command
from tui.cli.watch.looking import NoSuchGroup, Scope
from tui.demo import DemoService, demo_transport
from tui.query.rules import make_rule
from tui.store.house import open_house

ALL = Scope(followed_only=False)


async def test_each_new_message_is_told_once_in_order_and_the_hook_gets_the_same_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock)
    file = tmp_path / "events.jsonl"
    command = f"cat >> {file}"
    hook = Hook(command, split_command(command), 10.0, print)
    with watcher_of(demo, tmp_path / "s.sqlite3", ALL) as watcher:
        await run_watch(
            watcher,
            clock,
            lambda pauses: pauses == 6,
            step=2.5,
            telling=Telling("jsonl", hook=hook),
        )
    out, err = capsys.readouterr()
    told = rows(out)
    expected = await messages_after(demo, "lurker-dev", 0.0)
    assert [row["id"] for row in told] == [m["id"] for m in expected]
    assert len(told) == 6  # one every 2 s, from the first look on (at 0, 2.5, ... 12.5 s)
    assert file.read_text() == out  # the hook read the same lines
    first = told[0]
    assert set(first) >= {"id", "topic_id", "group_id", "group_name", "subject", "author",
                          "created", "link", "number"}  # fmt: skip
    assert first["group_name"] == "lurker-dev"
    assert first["link"] == f"https://demo.lurker.invalid/g/lurker-dev/message/{first['number']}"
    assert "what comes is told from now on" in err


async def test_started_again_it_tells_what_came_meanwhile_and_nothing_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock)
    store = tmp_path / "s.sqlite3"
    with watcher_of(demo, store, ALL) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 3)
    before = rows(capsys.readouterr().out)
    clock.seconds += 11.0  # stopped a while: five messages
    with watcher_of(demo, store, ALL) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 2)
    out, err = capsys.readouterr()
    after = rows(out)
    ids = [row["id"] for row in before + after]
    assert len(ids) == len(set(ids))
    assert ids == [m["id"] for m in await messages_after(demo, "lurker-dev", 0.0)]
    assert len(after) >= 6  # what came meanwhile, then the next
    assert "first what came since" in err


class Interrupting:
    """A notifier that stops the watch (as Ctrl+C would) at its `at`-th event."""

    def __init__(self, at: int) -> None:
        self.at, self.seen = at, 0

    def notify(self, title: str, body: str) -> None:
        self.seen += 1
        if self.seen == self.at:
            raise asyncio.CancelledError

    def close(self) -> None:
        pass


async def test_stopped_in_the_middle_of_telling_it_tells_the_rest_later_and_none_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock)
    store = tmp_path / "s.sqlite3"
    with watcher_of(demo, store, ALL) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 1)  # the first look
    clock.seconds += 10.5  # five messages wait
    with watcher_of(demo, store, ALL) as watcher:
        telling = Telling("jsonl", notifier=Interrupting(2))  # type: ignore[arg-type]
        ended = await run_watch(watcher, clock, lambda pauses: True, telling=telling)
    assert isinstance(ended, asyncio.CancelledError)
    cut = rows(capsys.readouterr().out)
    assert len(cut) == 2
    with watcher_of(demo, store, ALL) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 1)
    rest = rows(capsys.readouterr().out)
    ids = [row["id"] for row in cut + rest]
    assert ids == [m["id"] for m in await messages_after(demo, "lurker-dev", 0.0)]


async def test_by_default_only_what_is_followed_by_key_or_rule_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A topic followed by key in the reader while the watch runs is told from its next
    look; a rule that follows another group's topics tells nothing of lurker-dev's."""
    clock = DemoClock()
    demo = paced(clock)
    store = tmp_path / "s.sqlite3"
    rules = (make_rule("group:parent", "follow", "config.toml, line 1"),)
    reader = open_house(store)  # the reader, on the same store
    followed = "1100000001"  # the first message's topic, new at 2 s

    async def until(pauses: int) -> bool:
        if pauses == 1:  # kept before the watch looks again (a task left to run raced it)
            assert await reader.reading.mark_by_key(followed, "41101", "follow")
        return pauses == 8

    try:
        with watcher_of(demo, store, Scope(), rules=rules) as watcher:
            await run_watch(watcher, clock, until)
    finally:
        reader.close()
    out, err = capsys.readouterr()
    told = rows(out)
    assert told
    assert {row["topic_id"] for row in told} == {int(followed)}
    expected = [m["id"] for m in await messages_after(demo, "lurker-dev", 0.0)
                if m["topic_id"] == int(followed)]  # fmt: skip
    assert [row["id"] for row in told] == expected
    assert "the topics you follow" in err
    assert '1 rule with action = "follow"' in err


async def test_a_topic_followed_on_another_machine_is_told_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A topic followed by key on the laptop (its journal in the sync folder) is told by the
    desktop's watch: the watch takes the other machines' journals in before it looks."""
    folder = tmp_path / "sync"
    folder.mkdir()
    store = "localhost--ana@example.com.sqlite3"  # one account: one subfolder for both
    followed = "1100000001"
    laptop = open_house(tmp_path / "laptop" / store, sync_folder=folder)
    try:
        await laptop.reading.load()
        assert await laptop.reading.mark_by_key(followed, "41101", "follow")
        await laptop.sync.take_in()  # its journal written to the folder
    finally:
        laptop.close()
    assert any(folder.rglob("*.jsonl"))
    clock = DemoClock()
    demo = paced(clock)
    desktop = tmp_path / "desktop" / store
    with watcher_of(demo, desktop, Scope(), sync_folder=folder) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 8)
    told = rows(capsys.readouterr().out)
    assert {row["topic_id"] for row in told} == {int(followed)}


async def test_one_group_and_a_group_that_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock)
    with watcher_of(demo, tmp_path / "s.sqlite3", Scope("parent", followed_only=False)) as w:
        await run_watch(w, clock, lambda pauses: pauses == 4)
    assert capsys.readouterr().out == ""  # lurker-dev moved; parent did not
    with watcher_of(demo, tmp_path / "s.sqlite3", Scope("lurker-dev", followed_only=False)) as w:
        await run_watch(w, clock, lambda pauses: pauses == 3)
    assert {row["group_name"] for row in rows(capsys.readouterr().out)} == {"lurker-dev"}
    with watcher_of(demo, tmp_path / "s.sqlite3", Scope("nosuch", followed_only=False)) as w:
        ended = await run_watch(w, clock, lambda pauses: True)
    assert isinstance(ended, NoSuchGroup)
    assert "You have no group named 'nosuch'" in str(ended)


async def test_logs_new_entries_are_told_once_across_a_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock, live_activity_every=1.0)
    store = tmp_path / "s.sqlite3"
    scope = Scope("lurker-dev", followed_only=False, logs=True)
    with watcher_of(demo, store, scope) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 3)
    first = rows(capsys.readouterr().out)
    clock.seconds += 5.0
    with watcher_of(demo, store, scope) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 2)
    again = rows(capsys.readouterr().out)
    logs = [row for row in first + again if row["event"] == "log"]
    ids = [int(row["id"]) for row in logs]
    assert len(ids) == len(set(ids))
    assert ids == list(range(ids[0], ids[0] + len(ids)))  # none missed
    assert len(ids) >= 10
    assert {row["group_name"] for row in logs} == {"lurker-dev"}
    assert all("kind" in row and "text" in row for row in logs)


class Faults(httpx.AsyncBaseTransport):
    """The demo, with the look across groups failing `down` times, or one topic's thread
    failing once."""

    def __init__(self, demo: DemoService, down: int = 0, status: int = 0) -> None:
        self.inner = demo_transport(demo)
        self.down, self.status = down, status
        self.topic_fails: set[str] = set()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        path, params = request.url.path, request.url.params
        if path.endswith("/gettopics") and self.down > 0:
            self.down -= 1
            if self.status:
                return httpx.Response(self.status, request=request)
            raise httpx.ConnectError("connection refused", request=request)
        topic = params.get("topic_id", "")
        if path.endswith("/gettopic") and topic in self.topic_fails:
            self.topic_fails.discard(topic)
            return httpx.Response(500, text="oops", request=request)
        return await self.inner.handle_async_request(request)


async def test_a_service_that_does_not_answer_is_said_once_and_asked_again_more_slowly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock)
    faults = Faults(demo)
    waits: list[float] = []
    store = tmp_path / "s.sqlite3"
    with watcher_of(demo, store, ALL, transport=faults) as watcher:

        def until(pauses: int) -> bool:
            if pauses == 2:
                faults.down = 1_000  # the next three looks fail (the client asks again too)
            if pauses == 5:
                faults.down = 0
            return pauses == 7

        await run_watch(watcher, clock, until, waits=waits)
    out, err = capsys.readouterr()
    said = err.splitlines()
    assert len([line for line in said if "could not be asked" in line]) == 1
    assert len([line for line in said if "answers again" in line]) == 1
    assert waits[2:5] == [4.0, 8.0, 16.0]  # doubled from --every 2
    assert waits[5] < 4.0
    ids = [row["id"] for row in rows(out)]
    assert ids == [m["id"] for m in await messages_after(demo, "lurker-dev", 0.0)]


async def test_a_rate_limit_slows_the_watch_down_for_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock)
    faults = Faults(demo, status=429)
    waits: list[float] = []
    with watcher_of(demo, tmp_path / "s.sqlite3", ALL, transport=faults) as watcher:

        def until(pauses: int) -> bool:
            if pauses == 1:
                faults.down = 10  # more than the client's own tries
            return pauses == 4

        await run_watch(watcher, clock, until, waits=waits)
    assert waits[1] == 4.0
    assert min(waits[2:]) >= 4.0
    assert "asking every 4 s from now" in capsys.readouterr().err


async def test_a_topic_that_could_not_be_read_is_read_at_the_next_look(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock, every=1.0)
    faults = Faults(demo)
    with watcher_of(demo, tmp_path / "s.sqlite3", ALL, transport=faults) as watcher:

        def until(pauses: int) -> bool:
            if pauses == 2:
                faults.topic_fails = {"1100000001", "1100000002"}
            return pauses == 5

        await run_watch(watcher, clock, until)
    out, err = capsys.readouterr()
    ids = [row["id"] for row in rows(out)]
    assert len(ids) == len(set(ids))
    assert sorted(ids) == [m["id"] for m in await messages_after(demo, "lurker-dev", 0.0)]
    assert "(asked again at the next check)" in err


async def test_every_group_is_told_but_topics_muted_on_the_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = DemoClock()
    demo = paced(clock, every=0.5)
    with watcher_of(demo, tmp_path / "s.sqlite3", ALL) as watcher:
        await run_watch(watcher, clock, lambda pauses: pauses == 12, step=1.0)
    told = rows(capsys.readouterr().out)
    assert 1100000009 not in {row["topic_id"] for row in told}  # #help-wanted, muted there
    assert [row["id"] for row in told] == [
        m["id"] for m in await messages_after(demo, "lurker-dev", 0.0)
    ]
    assert len(told) >= 15


def test_the_jsonl_line_is_what_the_text_line_says(tmp_path: Path) -> None:
    from tui.api.models.messages import Message
    from tui.api.models.topics import Topic
    from tui.cli.watch.events import message_event

    message = Message.model_validate(
        {"id": 5, "topic_id": 7, "group_id": 41101, "msg_num": 12, "name": "Ana Souza",
         "subject": "Re: xruns with \x1b]0;pwned\x07 Carla", "created": "2026-11-20T12:00:00Z"}
    )  # fmt: skip
    event = message_event(message, Topic(id=7), "lurker-dev", "https://groups.io/g/lurker-dev")
    assert event.text == "lurker-dev  Ana Souza  Re: xruns with  Carla  (topic 7)"
    row = json.loads(event.line("jsonl"))
    assert row["subject"] == "Re: xruns with  Carla"
    assert row["link"] == "https://groups.io/g/lurker-dev/message/12"
    assert row["created"] == "2026-11-20T12:00:00+00:00"


async def test_a_hook_cut_short_while_its_input_closes_leaves_no_error_behind() -> None:
    # Ctrl+C while the hook's standard input was closing: asyncio's subprocess pipe later
    # sets the result of the closing waiter the cancellation had cancelled, and asyncio
    # prints an "invalid state" traceback on stderr (seen in two suites run at once).
    from tui.cli.watch import hooks

    loop = asyncio.get_running_loop()
    errors: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    try:
        for turns in (1, 2, 3):  # cut short at each step of the feed: written, closing, closed
            process = await asyncio.create_subprocess_exec(
                "cat", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL
            )
            assert process.stdin is not None
            feeding = asyncio.ensure_future(hooks._feed(process, b"line\n"))
            for _turn in range(turns):
                await asyncio.sleep(0)
            feeding.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await feeding
            process.stdin.close()
            assert await process.wait() == 0  # its input closed: cat ends
            for _turn in range(10):  # the pipe's lost connection is a callback or two later
                await asyncio.sleep(0)
            assert errors == [], turns
    finally:
        loop.set_exception_handler(None)
