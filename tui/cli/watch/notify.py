"""`--notify`: a desktop notification through the terminal the watch runs in.

Written to the controlling terminal (`/dev/tty`), never to standard output (which may be
a pipe or a file): OSC 9 (iTerm2, WezTerm, kitty, foot, Windows Terminal, ...), OSC 777
(urxvt, foot, WezTerm, VTE-based terminals ...) or the bell, as the `notification` setting
says. Inside tmux the sequence is wrapped in tmux's passthrough (which tmux lets out only
with `set -g allow-passthrough on`), inside GNU screen in screen's; the bell is never
wrapped (both multiplexers pass it on their own way). The words are cleaned of control
characters first and shortened: they come from the service.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping

from ...render.safety import clean

__all__ = ["KINDS", "Notifier", "sequence"]

KINDS = ("osc9", "osc777", "bell")
LONGEST = 200  # characters of a notification's words (screen passes at most 768 bytes)
TTY = "/dev/tty"

Say = Callable[[str], None]


def sequence(kind: str, title: str, body: str, environ: Mapping[str, str]) -> bytes:
    """The bytes that ask the terminal for a notification, wrapped for a multiplexer."""
    if kind == "bell":
        return b"\a"
    title, body = _words(title), _words(body)
    if kind == "osc777":
        payload = f"\x1b]777;notify;{title.replace(';', ',')};{body}\x07"
    else:
        text = f"{title}: {body}"
        if re.match(r"\d", text):  # (OSC 9;4;… is a progress bar in some terminals)
            text = f"Lurker: {text}"
        payload = f"\x1b]9;{text}\x07"
    if environ.get("TMUX"):
        payload = "\x1bPtmux;" + payload.replace("\x1b", "\x1b\x1b") + "\x1b\\"
    elif environ.get("STY") and environ.get("TERM", "").startswith("screen"):
        payload = "\x1bP" + payload + "\x1b\\"
    return payload.encode("utf-8", "replace")


def _words(text: str) -> str:
    text = clean(text)
    return text if len(text) <= LONGEST else text[: LONGEST - 1] + "…"


class Notifier:
    """Sends notifications to the controlling terminal (said once when there is none)."""

    def __init__(self, kind: str, say: Say, environ: Mapping[str, str], tty: str = TTY) -> None:
        self.kind = kind
        self._say = say
        self._environ = environ
        self._tty = tty
        self._fd: int | None = None
        self._broken = False

    def notify(self, title: str, body: str) -> None:
        """Ask the terminal to show a notification."""
        if self._broken:
            return
        try:
            if self._fd is None:
                self._fd = os.open(self._tty, os.O_WRONLY | os.O_NOCTTY)
            os.write(self._fd, sequence(self.kind, title, body, self._environ))
        except OSError as error:
            self._broken = True
            self._say(
                f"--notify: no terminal to notify on ({self._tty}: "
                f"{(error.strerror or str(error)).lower()}); --exec can run a notifier instead."
            )

    def close(self) -> None:
        """Let go of the terminal."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
