"""What a screen says when a page failed because the sign-in ended mid-use."""

from __future__ import annotations

from collections.abc import Callable

from textual.message import Message


class SignInLost(Message):
    """A request failed with `error`; if the sign-in was lost, the app asks for it again and
    then calls `retry` (the screen underneath keeps everything it had loaded)."""

    def __init__(self, error: Exception, retry: Callable[[], object]) -> None:
        super().__init__()
        self.error = error
        self.retry = retry
