"""The converting process: bodies in on standard input, documents out on standard output.

Started by ``process.ConvertingProcess`` (see ``process.BOOTSTRAP``), which explains why.
Both ways carry length-prefixed pickles: a list of ``BodyJob`` in, an ``Answer`` out: a
list of ``Converted``, each body's document, drawn for the job's width as a thread message
first shows it (``None`` for a body whose conversion raised: the parent converts that one
itself), and beside it each body's own text for the search index (made here, where it
costs the UI nothing). After its start-up the child says it is ready, with one frame of
``READY``.
"""

from __future__ import annotations

import contextlib
import copyreg
import os
import pickle
import queue
import signal
import struct
import sys
import threading
import time
from dataclasses import dataclass
from typing import IO, Any

from rich.style import Style

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from ..document import Document
from ..draw.body import Drawn, draw_body
from .body import MessageBody, convert_body

__all__ = ["LENGTH", "READY", "Answer", "BodyJob", "Converted", "frame", "serve"]

Converted = tuple[Document, Drawn | None]
"""A body's document, and its lines if they were drawn with it."""

Answer = tuple[list[Converted | None], list[str]]
"""A batch's answer: each body converted (None: the parent converts it itself), and each
body's own text (`Document.own_text`, "" where it was not converted)."""

LENGTH = struct.Struct(">Q")
PIPE_SIZE = 1 << 20  # Linux's default limit for a pipe a user widens
READY = "ready"


@dataclass(frozen=True, slots=True)
class BodyJob:
    """What of a message its body needs, small enough to send to the child."""

    id: int | str
    updated: object
    body: str
    quoted: str
    remainder: str
    is_plain_text: bool
    width: int = 0  # the lines drawn for this width too (0: not drawn)

    @classmethod
    def of(cls, message: MessageBody, width: int = 0) -> BodyJob:
        return cls(
            message.id,
            message.updated,
            message.body,
            message.quoted,
            message.remainder,
            message.is_plain_text,
            width,
        )


def frame(value: object) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return LENGTH.pack(len(data)) + data


def _converted(job: BodyJob) -> Converted | None:
    try:
        document = convert_body(job)
        return document, draw_body(document, job.width) if job.width else None
    except Exception:  # the parent converts this one itself, and sees what it raises
        return None


def _answer(jobs: list[BodyJob]) -> Answer:
    converted = [_converted(job) for job in jobs]
    return converted, [_own_text(done[0]) if done else "" for done in converted]


def _own_text(document: Document) -> str:
    try:
        return document.own_text()
    except Exception:  # the search index goes without it; the body still shows
        return ""


def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """The child's loop: a batch of jobs in, their documents out, until input ends.

    Answers are written by a thread of their own: while the parent is busy (its event loop
    reads them between other work) the pipe fills, and converting goes on meanwhile.
    """
    outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
    writer = threading.Thread(target=_write_all, args=(outbox, answers), daemon=True)
    writer.start()
    try:
        while True:
            head = requests.read(LENGTH.size)
            if len(head) < LENGTH.size:
                return
            (size,) = LENGTH.unpack(head)
            data = requests.read(size)
            if len(data) < size:
                return
            jobs: list[BodyJob] = pickle.loads(data)
            outbox.put(frame(_answer(jobs)))
    finally:
        outbox.put(None)
        writer.join()


def _write_all(outbox: queue.SimpleQueue[bytes | None], answers: IO[bytes]) -> None:
    while (data := outbox.get()) is not None:
        try:
            answers.write(data)
            answers.flush()
        except OSError:  # the parent has gone: nothing more to say
            return


# Converted once at the child's start, while the reader is still on the topic list: the
# first conversions of a process are several times slower (regular expressions compiled,
# caches filled), and would otherwise fall on the first thread opened.
_WARM_UP = (
    BodyJob(0, "warm-up", "<div><p>Hi <b>all</b>, see <a href='https://example.org'>this</a>."
        "</p><blockquote>On Mon, 1 Jan 2024, Ana wrote:<br>&gt; quoted</blockquote>"
        "<table><tr><td>a</td><td>b</td></tr></table><ul><li>one</li></ul></div>"
        "<div class='gmail_signature'>-- <br>Ana</div>", "", "", False, 80),
    BodyJob(1, "warm-up", "Hello,\n\nOn Tue, Bob wrote:\n> quoted\n>> deeper\n\n-- \nBob\n",
        "", "", True, 80),
)  # fmt: skip


# A style's attributes, as its constructor takes them.
_STYLE_ATTRIBUTES = (
    "color", "bgcolor", "bold", "dim", "italic", "underline", "blink", "blink2", "reverse",
    "conceal", "strike", "underline2", "frame", "encircle", "overline", "link",
)  # fmt: skip


def rebuilt_style(attributes: dict[str, Any]) -> Style:
    """A style made again from its attributes (in the process that unpickles it)."""
    return Style(**attributes)


def _style_by_attributes(style: Style) -> tuple[Any, tuple[dict[str, Any]]]:
    # Pickled as it is, a style keeps the hash it cached here, and a string's hash differs
    # from one process to the next: in the UI's process it would compare unequal to the
    # same style made there (runs of equal style would not join, caches would miss).
    attributes = {name: getattr(style, name) for name in _STYLE_ATTRIBUTES}
    return rebuilt_style, ({**attributes, "meta": style.meta or None},)


def pickle_styles_by_attributes() -> None:
    """From now on, this process pickles styles as their attributes (see above)."""
    copyreg.pickle(Style, _style_by_attributes)


def main(answers_fd: int) -> None:
    """The child's life: warm up, say it is ready, then answer until its input ends (or
    its parent is gone). `answers_fd` is its original standard output; by the time this
    runs, descriptor 1 goes nowhere (see `process.BOOTSTRAP`), so that a stray print (a
    library's warning) never lands in the middle of a pickle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    pickle_styles_by_attributes()
    threading.Thread(target=_orphan_watch, args=(os.getppid(),), daemon=True).start()
    for pipe in (0, answers_fd):
        _widen(pipe)
    for job in _WARM_UP:
        _converted(job)
    answers = os.fdopen(answers_fd, "wb")
    answers.write(frame(READY))
    answers.flush()
    serve(sys.stdin.buffer, answers)


def _widen(pipe: int) -> None:
    # The parent writes and reads these pipes from its event loop, which gets round to them
    # between its other work (a page of a walk is some 30 ms of it): in a pipe of 64 KiB,
    # one batch of bodies or one answer fills it, and the rest wait for the next round,
    # the child idle meanwhile. A wider pipe (Linux) takes several at once.
    size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if size is not None:
        with contextlib.suppress(OSError):  # (above the system's limit for a user)
            fcntl.fcntl(pipe, size, PIPE_SIZE)


def _orphan_watch(parent: int) -> None:
    # Its input closes when the parent ends, but the loop sees that only between bodies,
    # and a hostile body can take minutes: a child whose parent has gone ends at once.
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)
