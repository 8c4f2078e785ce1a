"""Ctrl+C where Python itself cannot raise it as it came: still 130, quietly.

The child process tests (test_ctrl_c) meet these moments by chance, one run in many; here
the moment is made: the interrupt is raised where a real one landed."""

from __future__ import annotations

import asyncio
import signal
import weakref
from collections.abc import Iterator

import pytest

import tui.__main__ as entry
from tui.cli import event_loop


@pytest.fixture(autouse=True)
def _python_handles_ctrl_c() -> Iterator[None]:
    """Python's own handler for SIGINT, as in a command run from a shell (the suite may run
    where SIGINT is ignored), and the suite's handler back afterwards (130 sets the default)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_in_a_callback_python_cannot_raise_from_ends_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As an import's lock let go: its weakref callback is where the Ctrl+C landed.
    finished = []

    def command(argv: object) -> int:
        class Lock:
            pass

        def callback(reference: object) -> None:
            raise KeyboardInterrupt

        lock = Lock()
        reference = weakref.ref(lock, callback)
        del lock  # (the callback runs here; what it raises is "ignored")
        total = sum(range(100_000))  # the command's work, going on
        finished.append((reference, total))
        return 0

    monkeypatch.setattr(entry, "_main", command)
    assert entry.main([]) == 130
    assert not finished
    assert capsys.readouterr().err == ""


def test_ctrl_c_while_a_class_is_made_ends_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As in functools.cached_property.__set_name__ at an import: Python 3.11 says
    # RuntimeError("Error calling __set_name__ ...") from the KeyboardInterrupt.
    class Interrupted:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    def command(argv: object) -> int:
        class Settings:
            field = Interrupted()

        return 0

    monkeypatch.setattr(entry, "_main", command)
    assert entry.main([]) == 130
    assert capsys.readouterr().err == ""


def test_a_runtime_error_of_another_cause_is_not_taken_for_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def command(argv: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(entry, "_main", command)
    with pytest.raises(RuntimeError, match="a bug"):
        entry.main([])


def test_ctrl_c_inside_a_callback_handing_an_answer_over_breaks_nothing() -> None:
    # As `lurker watch` met it now and then: the answer of a store call (a thread's) is
    # handed to the future the command awaits by a loop callback that looks whether that
    # future was cancelled, then sets it; Ctrl+C landed in between. Python's own handler
    # (asyncio.run's) cancelled the future there, and the callback's "invalid state" was
    # printed to the terminal.
    problems: list[dict[str, object]] = []
    after: list[str] = []

    async def command() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda loop, context: problems.append(context))
        answer = loop.create_future()

        def hand_over() -> None:
            assert not answer.cancelled()
            signal.raise_signal(signal.SIGINT)  # (the moment a real one landed)
            answer.set_result("the store's answer")

        loop.call_soon(hand_over)
        after.append(await answer)
        await asyncio.Event().wait()  # (the command goes on until Ctrl+C ends it)

    with pytest.raises(KeyboardInterrupt):
        event_loop.run(command())
    assert problems == []
    assert after == ["the store's answer"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_sigint_ignored_stays_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (a job started in the background)

    async def command() -> str:
        signal.raise_signal(signal.SIGINT)
        await asyncio.sleep(0)
        return "ended as it would"

    assert event_loop.run(command()) == "ended as it would"
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_ctrl_c_inside_a_demo_server_callback_ends_it_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `lurker demo-server` ran asyncio.run of its own: the same moment there printed
    # "Exception in callback ... invalid state" as the server ended.
    import tui.demo.server as server

    handed: list[str] = []

    async def serving(*arguments: object) -> None:
        loop = asyncio.get_running_loop()
        answer = loop.create_future()

        def hand_over() -> None:
            signal.raise_signal(signal.SIGINT)
            answer.set_result("a request's answer")

        loop.call_soon(hand_over)
        handed.append(await answer)
        await asyncio.Event().wait()

    monkeypatch.setattr(server, "_serve", serving)
    assert entry.main(["demo-server", "--port", "0", "--no-live"]) == 0
    assert handed == ["a request's answer"]
    assert capsys.readouterr().err == ""
