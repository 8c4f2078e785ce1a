"""Offline, what was never saved is named for what it is: a thread is not "this list"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.transports import Unplugged
from tui.api.client import ServiceClient
from tui.api.errors import TransportError
from tui.api.params import ActivityQuery
from tui.store.house import open_house
from tui.store.pages.library import StoredLibrary

LISTS: dict[str, Callable[[StoredLibrary], Any]] = {
    "this thread": lambda library: library.thread("100000003"),
    "this log": lambda library: library.activity("lurker-dev", ActivityQuery()),
    "this list": lambda library: library.topics("lurker-dev"),
    "the group list": lambda library: library.groups(),
}


@pytest.mark.parametrize("what", list(LISTS))
async def test_nothing_saved_names_what_it_is(tmp_path: Path, what: str) -> None:
    client = ServiceClient("http://localhost", api_key="k", transport=Unplugged())
    house = open_house(tmp_path / "store.sqlite3")
    try:
        source = LISTS[what](house.pages.library(client))
        with pytest.raises(TransportError) as raised:
            await source.next_page()
        assert f"Nothing of {what} was saved to read offline." in str(raised.value)
    finally:
        await client.aclose()
        house.close()
