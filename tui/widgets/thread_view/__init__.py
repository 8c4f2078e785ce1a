"""The thread view (``view``): a thread's messages drawn as lines (``drawing``), its keys
(``keys``) and what it tells its screen (``told``). Bodies are converted elsewhere, nearest
the reader first (``bodies``), and laid out when worth it (``handover``)."""

from __future__ import annotations

from .bodies import AT_ONCE, ConvertMany
from .view import Convert, ThreadView

__all__ = ["AT_ONCE", "Convert", "ConvertMany", "ThreadView"]
