"""HTTPS against a locally made CA, and credentials that never follow a redirect."""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
import trustme

from tui.api import errors as e
from tui.config.connection import open_account
from tui.config.credentials import AccountClient
from tui.config.messages import sign_in_message
from tui.config.settings import Settings, SettingsError
from tui.config.tls import ssl_context

USER = {"object": "user", "id": 7, "email": "tls@example.com", "csrf_token": "1"}


@dataclass
class TlsServer:
    """A one-answer HTTPS server on 127.0.0.1 with a certificate from a throwaway CA."""

    origin: str
    ca_file: Path
    requests: list[bytes] = field(default_factory=list)


async def _answer(
    server: TlsServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, ConnectionError):
        writer.close()
        return
    server.requests.append(head)
    body = json.dumps(USER).encode()
    writer.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    await writer.drain()
    writer.close()


@pytest.fixture
async def tls_server(tmp_path: Path) -> AsyncIterator[TlsServer]:
    async with serve_tls(tmp_path, "127.0.0.1") as server:
        yield server


@contextlib.asynccontextmanager
async def serve_tls(
    tmp_path: Path, *hosts: str, not_after: datetime | None = None
) -> AsyncIterator[TlsServer]:
    """The server, its certificate issued for `hosts` (and until `not_after`) by a new CA."""
    ca = trustme.CA()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(*hosts, not_after=not_after).configure_cert(context)
    ca_file = tmp_path / "company-ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    holder: list[TlsServer] = []
    server = await asyncio.start_server(
        lambda r, w: _answer(holder[0], r, w), "127.0.0.1", 0, ssl=context
    )
    port = server.sockets[0].getsockname()[1]
    holder.append(TlsServer(f"https://127.0.0.1:{port}", ca_file))
    async with server:
        yield holder[0]
        server.close()


async def test_unknown_certificate_is_refused_before_anything_is_sent(
    tls_server: TlsServer,
) -> None:
    async with AccountClient(tls_server.origin, api_key="k", verify=ssl_context()) as client:
        with pytest.raises(e.CertificateError):
            await client.get_user()
    assert tls_server.requests == []


async def test_configured_ca_bundle_is_trusted(tls_server: TlsServer) -> None:
    settings = Settings(
        base_url=tls_server.origin, api_key="k", demo=False, ca_bundle=str(tls_server.ca_file)
    )
    session = open_account(settings)
    async with session.client:
        user = await session.client.get_user()
    assert user.email == "tls@example.com"
    assert tls_server.requests[0].startswith(b"GET /api/v1/getuser")


YESTERDAY = datetime.now(UTC) - timedelta(days=1)


@pytest.mark.parametrize(
    ("hosts", "not_after", "bundle", "reason", "words"),
    [
        (("127.0.0.1",), YESTERDAY, "own", "expired", "has expired"),
        (("other.example",), None, "own", "hostname", "issued for another host name"),
        (("127.0.0.1",), None, None, "unknown_ca", "authority this machine does not trust"),
        (("127.0.0.1",), None, "foreign", "unknown_ca", "not signed by a certificate authority"),
    ],
)
async def test_a_refused_certificate_says_why(
    tmp_path: Path,
    hosts: tuple[str, ...],
    not_after: datetime | None,
    bundle: str | None,
    reason: str,
    words: str,
) -> None:
    foreign = tmp_path / "foreign-ca.pem"
    trustme.CA().cert_pem.write_to_path(str(foreign))
    async with serve_tls(tmp_path, *hosts, not_after=not_after) as server:
        ca_bundle = {"own": str(server.ca_file), "foreign": str(foreign), None: None}[bundle]
        verify = ssl_context(ca_bundle)
        async with AccountClient(server.origin, api_key="k", verify=verify) as client:
            with pytest.raises(e.CertificateError) as caught:
                await client.get_user()
    assert caught.value.reason == reason
    assert server.requests == []
    message = sign_in_message(caught.value, "api_key", server.origin, ca_bundle=ca_bundle)
    assert words in message
    assert ("ca_bundle" in message) == (reason == "unknown_ca")


def test_unusable_ca_bundle_is_a_plain_message(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="no such file"):
        ssl_context(tmp_path / "missing.pem")
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate")
    with pytest.raises(SettingsError, match="not a PEM file"):
        ssl_context(junk)


@pytest.mark.parametrize("status", [301, 302, 307, 308])
async def test_redirect_to_another_host_carries_no_credentials(status: int) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.host == "groups.example.com":
            target = f"https://collector.example.net{request.url.path}"
            return httpx.Response(status, headers={"Location": target})
        return httpx.Response(200, json=USER)

    transport = httpx.MockTransport(handler)
    client = AccountClient("https://groups.example.com", transport=transport)
    async with client:
        client.use_api_key("secret-api-key")
        with pytest.raises(e.UnexpectedResponseError, match=r"redirected .* not following"):
            await client.get_user()
        with pytest.raises(e.UnexpectedResponseError):
            await client.login("me@example.com", "secret-password")
    # The key went to its own origin only; the redirect target never got a request at all.
    assert [request.url.host for request in seen] == ["groups.example.com"] * 2
    assert seen[0].headers["Authorization"] == "Bearer secret-api-key"
    assert all(b"secret" not in r.url.raw_path for r in seen)
