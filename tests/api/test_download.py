"""Downloads: the credential only to the service's origin, within a size limit, and a
link the service refuses asked for again with its message."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from tui.api.attachments import fetch_attachment
from tui.api.client import ServiceClient
from tui.api.download import DownloadError, LinkRefusedError, TooLargeError
from tui.demo import DemoConfig, DemoService, demo_transport
from tui.demo import files as demo_files

NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)
TOPIC = 700000005  # the sandbox's hostile files: a 6 MB one among them


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def client_of(
    service: DemoService, transport: httpx.AsyncBaseTransport | None = None
) -> ServiceClient:
    return ServiceClient(
        "http://localhost", api_key="demo-key", transport=transport or demo_transport(service)
    )


async def test_a_link_on_the_services_origin_gets_the_credential() -> None:
    service = DemoService(DemoConfig(now=NOW))
    async with client_of(service) as client:
        attachment = (await client.get_topic(topic_id=TOPIC)).data[0].attachments[0]
        got = bytearray()
        fetched = await client.downloads.fetch(attachment.download_url, got.extend, most=10**6)
    assert bytes(got) == demo_files.body(attachment.filename, attachment.media_type)
    assert fetched.size == len(got)
    assert fetched.media_type == "image/png"
    assert service.requests[-1].auth == "bearer"


async def test_another_host_gets_no_credential_and_no_cookie() -> None:
    service = DemoService(DemoConfig(now=NOW, files_origin="http://files.localhost"))
    async with client_of(service) as client:
        await client.login(service.demo_email, service.demo_password)  # a cookie session
        attachment = (await client.get_topic(topic_id=TOPIC)).data[0].attachments[0]
        await client.downloads.fetch(attachment.download_url, lambda chunk: None, most=10**6)
    last = service.requests[-1]
    assert (last.host, last.auth) == ("files.localhost", "none")


async def test_a_redirect_to_another_host_drops_the_credential() -> None:
    service = DemoService(DemoConfig(now=NOW))
    inner = demo_transport(service)
    seen: list[httpx.Request] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path == "/moved":  # the fault: the service sends the file elsewhere
            return httpx.Response(302, headers={"Location": "http://other.localhost/file"})
        if request.url.host == "other.localhost":
            return httpx.Response(200, content=b"moved here")
        return await inner.handle_async_request(request)

    async with client_of(service, httpx.MockTransport(handler)) as client:
        got = bytearray()
        await client.downloads.fetch("http://localhost/moved", got.extend, most=100)
    assert bytes(got) == b"moved here"
    assert seen[0].headers.get("authorization") == "Bearer demo-key"
    assert "authorization" not in seen[1].headers
    assert "cookie" not in seen[1].headers


async def test_a_file_over_the_limit_is_refused_before_or_while_it_comes() -> None:
    service = DemoService(DemoConfig(now=NOW))
    async with client_of(service) as client:
        big = (await client.get_topic(topic_id=TOPIC)).data[0].attachments[4]
        assert big.filename == demo_files.BIG
        got = bytearray()
        with pytest.raises(TooLargeError, match=r"6\.0 MB, over the limit of 1\.0 MB"):
            await client.downloads.fetch(big.download_url, got.extend, most=1024 * 1024)
        assert not got  # refused on its Content-Length, unread

    async def no_length(request: httpx.Request) -> httpx.Response:
        async def body():  # streamed, with no length said
            for _ in range(64):
                yield bytes(64 * 1024)

        return httpx.Response(200, content=body())

    async with client_of(service, httpx.MockTransport(no_length)) as client:
        with pytest.raises(TooLargeError, match="over the limit"):
            await client.downloads.fetch("http://localhost/x", lambda c: None, most=1024 * 1024)


async def test_plain_http_to_another_machine_is_not_fetched() -> None:
    service = DemoService(DemoConfig(now=NOW))
    async with client_of(service) as client:
        with pytest.raises(DownloadError, match="plain http"):
            await client.downloads.fetch("http://example.com/a.png", lambda c: None, most=10)
    assert service.requests == []


async def test_an_expired_link_is_asked_for_again_with_its_message() -> None:
    clock = Clock()
    service = DemoService(DemoConfig(now=NOW, link_lifetime=60), clock=clock)
    async with client_of(service) as client:
        message = (await client.get_topic(topic_id=TOPIC)).data[0]
        old = message.attachments[0]
        clock.now = 3600.0  # the thread was kept an hour: its links have expired
        with pytest.raises(LinkRefusedError):
            await client.downloads.fetch(old.download_url, lambda c: None, most=10**6)
        got = bytearray()
        await fetch_attachment(client, old, (TOPIC, message.id), got.extend, most=10**6)
    assert bytes(got) == demo_files.body(old.filename, old.media_type)
    asked = [request.endpoint for request in service.requests[-3:]]
    assert asked[1] == "gettopic"
