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
    ca_bundle: str | None = None,
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
            return _certificate(error.reason, host, ca_bundle)
        case e.ConnectFailedError() | e.RequestTimeoutError() | e.ConnectionDroppedError():
            return (
                f"Could not reach {host}: you may be offline, or the address may be wrong. "
                "Try again when the connection is back."
            )
        case e.LurkerError():
            return str(error)
    return f"Signing in failed unexpectedly ({type(error).__name__}); try again."


def _certificate(reason: str, host: str, ca_bundle: str | None) -> str:
    """Why the certificate of `host` was refused, and the one thing that could help."""
    refused = f"The security certificate of {host}"
    if reason == "expired":
        return (
            f"{refused} has expired, so nothing was sent. If this machine's date is right, "
            "the site has to renew it."
        )
    if reason == "not_yet_valid":
        return f"{refused} is not valid yet, so nothing was sent: check this machine's date."
    if reason == "hostname":
        return (
            f"{refused} was issued for another host name, so nothing was sent: check the "
            "address (a proxy or a Wi-Fi login page may be in the way)."
        )
    if ca_bundle:
        return (
            f"{refused} is not signed by a certificate authority in your ca_bundle "
            f"({ca_bundle}), so nothing was sent: check that the file holds your "
            "organisation's CA, or remove ca_bundle to use this machine's trust store."
        )
    if reason == "unknown_ca":
        why = "is signed by an authority this machine does not trust"
    else:
        why = "did not verify"
    return (
        f"{refused} {why}, so nothing was sent. If your organisation uses its own certificate "
        "authority, set ca_bundle in the config file (or pass --ca-bundle)."
    )


def _rate_limited(seconds: float, now: datetime) -> str:
    whole = max(1, round(seconds))
    if whole < 90:
        wait = f"{whole} seconds"
    elif whole < 90 * 60:
        wait = f"{round(whole / 60)} minutes"
    else:
        wait = f"{round(whole / 3600)} hours"
    at = (now + timedelta(seconds=whole)).strftime("%H:%M:%S")
    return f"Too many attempts: the service asks us to wait. Try again in about {wait} (at {at})."
