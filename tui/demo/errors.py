"""Service errors: always HTTP 400 with an error object naming the type."""

from __future__ import annotations


class ApiError(Exception):
    """An error the service reports as {"object": "error", "type": ..., "extra": ...}."""

    def __init__(self, error_type: str, extra: str = "") -> None:
        super().__init__(f"{error_type}: {extra}")
        self.type = error_type
        self.extra = extra

    def body(self) -> dict[str, str]:
        """The JSON error object."""
        return {"object": "error", "type": self.type, "extra": self.extra}


class DroppedConnection(Exception):
    """Raised inside the app after a partial response, so the connection breaks mid-body."""
