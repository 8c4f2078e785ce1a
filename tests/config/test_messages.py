"""Sign-in failures in plain words, and logs that never show a credential."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest

from tui.api import errors as e
from tui.api.redact import RedactSecrets, protect_logs
from tui.config.messages import sign_in_message

ORIGIN = "https://groups.example.com"
NOON = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("error", "method", "expected"),
    [
        (e.UnauthorizedError("unauthorized_error", "x"), "password-cookie", "Wrong email or"),
        (e.UnauthorizedError(), "api_key", f"{ORIGIN}/settings/apikeys"),
        (e.TwoFactorRequiredError(), "password-token", "two-factor"),
        (e.TwoFactorWrongError(), "password-token", "code was not accepted"),
        (e.ExpiredError(), "password-token", "session has expired"),
        (e.InadequatePermissionsError(), "api_key", "API access is turned off for that group"),
        (e.RateLimitError(retry_after=150), "api_key", "about 2 minutes (at 12:02:30)"),
        (e.RateLimitError(retry_after=20), "api_key", "about 20 seconds (at 12:00:20)"),
        (e.ConnectFailedError("x"), "api_key", "Could not reach groups.example.com"),
        (e.RequestTimeoutError("x"), "api_key", "you may be offline"),
        (e.CertificateError("x"), "api_key", "did not verify, so nothing was sent"),
        (e.ServerError(), "api_key", "problem on its side"),
    ],
)
def test_each_failure_has_plain_words(error: Exception, method: str, expected: str) -> None:
    assert expected in sign_in_message(error, method, ORIGIN, now=lambda: NOON)


@pytest.mark.parametrize(
    "header",
    [
        "(b'set-cookie', b'groupsio=SECRET123; Path=/')",
        "(b'Authorization', b'Bearer SECRET123')",
        "(b'cookie', b\"groupsio=SECRET123; it's\")",
    ],
)
def test_credential_headers_are_hidden_in_http_traces(header: str) -> None:
    message = f"receive_response_headers.complete return_value=(b'HTTP/1.1', 200, [{header}])"
    record = logging.LogRecord("httpcore.http11", logging.DEBUG, "", 0, message, (), None)
    assert RedactSecrets().filter(record)
    assert "SECRET123" not in record.getMessage()
    assert "<hidden>" in record.getMessage()


def test_protection_is_attached_once() -> None:
    protect_logs()
    protect_logs()
    filters = logging.getLogger("httpcore.http11").filters
    assert sum(isinstance(f, RedactSecrets) for f in filters) == 1
