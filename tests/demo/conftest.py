"""Fixtures: a demo service with a fixed "now" and a hand-moved clock, and a client for it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tui.demo import DemoConfig, DemoService, demo_transport

from .support import BASE_URL, BEARER, FIXED_NOW, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    """The service's clock."""
    return FakeClock()


@pytest.fixture
def service(clock: FakeClock) -> DemoService:
    """A demo service with deterministic data."""
    return DemoService(DemoConfig(now=FIXED_NOW), clock=clock)


@pytest.fixture
async def client(service: DemoService) -> AsyncIterator[httpx.AsyncClient]:
    """A client authenticated with the API key."""
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        yield c


@pytest.fixture
async def anonymous(service: DemoService) -> AsyncIterator[httpx.AsyncClient]:
    """A client without credentials (it keeps cookies)."""
    async with httpx.AsyncClient(transport=demo_transport(service), base_url=BASE_URL) as c:
        yield c
