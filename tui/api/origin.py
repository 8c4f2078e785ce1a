"""Which origins the client will talk to: HTTPS anywhere, plain HTTP only on this machine."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from .errors import InsecureOriginError

API_PREFIX = "/api/v1/"


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine (so clear text never leaves it)."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def api_root(base_url: str) -> str:
    """The `…/api/v1/` URL for an origin, refusing anything that would leak credentials."""
    parts = urlsplit(base_url.strip())
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise InsecureOriginError(
            f"'{base_url}' is not a web address; use https://your-groups-site (for example "
            "https://groups.io)."
        )
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        raise InsecureOriginError(
            f"Refusing to send your credentials in clear text to {parts.hostname}: "
            "use an https:// address (plain http:// is allowed only for this machine)."
        )
    path = parts.path.rstrip("/")
    if path.endswith("/api/v1"):
        path = path[: -len("/api/v1")]
    netloc = parts.netloc.rsplit("@", 1)[-1]  # never keep user:password@ in the URL
    return f"{parts.scheme}://{netloc}{path}{API_PREFIX}"
