"""Children for the file-safety tests: writers that start together, loop or die; a reader.

Run as `python -m tests.writers ROLE FILE KIND [ARG]`, where KIND is `secrets` (a
SecretStore without keyring) or `state` (save_state). Progress goes to stdout, a line at a time.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

from tui.config.saved import Credential
from tui.config.secrets import SecretStore
from tui.config.theme import save_state

MARKER = "not-for-stray-files-"


def save(kind: str, path: Path, key: str, value: str) -> None:
    """One read-modify-write of `path` through the module that owns it."""
    if kind == "secrets":
        SecretStore(path, keyring=None).save(key, Credential("api_key", MARKER + value))
    else:
        os.environ["LURKER_STATE"] = str(path)
        save_state(**{key: MARKER + value})


def keys_of(kind: str, text: str) -> set[str]:
    """The keys a file's text holds; ValueError when it does not parse as the owner wrote it."""
    data = json.loads(text)
    entries = data["accounts"] if kind == "secrets" else data
    if not isinstance(entries, dict):
        raise ValueError("not a table of entries")
    return set(entries)


def together(kind: str, path: Path, prefix: str, count: int) -> None:
    """Wait at the barrier (a line on stdin), then add `count` keys of our own."""
    print("ready", flush=True)
    sys.stdin.readline()
    for number in range(count):
        save(kind, path, f"{prefix}-{number}", str(number))


def loop(kind: str, path: Path) -> None:
    """Rewrite the file until killed, saying after each write that it is done."""
    # A few kilobytes of other entries, so that each write takes some doing.
    for number in range(20):
        save(kind, path, f"padding-{number}", "x" * 200)
    number = 0
    while True:
        save(kind, path, "looping", f"{number}-" + "y" * 2000)
        print(number, flush=True)
        number += 1


def die_before_rename(kind: str, path: Path) -> None:
    """Save once more, killed (SIGKILL) after the temporary file is written, before the rename."""
    save(kind, path, "before", "the kill")
    os.replace = lambda *_: os.kill(os.getpid(), signal.SIGKILL)  # type: ignore[assignment]
    save(kind, path, "lost", "in the kill")


def read(kind: str, path: Path, stop: Path) -> None:
    """Read the file raw until `stop` exists; print reads, torn reads and missing files."""
    reads = torn = missing = 0
    while not stop.exists():
        reads += 1
        try:
            keys_of(kind, path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            missing += 1
        except (ValueError, KeyError, UnicodeDecodeError):
            torn += 1
    print(json.dumps({"reads": reads, "torn": torn, "missing": missing}), flush=True)


def main(role: str, file: str, kind: str, *rest: str) -> None:
    path = Path(file)
    if role == "together":
        together(kind, path, rest[0], int(rest[1]))
    elif role == "loop":
        loop(kind, path)
    elif role == "die-before-rename":
        die_before_rename(kind, path)
    elif role == "read":
        read(kind, path, Path(rest[0]))


if __name__ == "__main__":
    main(*sys.argv[1:])
