"""What Lurker prints when it hits a bug: the error without any frame's locals."""

from __future__ import annotations

import rich
from rich.console import Group, RenderableType
from rich.traceback import Traceback


def crash_report() -> RenderableType:
    """The error being handled, for the terminal once the app has closed (a local could
    be a credential or a whole message: none is shown)."""
    note = "Lurker hit a bug and closed. Please report the error below.\n"
    return Group(note, Traceback(show_locals=False, width=None, suppress=[rich]))
