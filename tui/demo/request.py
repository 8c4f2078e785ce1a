"""One API call as the endpoints see it: method, endpoint name, decoded parameters, headers."""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from .errors import ApiError

API_PREFIX = "/api/v1/"


@dataclass
class ApiRequest:
    """A decoded request; parameters keep their order and repeated names."""

    method: str
    path: str
    params: list[tuple[str, str]]
    headers: dict[str, str]
    cookies: dict[str, str]
    response_headers: list[tuple[str, str]] = field(default_factory=list)
    raw_path: str = ""  # as sent, its %-escapes kept (a file's name may hold a "/")
    scheme: str = "http"

    @property
    def origin(self) -> str:
        """The origin the request was sent to, as its Host header names it."""
        return f"{self.scheme}://{self.headers.get('host', 'localhost')}"

    @property
    def endpoint(self) -> str | None:
        """The endpoint name, or None when the path is not under /api/v1/."""
        if not self.path.startswith(API_PREFIX):
            return None
        name = self.path[len(API_PREFIX) :]
        return name if name and "/" not in name else None

    def get(self, name: str) -> str | None:
        """The first value of the parameter, or None when it is absent."""
        for key, value in self.params:
            if key == name:
                return value
        return None

    def flag(self, name: str) -> bool:
        """A boolean parameter: "true" or "false" (absent or empty means false)."""
        value = (self.get(name) or "").strip().lower()
        if value in ("true", "1"):
            return True
        if value in ("false", "0", ""):
            return False
        raise ApiError("invalid_value", name)

    def integer(self, name: str, error: ApiError | None = None) -> int | None:
        """An integer parameter, None when absent or empty; garbage raises the error."""
        value = (self.get(name) or "").strip()
        if not value:
            return None
        try:
            return int(value)
        except ValueError:
            raise error or ApiError("invalid_value", name) from None


def _parse_form(raw: bytes) -> list[tuple[str, str]]:
    """Standard form decoding: %XX escapes are UTF-8 and a raw "+" is a space."""
    return parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True, encoding="utf-8")


def _parse_cookies(header: str) -> dict[str, str]:
    cookies = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            cookies[name] = value
    return cookies


def parse_request(scope: MutableMapping[str, Any], body: bytes) -> ApiRequest:
    """Decode an ASGI HTTP scope and its body with standard form decoding."""
    headers = {
        key.decode("latin-1").lower(): value.decode("latin-1")
        for key, value in scope.get("headers") or []
    }
    params = _parse_form(scope.get("query_string") or b"")
    if body and headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        params += _parse_form(body)
    return ApiRequest(
        method=str(scope.get("method", "GET")).upper(),
        path=str(scope.get("path", "")),
        params=params,
        headers=headers,
        cookies=_parse_cookies(headers.get("cookie", "")),
        raw_path=bytes(scope.get("raw_path") or b"").decode("latin-1"),
        scheme=str(scope.get("scheme", "http")),
    )
