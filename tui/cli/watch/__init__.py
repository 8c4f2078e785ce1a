"""`lurker watch`: new messages (and log entries) told as they come, for scripts, status
bars and terminals: `command` (the looks, the pace, how a watch ends), `looking` (what one
look asks, and what was told, kept in the store's told wing), `events` (the lines and JSON
objects), `hooks` (`--exec`), `notify` (`--notify`)."""

from .command import run

__all__ = ["run"]
