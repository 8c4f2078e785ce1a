"""Programs in real terminals for the black-box scenario: tmux panes read through one
control-mode client.

A `capture-pane` run as a command of its own forks a tmux client each time (2 to 3 ms of CPU
on this machine), which at a poll every few milliseconds takes half a core from the app
being timed on two cores. A control-mode client (`tmux -C`) stays attached and answers the
same command in about 0.1 ms, so the screen can be polled every 2 ms for almost nothing.
It is attached with `no-output`: tmux would otherwise copy every byte each pane writes to
it, and an End walk writes a great deal.
"""

from __future__ import annotations

import shlex
import subprocess
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

WIDTH, HEIGHT = 100, 30
POLL = 0.002  # seconds between two looks at a screen
DEADLINE = 60.0  # seconds for anything awaited to show


class Panes:
    """A tmux server of its own, with a session per program started."""

    def __init__(self) -> None:
        self.server = f"lurker-bench-{uuid.uuid4().hex[:8]}"
        self._tmux = ["tmux", "-L", self.server]
        # A session that outlives the programs: the server ends with its last session.
        subprocess.run(
            [*self._tmux, "new-session", "-d", "-s", "keeper", "-x", "20", "-y", "5", "cat"],
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # the server would keep them: not the bench's own
            stderr=subprocess.DEVNULL,
        )
        self._client = subprocess.Popen(
            [*self._tmux, "-C", "attach-session", "-t", "keeper", "-f", "no-output"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._sent = 0

    def _client_stdin(self, data: bytes) -> None:
        assert self._client.stdin is not None
        self._client.stdin.write(data)
        self._client.stdin.flush()

    def _command(self, command: str) -> list[str]:
        """Run one tmux command through the control client; its output lines.

        Each command is followed by a marker command, and the answer taken is the block
        just before the marker's: a block read out of turn (one seen when a session ended
        under a poll) would otherwise shift every answer after it by one.
        """
        self._sent += 1
        marker = f"marker-{self._sent}"
        self._client_stdin(f"{command}\ndisplay-message -p {marker}\n".encode())
        answer: tuple[list[str], bool] = ([], False)
        while True:
            block = self._block()
            if block == ([marker], False):
                break
            answer = block
        lines, failed = answer
        if failed:
            raise RuntimeError(f"tmux {command!r}: {lines}")
        return lines

    def _block(self) -> tuple[list[str], bool]:
        """The next answer's lines (a `%begin` … `%end` block), and whether it is an error."""
        assert self._client.stdout is not None
        lines: list[str] = []
        for raw in self._client.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if line.startswith("%begin"):
                lines = []
            elif line.startswith(("%end", "%error")):
                return lines, line.startswith("%error")
            elif not line.startswith("%"):  # notifications (%session-changed…) are not ours
                lines.append(line)
        raise RuntimeError("the tmux control client went away")

    def start(
        self, name: str, argv: Sequence[str], env: Mapping[str, str], cwd: Path, gate: str
    ) -> None:
        """Open a pane that will exec `argv` (with exactly `env`) once `go(name)` is called.

        The shell prints `gate` and waits on a line, so that the pane, its shell and tmux
        are all up before the clock starts; the program then replaces the shell (`exec`,
        through `env -i`), and the pane closes when the program ends.
        """
        variables = " ".join(shlex.quote(f"{key}={value}") for key, value in env.items())
        program = " ".join(shlex.quote(part) for part in argv)
        shell = f"printf %s {shlex.quote(gate)}; read _ && exec env -i {variables} {program}"
        self._command(
            f"new-session -d -s {name} -x {WIDTH} -y {HEIGHT} -c {shlex.quote(str(cwd))} "
            + shlex.quote(shell)
        )
        self.wait(name, lambda screen: gate in screen, "the shell's gate")

    def go(self, name: str) -> float:
        """Let the pane's program start; the `perf_counter` moment it was let go."""
        return self.keys(name, "Enter")

    def keys(self, name: str, *keys: str) -> float:
        """Type `keys` (tmux key names) into the pane; the `perf_counter` moment just before."""
        started = time.perf_counter()
        self._command(f"send-keys -t {name} " + " ".join(shlex.quote(key) for key in keys))
        return started

    def screen(self, name: str) -> str:
        """The pane's text as a user sees it now."""
        return "\n".join(self._command(f"capture-pane -p -t {name}"))

    def wait(self, name: str, shows: Callable[[str], bool], what: str) -> float:
        """Poll the pane until `shows(screen)`; the `perf_counter` moment of that look."""
        deadline = time.perf_counter() + DEADLINE
        while True:
            seen = time.perf_counter()
            screen = self.screen(name)
            if shows(screen):
                return seen
            if seen > deadline:
                raise RuntimeError(f"{what} never showed; the screen was:\n{screen}")
            time.sleep(POLL)  # polling another process's screen: the condition counts

    def quiet(self, name: str, still: float = 0.3) -> None:
        """Wait until the pane's screen has not changed for `still` seconds (a page fetched
        ahead of the first screen has come and gone)."""
        deadline = time.perf_counter() + DEADLINE
        screen, since = self.screen(name), time.perf_counter()
        while time.perf_counter() - since < still:
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{name}'s screen never settled")
            time.sleep(POLL)
            now = self.screen(name)
            if now != screen:
                screen, since = now, time.perf_counter()

    def running(self, name: str) -> bool:
        """Whether the pane (its program) is still there."""
        try:
            self._command(f"has-session -t {name}")
        except RuntimeError:
            return False
        return True

    def wait_gone(self, name: str) -> None:
        """Wait until the pane's program has ended (so the next run has the machine)."""
        deadline = time.perf_counter() + DEADLINE
        while self.running(name):
            if time.perf_counter() > deadline:
                self.kill(name)
                raise RuntimeError(f"{name} did not end")
            time.sleep(0.01)

    def kill(self, name: str) -> None:
        """End a pane's program now, if it is still there."""
        if self.running(name):
            self._command(f"kill-session -t {name}")

    def close(self) -> None:
        """End the server and every program in it."""
        subprocess.run([*self._tmux, "kill-server"], check=False, capture_output=True)
        try:
            self._client.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._client.kill()
            self._client.wait()
