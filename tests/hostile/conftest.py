"""One hostile server for the whole session, and clients made to meet it quickly."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.hostile.server import HostileServer
from tui.api.backoff import RetryPolicy
from tui.api.client import ServiceClient


class NoSleep:
    """Records the waits the client asks for, without waiting."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture(scope="session")
def hostile() -> Iterator[HostileServer]:
    with HostileServer() as server:
        yield server


# The modes meant to time out, given 1 s; the others answer at once, and get the usual 30 s
# so that a busy machine (the server is a thread of the test's process) never times them out.
SLOW_MODES = ("stall", "trickle")


def client_for(server: HostileServer, mode: str, sleep: NoSleep | None = None) -> ServiceClient:
    """The real client, over a real socket, for one mode; stalls are given 1 s."""
    return ServiceClient(
        server.origin(mode),
        api_key="hostile-key",
        timeout=1.0 if mode in SLOW_MODES else 30.0,
        retry=RetryPolicy(),
        sleep=sleep or NoSleep(),
    )
