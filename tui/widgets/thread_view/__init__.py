"""The thread view: a thread's messages drawn as lines, their bodies converted off the UI
thread (``bodies``), nearest the reader first."""

from __future__ import annotations

from .bodies import ConvertMany
from .view import AT_ONCE, Convert, ThreadView

__all__ = ["AT_ONCE", "Convert", "ConvertMany", "ThreadView"]
