"""What each hostile mode must come to in the client and on screen."""

from __future__ import annotations

from tui.api import errors as e

# mode → (the error it must raise, words its sentence must hold)
FAILURES = {
    "cut": (e.ConnectionDroppedError, "broke before the answer was complete"),
    "stall": (e.RequestTimeoutError, "did not answer in time"),
    "trickle": (e.RequestTimeoutError, "did not answer in time"),
    "malformed": (e.InvalidJsonError, "not valid JSON"),
    "html-503": (e.UnexpectedResponseError, "unavailable right now (HTTP 503)"),
    "not-found": (e.UnknownEndpointError, "(HTTP 404)"),
    "redirect": (e.UnexpectedResponseError, "not following it"),
    "deep-json": (e.InvalidJsonError, "nested too deeply"),
    "fake-gzip": (e.UnexpectedResponseError, "compressed (gzip) but could not be unpacked"),
    "gzip-bomb": (e.ResponseTooLargeError, "more than 32 MB once unpacked"),
    "huge-page": (e.ResponseTooLargeError, "more than 32 MB, Lurker's limit"),
    "many-values": (e.ResponseTooLargeError, "more than 2,000,000 values"),
    "retry-after-zero": (e.RateLimitError, "limiting how fast"),
    "retry-after-huge": (e.RateLimitError, "try again in about 24 h"),
    "status-401": (e.UnauthorizedError, "did not accept your sign-in (HTTP 401)"),
    "status-403": (e.ForbiddenError, "(HTTP 403)"),
}
