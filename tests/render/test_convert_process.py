"""The converting process: the same documents as converting here, and never a body lost
when it is not running, dies, or is closed; it ends with its parent, even one killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tui.render.convert import convert_body
from tui.render.convert.process import ConvertingProcess
from tui.render.draw.body import draw_body


@dataclass(frozen=True)
class Body:
    """What `convert_body` reads of a message."""

    id: int
    body: str
    quoted: str = ""
    remainder: str = ""
    is_plain_text: bool = False
    updated: datetime = datetime(2026, 1, 2, tzinfo=UTC)


BODIES = [
    Body(1, "<p>Hello <b>all</b>, see <a href='https://example.org/a'>this</a>.</p>"),
    Body(2, "Hi,\n\nOn Tue, Ana wrote:\n> the quote\n\n-- \nBob\n", is_plain_text=True),
    Body(3, "<blockquote>" * 400 + "deep" + "</blockquote>" * 400),
    Body(4, "<p>\x1b[31mred\x1b]0;title\x07 [bold]markup[/bold]</p>"),
    Body(5, "<table><tr><td>a</td><td>b</td></tr></table><ul><li>one</li></ul>"),
    Body(6, "<p>the reply</p>", quoted="<p>the quote</p>"),
]


async def started(**options: float) -> ConvertingProcess:
    process = ConvertingProcess(**options)
    await process.start()
    for _ in range(600):  # its start-up ends with a "ready" frame
        if process.running:
            return process
        await _turn()
    raise AssertionError("the converting process never said it was ready")


async def _turn() -> None:
    import asyncio

    await asyncio.sleep(0.01)  # waiting for another process: the condition is what counts


async def test_the_child_converts_as_this_process_does() -> None:
    process = await started()
    try:
        converted = await process.convert(BODIES, 60)
        assert process.running
    finally:
        await process.close()
    for body, (document, drawn) in zip(BODIES, converted, strict=True):
        here = convert_body(body)
        assert document == here
        assert drawn is not None
        # Styles too: one made in the child compares equal to the same one made here.
        assert drawn[1] == draw_body(here, 60)[1]
        assert drawn[0] == 60
    assert not any("\x1b" in line.plain for _, drawn in converted if drawn for line in drawn[1])


async def test_each_bodys_own_text_is_told_for_the_search_index() -> None:
    told: list[tuple[str, str]] = []
    process = await started(texts=told.extend)
    try:
        await process.convert(BODIES, 60)
    finally:
        await process.close()
    texts = dict(told)
    assert list(texts) == [str(body.id) for body in BODIES]
    assert texts["1"] == "Hello all, see this[1]."
    assert "the quote" not in texts["2"]  # quotes are not the message's own words
    assert "the quote" not in texts["6"]
    assert texts["6"] == "the reply"
    assert texts["5"].split() == ["a", "b", "•", "one"]
    assert not any("\x1b" in text for text in texts.values())


async def test_bodies_converted_here_tell_their_text_too() -> None:
    told: list[tuple[str, str]] = []
    process = ConvertingProcess(texts=told.extend)  # never started: converted in a thread
    await process.convert(BODIES[:2], 60)
    assert dict(told)["1"] == "Hello all, see this[1]."


async def test_without_a_width_nothing_is_drawn() -> None:
    process = await started()
    try:
        [(document, drawn)] = await process.convert(BODIES[:1])
    finally:
        await process.close()
    assert drawn is None
    assert document == convert_body(BODIES[0])


async def test_before_it_starts_and_after_it_closes_bodies_convert_here() -> None:
    process = ConvertingProcess()
    before = await process.convert(BODIES[:2], 60)
    assert [document for document, _ in before] == [convert_body(b) for b in BODIES[:2]]
    assert all(drawn is None for _, drawn in before)  # drawn by the thread view instead
    process = await started()
    await process.close()
    assert not process.running
    after = await process.convert(BODIES[:2], 60)
    assert [document for document, _ in after] == [convert_body(b) for b in BODIES[:2]]
    await process.start()  # a closed process stays closed
    assert not process.running


async def test_a_child_that_dies_loses_no_body() -> None:
    process = await started()
    child = process._child
    assert child is not None
    os.kill(child.pid, signal.SIGKILL)
    await child.wait()
    try:
        converted = await process.convert(BODIES, 60)
    finally:
        await process.close()
    assert [document for document, _ in converted] == [convert_body(b) for b in BODIES]
    assert not process.running


async def test_batches_under_way_together_come_back_in_order() -> None:
    import asyncio

    process = await started()
    try:
        batches = [BODIES[i : i + 2] for i in range(0, len(BODIES), 2)] * 3
        answers = await asyncio.gather(*(process.convert(batch, 40) for batch in batches))
    finally:
        await process.close()
    for batch, answer in zip(batches, answers, strict=True):
        assert [document for document, _ in answer] == [convert_body(b) for b in batch]


async def test_closing_ends_the_child() -> None:
    process = await started()
    child = process._child
    assert child is not None
    await process.close()
    assert child.returncode is not None


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_the_child_ends_when_its_parent_is_killed() -> None:
    # A parent that starts the child, says its pid, and waits to be killed.
    script = textwrap.dedent(
        """
        import asyncio, sys
        from tui.render.convert.process import ConvertingProcess

        async def main():
            process = ConvertingProcess()
            await process.start()
            while not process.running:
                await asyncio.sleep(0.01)
            print(process._child.pid, flush=True)
            await asyncio.sleep(600)

        asyncio.run(main())
        """
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.02)  # waiting for another process to end: the condition counts
    assert not _alive(child), "the converting process outlived its killed parent"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (ended, not yet reaped by init) has ended too.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


async def test_closing_with_big_answers_still_to_come_ends_at_once() -> None:
    # Answers of real mails fill the pipe; nobody reads them once closed, and a wait for
    # the child used to wait for that pipe's end forever (Lurker hung on ctrl+q).
    import asyncio

    process = await started()
    child = process._child
    assert child is not None
    big = [Body(i, "<p>" + "words and more words " * 2_000 + "</p>") for i in range(16)]
    batches = [asyncio.ensure_future(process.convert(big, 80)) for _ in range(4)]
    await _turn()
    await asyncio.wait_for(process.close(), 30)  # a bound for the failure only
    assert child.returncode is not None
    for batch in batches:  # those under way convert here instead: none is lost
        assert len(await asyncio.wait_for(batch, 60)) == len(big)


async def test_nothing_in_the_current_directory_is_imported(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    marker = tmp_path / "imported"
    for name in ("queue", "struct", "pickle"):
        (tmp_path / f"{name}.py").write_text(f"open({str(marker)!r}, 'w').write('{name}')\n")
    monkeypatch.chdir(tmp_path)
    process = await started()
    try:
        [(document, _)] = await process.convert(BODIES[:1])
    finally:
        await process.close()
    assert document == convert_body(BODIES[0])
    assert not marker.exists()


async def test_an_answer_that_cannot_be_read_ends_the_child_and_no_body_is_lost(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from tui.render.convert import process as module

    process = await started()
    child = process._child
    assert child is not None
    real = module._decoded

    def unreadable(data):  # type: ignore[no-untyped-def]
        raise AttributeError("an answer from another version")

    monkeypatch.setattr(module, "_decoded", unreadable)
    try:
        await process.convert(BODIES[:1])  # its answer was awaited before the change
        converted = await process.convert(BODIES, 60)
        assert [document for document, _ in converted] == [convert_body(b) for b in BODIES]
        assert not process.running
        await child.wait()  # killed, not left running out of step
        monkeypatch.setattr(module, "_decoded", real)
        for _ in range(600):  # (the old child is reaped first)
            await process.start()
            if process.running or process._starting is not None:
                break
            await _turn()
        for _ in range(600):
            if process.running:
                break
            await _turn()
        assert process.running, "no second child after the first failed"
        assert process._child is not child
    finally:
        await process.close()


async def test_a_child_is_reaped_once_and_quietly(caplog) -> None:  # type: ignore[no-untyped-def]
    # Killing through Popen polled first, reaping a child that had just ended behind
    # asyncio's back, which then logged "Unknown child process" onto the terminal.
    import logging

    with caplog.at_level(logging.WARNING, logger="asyncio"):
        for _ in range(3):
            process = await started()
            await process.convert(BODIES[:1])
            child = process._child
            await process.close()
            assert child is not None
            assert child.returncode is not None
    assert not [r for r in caplog.records if "child process" in r.getMessage()]


async def test_a_batch_nobody_waits_for_does_not_hold_up_the_next() -> None:
    # Answers come in order: the batches of a closed thread, one of them a body that takes
    # the child seconds, would keep the next thread's bodies waiting behind them.
    import asyncio

    process = await started(abandon_after=0)
    first = process._child
    assert first is not None
    slow = [Body(99, "a<br>" * 150_000)]
    abandoned = [asyncio.ensure_future(process.convert(slow, 80)) for _ in range(2)]
    await _turn()
    for batch in abandoned:
        batch.cancel()
    try:
        await asyncio.wait_for(first.wait(), 30)  # a bound for the failure only
        for _ in range(600):  # a new child, not the one still on the slow body
            if process.running:
                break
            await _turn()
        assert process.running
        assert process._child is not first
        converted = await asyncio.wait_for(process.convert(BODIES, 60), 30)
    finally:
        await process.close()
    assert [document for document, _ in converted] == [convert_body(b) for b in BODIES]
    assert all(drawn is not None for _, drawn in converted)  # by the new child


async def test_a_batch_abandoned_behind_one_still_wanted() -> None:
    # The one still wanted is answered by the child, which is replaced only once it is on
    # the abandoned one.
    import asyncio

    process = await started(abandon_after=0)
    first = process._child
    assert first is not None
    wanted = asyncio.ensure_future(process.convert([Body(98, "<p>x</p>" * 20_000)], 60))
    abandoned = asyncio.ensure_future(process.convert([Body(99, "a<br>" * 150_000)], 80))
    await asyncio.sleep(0)
    await asyncio.sleep(0)  # both sent, neither answered yet
    abandoned.cancel()
    try:
        [(_, drawn)] = await asyncio.wait_for(wanted, 30)
        await asyncio.wait_for(first.wait(), 30)
        for _ in range(600):
            if process.running:
                break
            await _turn()
        assert process.running
        assert process._child is not first
    finally:
        await process.close()
    assert drawn is not None  # by the first child


async def test_an_abandoned_batch_the_child_ends_in_time_keeps_the_child() -> None:
    # An ordinary batch of a thread just closed: the child ends it in milliseconds, and a
    # new child would cost more than the wait.
    import asyncio

    process = await started(abandon_after=3600)
    first = process._child
    try:
        batches = [asyncio.ensure_future(process.convert(BODIES, 60)) for _ in range(3)]
        await asyncio.sleep(0)
        for batch in batches:
            batch.cancel()
        for _ in range(600):  # every answer taken
            if not process._answers:
                break
            await _turn()
        assert not process._answers
        assert process._abandoned is None  # its replacement called off
        assert process._child is first
        converted = await process.convert(BODIES[:1], 60)
        assert converted[0][1] is not None  # still by the child
    finally:
        await process.close()


def _count_spawns(monkeypatch, process: list[ConvertingProcess]) -> list[object]:  # type: ignore[no-untyped-def]
    """Count the children made; while the second is made, start is asked for again."""
    import asyncio

    from tui.render.convert import process as module

    spawned: list[object] = []
    real = asyncio.create_subprocess_exec

    async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        spawned.append(args)
        if len(spawned) == 2:  # the replacement: a topic list opens meanwhile
            await asyncio.gather(process[0].start(), asyncio.sleep(0))
        return await real(*args, **kwargs)

    monkeypatch.setattr(module.asyncio, "create_subprocess_exec", counted)
    return spawned


async def test_two_starts_at_once_make_one_child(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    process = ConvertingProcess()
    spawned = _count_spawns(monkeypatch, [process])
    try:
        await asyncio.gather(process.start(), process.start())
        for _ in range(600):
            if process.running:
                break
            await _turn()
        assert process.running
        assert len(spawned) == 1
    finally:
        await process.close()


async def test_a_start_while_a_child_is_replaced_makes_no_second_child(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The reader of a replaced child starts the next once it is reaped; the app asks for a
    # start at every topic list and thread meanwhile.
    import asyncio

    holder: list[ConvertingProcess] = []
    spawned = _count_spawns(monkeypatch, holder)

    process = ConvertingProcess(abandon_after=0)
    holder.append(process)
    await process.start()
    for _ in range(600):
        if process.running:
            break
        await _turn()
    first = process._child
    abandoned = asyncio.ensure_future(process.convert([Body(99, "a<br>" * 150_000)], 80))
    await asyncio.sleep(0)
    abandoned.cancel()
    try:
        for _ in range(600):
            await process.start()
            if process.running and process._child is not first:
                break
            await _turn()
        for _ in range(5):
            await process.start()
            await _turn()
        assert len(spawned) == 2  # the first, and the one in its place
        converted = await process.convert(BODIES, 60)
    finally:
        await process.close()
    assert [document for document, _ in converted] == [convert_body(b) for b in BODIES]


def _widest_pipe() -> int:
    """The size a user may give a pipe (root: any)."""
    if os.geteuid() == 0:
        return 1 << 30
    return int(Path("/proc/sys/fs/pipe-max-size").read_text())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe sizes are Linux's")
async def test_the_pipes_hold_several_batches() -> None:
    # The event loop gets round to the pipes between pages of a walk; in 64 KiB pipes one
    # batch filled them and the child sat idle until the next round.
    import fcntl

    from tui.render.convert.child import PIPE_SIZE

    if _widest_pipe() < PIPE_SIZE:
        pytest.skip("this system lets a user widen a pipe less")
    process = await started()
    try:
        child = process._child
        assert child is not None
        assert child.stdin is not None
        requests = child.stdin.transport.get_extra_info("pipe").fileno()
        assert fcntl.fcntl(requests, fcntl.F_GETPIPE_SZ) == PIPE_SIZE
    finally:
        await process.close()


def test_a_style_from_the_child_equals_the_same_style_made_here() -> None:
    # A style pickled as it is keeps the hash it cached, and the hash of a string differs
    # from one process to another.
    import pickle

    from rich.style import Style

    script = textwrap.dedent(
        """
        import pickle, sys
        from rich.style import Style
        from tui.render.convert.child import pickle_styles_by_attributes

        pickle_styles_by_attributes()
        style = Style(bold=True, color="red", link="https://example.org/a", meta={"n": 1})
        hash(style)
        sys.stdout.buffer.write(pickle.dumps(style))
        """
    )
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
        "PYTHONHASHSEED": "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2",
    }
    pickled = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, check=True, env=env
    ).stdout
    style = pickle.loads(pickled)
    here = Style(bold=True, color="red", link="https://example.org/a", meta={"n": 1})
    assert style == here
    assert (style.link, style.meta) == ("https://example.org/a", {"n": 1})
