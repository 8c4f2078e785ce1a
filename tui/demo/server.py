"""Run the demo service on a loopback socket with uvicorn."""

from __future__ import annotations

import ipaddress
import logging
import socket
from dataclasses import replace

import uvicorn

from .config import DemoConfig
from .errors import DroppedConnection
from .service import DemoService


class _HideDeliberateDrops(logging.Filter):
    """Keep uvicorn from logging the connections the service drops on purpose."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, DroppedConnection)


class _AnnouncingServer(uvicorn.Server):
    """A uvicorn server that prints the one line tests and users wait for."""

    def __init__(self, config: uvicorn.Config, api_key: str) -> None:
        super().__init__(config)
        self._api_key = api_key

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.started:
            return
        host, port = self.servers[0].sockets[0].getsockname()[:2]
        shown = f"[{host}]" if ":" in host else host
        print(
            f"Lurker demo service on http://{shown}:{port}/api/v1/ (API key: {self._api_key})",
            flush=True,
        )


def _require_loopback(host: str) -> None:
    if host == "localhost":
        return
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ValueError(f"the demo service only listens on loopback addresses, not {host!r}")


def listen(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A socket bound to a loopback address (port 0 picks a free one); OSError if taken."""
    _require_loopback(host)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def serve(
    port: int = 8765,
    api_key: str = "demo-key",
    host: str = "127.0.0.1",
    config: DemoConfig | None = None,
    sock: socket.socket | None = None,
) -> None:
    """Serve the demo API until interrupted (port 0 picks a free port; api_key beats config's)."""
    sock = sock or listen(port, host)
    service = DemoService(replace(config or DemoConfig(), api_key=api_key))
    uvicorn_config = uvicorn.Config(
        service,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        lifespan="off",
        http="h11",
        server_header=False,
    )
    logging.getLogger("uvicorn.error").addFilter(_HideDeliberateDrops())
    _AnnouncingServer(uvicorn_config, api_key).run(sockets=[sock])
