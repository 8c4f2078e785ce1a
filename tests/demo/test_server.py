"""The demo service on a real loopback socket, run by serve() in a child process."""

from __future__ import annotations

import re
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from tests.cli.running import ending, installed
from tests.conftest import start_demo_server
from tui.demo.server import serve

from .support import parse_time

ROOT = Path(__file__).resolve().parents[2]
READY = re.compile(r"Lurker demo service on http://127\.0\.0\.1:(\d+)/api/v1/ \(API key: k\)\n")
PLAIN = "from tui.demo.server import serve; serve(0, 'k')"
DROPPING = (
    "from tui.demo import DemoConfig; from tui.demo.server import serve; "
    "serve(0, 'k', config=DemoConfig(drop_rate=1.0))"
)


class Server:
    """A serve() child process and the address it announced."""

    def __init__(self, code: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.base_url = ""

    def wait_ready(self) -> None:
        """Read the announcement line (waiting for it, not sleeping)."""
        assert self.process.stdout is not None
        readable, _, _ = select.select([self.process.stdout], [], [], 30)
        assert readable, "serve() printed nothing"
        line = self.process.stdout.readline()
        match = READY.fullmatch(line)
        assert match, line
        self.base_url = f"http://127.0.0.1:{match.group(1)}"

    def stop(self) -> str:
        """Stop the child and return what it wrote to stderr."""
        self.process.terminate()
        try:
            _, errors = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, errors = self.process.communicate()
        return errors


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Server, Server]]:
    """A normal server and one that drops every connection, started side by side."""
    plain, dropping = Server(PLAIN), Server(DROPPING)
    try:
        plain.wait_ready()
        dropping.wait_ready()
        yield plain, dropping
    finally:
        plain.stop()
        dropping.stop()


def test_serve_answers_over_a_socket(servers: tuple[Server, Server]) -> None:
    plain, _ = servers
    with httpx.Client(base_url=plain.base_url, headers={"Authorization": "Bearer k"}) as client:
        user = client.get("/api/v1/getuser")
        assert user.json()["email"] == "demo@example.com"
        page = client.get("/api/v1/gettopics", params={"group_name": "parent+child"})
        assert page.json()["total_count"] == 40
        missing = client.get("/api/v1/getnothing")
        assert missing.status_code == 404
        assert missing.headers["content-type"].startswith("text/plain")
        assert missing.text == "404 page not found"
        refused = client.get("/api/v1/getuser", headers={"Authorization": "Bearer wrong"})
        assert refused.status_code == 400
        assert refused.json()["type"] == "unauthorized_error"


def test_serve_really_drops_connections(servers: tuple[Server, Server]) -> None:
    _, dropping = servers
    with httpx.Client(base_url=dropping.base_url) as client:
        with pytest.raises(httpx.RemoteProtocolError):
            client.get("/api/v1/getuser")
        with pytest.raises(httpx.RemoteProtocolError):
            client.get("/api/v1/getuser")


def test_serve_is_quiet_even_when_dropping() -> None:
    server = Server(DROPPING)
    server.wait_ready()
    with httpx.Client(base_url=server.base_url) as client, pytest.raises(httpx.RemoteProtocolError):
        client.get("/api/v1/getuser")
    assert server.stop() == ""


def test_serve_refuses_non_loopback_hosts() -> None:
    with pytest.raises(ValueError, match="loopback"):
        serve(0, "k", host="0.0.0.0")
    with pytest.raises(ValueError, match="loopback"):
        serve(0, "k", host="example.com")


def test_a_busy_port_is_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.__main__ import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["demo-server", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lurker demo-server: port {port} is in use; choose another")


def test_demo_server_news_and_no_live_flags() -> None:
    process, origin = start_demo_server("--news", "40", "--no-live")
    try:
        with httpx.Client(base_url=origin, headers={"Authorization": "Bearer test-key"}) as client:
            now = datetime.now(UTC)
            fresh = 0
            for group in ("lurker-dev", "big-archive"):
                params = {"group_name": group, "limit": 50}
                page = client.get("/api/v1/getmessages", params=params).json()
                ages = [now - parse_time(message["created"]) for message in page["data"]]
                fresh += sum(age < timedelta(minutes=5, seconds=30) for age in ages)
            log = client.get("/api/v1/getactivitylog", params={"group_name": "lurker-dev"})
            parent = client.get("/api/v1/gettopics", params={"group_name": "parent"})
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert fresh == 40  # the news, and nothing of the live stream
    assert log.json()["total_count"] == 5000 + 10
    assert parent.json()["total_count"] == 120


def test_ctrl_c_with_a_reader_connected_ends_quietly() -> None:
    """A reader's keep-alive connection open at Ctrl+C: its handler task, cancelled as the
    loop ended, printed a CancelledError traceback (exit status 0 all the same)."""
    command = [installed(), "demo-server", "--port", "0", "--api-key", "k", "--no-live"]
    child = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # (Ctrl+C as a terminal delivers it, even where the suite runs with SIGINT ignored.)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    with ending(child) as process:
        assert process.stdout is not None
        match = READY.fullmatch(process.stdout.readline())
        assert match
        with socket.create_connection(("127.0.0.1", int(match.group(1)))) as reader:
            reader.sendall(b"GET /api/v1/getuser HTTP/1.1\r\nAuthorization: Bearer k\r\n\r\n")
            assert reader.recv(100).startswith(b"HTTP/1.1 200 OK")  # the connection now idle
            process.send_signal(signal.SIGINT)
            _, errors = process.communicate(timeout=30)
    assert process.returncode == 0
    assert errors == ""
