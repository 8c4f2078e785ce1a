"""Injected faults: the rate limit, queued faults, random faults, latency, and recording."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tui.demo import DemoService, RecordedRequest, demo_transport

from .support import BASE_URL, BEARER, FakeClock


async def test_rate_limit_answers_429_with_nothing_else(
    client: httpx.AsyncClient, service: DemoService, clock: FakeClock
) -> None:
    service.config.rate_limit = 2
    service.config.rate_window = 10.0
    assert (await client.get("/api/v1/getuser")).status_code == 200
    assert (await client.get("/api/v1/getuser")).status_code == 200
    limited = await client.get("/api/v1/getuser")
    assert limited.status_code == 429
    assert limited.content == b""
    assert "retry-after" not in limited.headers
    clock.advance(10)
    assert (await client.get("/api/v1/getuser")).status_code == 200


async def test_fail_next_applies_faults_in_order(
    client: httpx.AsyncClient, service: DemoService
) -> None:
    service.fail_next("429", "server", "invalid_json")
    too_many = await client.get("/api/v1/getuser")
    assert (too_many.status_code, too_many.content) == (429, b"")
    server = await client.get("/api/v1/getuser")
    assert server.status_code == 400
    assert server.json()["type"] == "server"
    not_json = await client.get("/api/v1/getuser")
    assert not_json.status_code == 200
    with pytest.raises(ValueError, match="Expecting value"):
        not_json.json()
    assert (await client.get("/api/v1/getuser")).json()["object"] == "user"


async def test_drop_surfaces_as_remote_protocol_error(
    client: httpx.AsyncClient, service: DemoService
) -> None:
    service.fail_next("drop")
    with pytest.raises(httpx.RemoteProtocolError):
        await client.get("/api/v1/getuser")
    assert (await client.get("/api/v1/getuser")).status_code == 200


async def test_slow_is_really_slow(client: httpx.AsyncClient, service: DemoService) -> None:
    service.fail_next("slow")
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(client.get("/api/v1/getuser"), timeout=0.05)
    assert (await client.get("/api/v1/getuser")).status_code == 200


async def test_slow_trips_the_client_read_timeout(service: DemoService) -> None:
    service.fail_next("slow")
    transport = demo_transport(service)
    async with httpx.AsyncClient(
        transport=transport, base_url=BASE_URL, headers=BEARER, timeout=0.05
    ) as quick:
        with pytest.raises(httpx.ReadTimeout):
            await quick.get("/api/v1/getuser")


def test_unknown_fault_names_are_refused(service: DemoService) -> None:
    with pytest.raises(ValueError, match="unknown faults"):
        service.fail_next("explode")


async def test_random_faults_follow_the_rates(
    client: httpx.AsyncClient, service: DemoService
) -> None:
    service.config.error_rate = 1.0
    assert (await client.get("/api/v1/getuser")).json()["type"] == "server"
    service.config.error_rate = 0.0
    service.config.drop_rate = 1.0
    with pytest.raises(httpx.RemoteProtocolError):
        await client.get("/api/v1/getuser")
    service.config.drop_rate = 0.0
    assert (await client.get("/api/v1/getuser")).status_code == 200


async def test_latency_is_added_before_answering(
    client: httpx.AsyncClient, service: DemoService
) -> None:
    service.config.latency = 5.0
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(client.get("/api/v1/getuser"), timeout=0.05)


async def test_requests_are_recorded_with_parameters_and_auth(
    client: httpx.AsyncClient, anonymous: httpx.AsyncClient, service: DemoService
) -> None:
    await client.post(
        "/api/v1/gettopics?group_name=lurker-dev", data={"limit": "5", "q": ["a b", "c+d"]}
    )
    await anonymous.get("/api/v1/getuser")
    await anonymous.get("/api/v1/nothing")
    assert service.requests == [
        RecordedRequest(
            "POST",
            "gettopics",
            (("group_name", "lurker-dev"), ("limit", "5"), ("q", "a b"), ("q", "c+d")),
            "bearer",
        ),
        RecordedRequest("GET", "getuser", (), "none"),
        RecordedRequest("GET", "nothing", (), "none"),
    ]
    service.requests.clear()
    await client.get("/api/v1/getuser")
    assert len(service.requests) == 1
