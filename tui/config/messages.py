"""Sign-in failures in plain words, for the sign-in screen and `lurker login` alike."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from ..api import errors as e

API_KEY = "api_key"


def sign_in_message(
    error: BaseException,
    method: str,
    origin: str,
    now: Callable[[], datetime] = lambda: datetime.now().astimezone(),
) -> str:
    """What went wrong signing in to `origin` with `method`, as a person would say it."""
    host = urlsplit(origin).hostname or origin
    match error:
        case e.TwoFactorRequiredError():
            return (
                "This account uses two-factor sign-in: enter the code from your authenticator app."
            )
        case e.TwoFactorWrongError():
            return "That two-factor code was not accepted: enter the code showing now."
        case e.ExpiredError() | e.BadCsrfError():
            return "Your session has expired: sign in again."
        case e.UnauthorizedError() if method == API_KEY:
            return (
                "That API key was not accepted: check that it was pasted whole, or create a new "
                f"one at {origin.rstrip('/')}/settings/apikeys."
            )
        case e.UnauthorizedError():
            return "Wrong email or password."
        case e.InadequatePermissionsError():
            return (
                "Signed in, but API access is turned off for that group (or your membership "
                "does not allow this): the group's owner can turn API access on."
            )
        case e.RateLimitError():
            return _rate_limited(error.retry_after, now())
        case e.CertificateError():
            return (
                f"The security certificate of {host} did not verify, so nothing was sent. "
                "If your organisation uses its own certificate authority, set ca_bundle in "
                "the config file (or pass --ca-bundle)."
            )
        case e.ConnectFailedError() | e.RequestTimeoutError() | e.ConnectionDroppedError():
            return (
                f"Could not reach {host}: you may be offline, or the address may be wrong. "
                "Try again when the connection is back."
            )
        case e.LurkerError():
            return str(error)
    return "Signing in failed unexpectedly; try again."


def _rate_limited(seconds: float, now: datetime) -> str:
    whole = max(1, round(seconds))
    wait = f"{whole} seconds" if whole < 90 else f"{round(whole / 60)} minutes"
    at = (now + timedelta(seconds=whole)).strftime("%H:%M:%S")
    return f"Too many attempts: the service asks us to wait. Try again in about {wait} (at {at})."
