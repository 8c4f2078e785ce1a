"""The errors the client raises, each with a sentence a person understands.

One class per error type of the service (reference §7, api-reality §3.6 with the legacy and
two-factor names), plus transport and decoding failures. The UI shows `str(error)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    import httpx


class LurkerError(Exception):
    """Base of everything the API layer raises; `str()` is the sentence for the user.

    The client fills in what it knows of the call: its endpoint, the request it sent, and
    the response (with its status) where one came back.
    """

    endpoint: str = ""
    status: int | None = None
    request: httpx.Request | None = None
    response: httpx.Response | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InsecureOriginError(LurkerError):
    """The configured origin would send credentials in clear text, or is not a web origin."""


class ApiError(LurkerError):
    """The service answered with an error object (or a status that means the same)."""

    types: ClassVar[tuple[str, ...]] = ()
    sentence: ClassVar[str] = "The service reported an error."

    def __init__(self, type_: str = "", extra: str = "", endpoint: str = "") -> None:
        self.type = type_ or (self.types[0] if self.types else "")
        self.extra = extra
        self.endpoint = endpoint
        detail = f" ({extra})" if extra else ""
        super().__init__(self.sentence.rstrip(".") + detail + ".")


class UnauthorizedError(ApiError):
    types = ("unauthorized_error", "unauthorized", "authentication")
    sentence = "Sign-in failed: the email, password, API key or session was not accepted."
    # Set by the client: the credential had worked before, so the sign-in ended mid-use.
    lost_sign_in = False

    def __init__(self, type_: str = "", extra: str = "", endpoint: str = "") -> None:
        super().__init__(type_, extra, endpoint)
        if type_ == "http_401":
            self.message = (
                "The service did not accept your sign-in (HTTP 401): sign in again (lurker login)."
            )
            self.args = (self.message,)


class ExpiredError(ApiError):
    types = ("expired_error", "expired")
    sentence = "Your session or token has expired; sign in again."


class BadRequestError(ApiError):
    types = ("bad_request",)
    sentence = "The service rejected the request."

    def __init__(self, type_: str = "", extra: str = "", endpoint: str = "") -> None:
        super().__init__(type_, extra, endpoint)
        # `extra` names the fault ("invalid start_date"); it is the clearest sentence we have.
        if extra:
            self.message = f"The service rejected the request: {extra}."
            self.args = (self.message,)


class TopicNotFoundError(BadRequestError):
    """`invalid topic_id` from gettopic: no such topic, or none this account may see (the
    service does not say which)."""

    def __init__(self, type_: str = "", extra: str = "", endpoint: str = "") -> None:
        super().__init__(type_, extra, endpoint)
        self.name_topic("")

    def name_topic(self, topic_id: object) -> None:
        """Say which topic was asked for."""
        which = f"topic {topic_id}" if str(topic_id).strip() else "such topic"
        self.message = f"No {which} (or you cannot see it)."
        self.args = (self.message,)


API_ACCESS_OFF = "The group's owner has turned off API access, so it can't be read here."


class InadequatePermissionsError(ApiError):
    types = ("inadequate_permissions", "no_permission")
    sentence = "You do not have permission for this in that group"

    def __init__(self, type_: str = "", extra: str = "", endpoint: str = "") -> None:
        super().__init__(type_, extra, endpoint)
        needed = _PERMISSION_WORDS.get(extra.strip().lower())
        if self.api_access_off:  # the same words as the group list's for such a group
            self.message = API_ACCESS_OFF
            self.args = (self.message,)
        elif needed:  # `extra` names the permission the call needed
            self.message = f"You may not {needed} in that group (it needs {extra.strip()})."
            self.args = (self.message,)

    @property
    def api_access_off(self) -> bool:
        """Whether `extra` says the group's owner turned API access off."""
        return "api access" in self.extra.lower()


# What each permission the service names in `extra` lets a member do, for its sentence.
_PERMISSION_WORDS = {
    "archives_visible": "read the archives",
    "view_activity": "see the activity log",
    "members_visible": "see the members",
    "hashtags_visible": "see the hashtags",
    "download_archives": "download the archives",
    "subgroups_visible": "see the sub-groups",
}


class ForbiddenError(ApiError):
    """HTTP 403 (the service itself answers 400; a proxy or firewall may not)."""

    types = ("http_403",)
    sentence = (
        "You do not have access to this (HTTP 403): the service, or a proxy before it, "
        "refused your account or network."
    )


class InvalidValueError(ApiError):
    types = ("invalid_value",)
    sentence = "The service did not accept a value"


class NoGroupSpecifiedError(ApiError):
    types = ("no_group_specified",)
    sentence = "No group was given for a request that needs one."


class GroupNotFoundError(ApiError):
    types = ("group_not_found", "no_such_group")
    sentence = "No such group"


class NotSubscribedError(ApiError):
    types = ("not_subscribed",)
    sentence = "You are not subscribed to that group"


class ServerError(ApiError):
    types = ("server",)
    sentence = "The service had a problem on its side; try again later."


class BadCsrfError(ApiError):
    types = ("bad_csrf",)
    sentence = "The session's security token was refused; sign in again."


class TwoFactorRequiredError(ApiError):
    types = ("two_factor_required", "2nd_factor_required")
    sentence = "This account uses two-factor sign-in: enter the code from your authenticator."


class TwoFactorWrongError(ApiError):
    types = ("2nd_factor_wrong", "two_factor_wrong")
    sentence = "The two-factor code was wrong; try the current code."


class UnknownServiceError(ApiError):
    """An error type this client does not know yet; its type and extra are shown as sent."""

    sentence = "The service reported an error"

    def __init__(self, type_: str = "", extra: str = "", endpoint: str = "") -> None:
        super().__init__(type_, extra, endpoint)
        shown = ", ".join(part for part in (type_, extra) if part) or "no details"
        self.message = f"The service reported an error ({shown})."
        self.args = (self.message,)


class RateLimitError(ApiError):
    """HTTP 429 persisted through backoff (or the legacy `rate_limit` type)."""

    types = ("rate_limit",)

    def __init__(
        self, type_: str = "", extra: str = "", endpoint: str = "", retry_after: float = 60.0
    ) -> None:
        super().__init__(type_, extra, endpoint)
        self.retry_after = retry_after
        self.message = (
            "The service is limiting how fast we may ask; "
            f"try again in about {_duration(retry_after)}."
        )
        self.args = (self.message,)


class UnknownEndpointError(LurkerError):
    """HTTP 404: the service does not know the endpoint (a plain-text body, not JSON)."""

    def __init__(self, endpoint: str) -> None:
        super().__init__(f"The service does not know the request '{endpoint}' (HTTP 404).")
        self.endpoint = endpoint


class UnexpectedResponseError(LurkerError):
    """A status or body the API never sends (a proxy's error page, a redirect)."""


class TransportError(LurkerError):
    """The request did not complete: nothing is known of its outcome."""


class ConnectFailedError(TransportError):
    """The server could not be reached."""


class RequestTimeoutError(TransportError):
    """The server did not answer in time."""


class ConnectionDroppedError(TransportError):
    """The connection broke before the answer was complete."""


class CertificateError(TransportError):
    """The server's TLS certificate did not verify; `reason` says how."""

    reason: str = "other"  # expired, not_yet_valid, hostname, unknown_ca or other


class InvalidJsonError(LurkerError):
    """The body was not valid JSON."""


class InvalidPayloadError(LurkerError):
    """The body was JSON but not of the shape the endpoint answers with."""


class ResponseTooLargeError(LurkerError):
    """The answer was bigger than one page of the service can honestly be."""

    def __init__(self, endpoint: str, what: str) -> None:
        super().__init__(
            f"The service's answer to {endpoint} was too large ({what}, Lurker's limit for "
            "one answer); it was not read."
        )
        self.endpoint = endpoint


# Failures that asking again cannot change: only a change of settings or rights can.
_PERMANENT = (
    InsecureOriginError,
    InadequatePermissionsError,
    ForbiddenError,
    GroupNotFoundError,
    NotSubscribedError,
    NoGroupSpecifiedError,
    BadRequestError,
    InvalidValueError,
    UnknownEndpointError,
)

_BY_TYPE: dict[str, type[ApiError]] = {
    name: cls
    for cls in (
        UnauthorizedError,
        ExpiredError,
        BadRequestError,
        InadequatePermissionsError,
        InvalidValueError,
        NoGroupSpecifiedError,
        GroupNotFoundError,
        NotSubscribedError,
        ServerError,
        BadCsrfError,
        TwoFactorRequiredError,
        TwoFactorWrongError,
        RateLimitError,
    )
    for name in cls.types
}


def describe(error: BaseException) -> str:
    """The sentence for any failure: ours as written, anything else named (that is a bug)."""
    if isinstance(error, LurkerError):
        return str(error)
    return f"Something unexpected went wrong ({type(error).__name__}); please report it."


def unreachable(error: BaseException) -> bool:
    """Whether a failure means the service cannot be asked now (rather than said no)."""
    if isinstance(error, CertificateError):
        return False
    if isinstance(error, TransportError | RateLimitError):
        return True
    return isinstance(error, UnexpectedResponseError) and (error.status or 0) >= 500


def retryable(error: BaseException) -> bool:
    """Whether asking again could turn out differently (a permission never comes back)."""
    return not isinstance(error, _PERMANENT)


def error_for(type_: str, extra: str = "", endpoint: str = "") -> ApiError:
    """The exception for an error object's `type` (unknown types keep their text)."""
    cls = _BY_TYPE.get(type_)
    if cls is BadRequestError and extra.strip().lower() == "invalid topic_id":
        cls = TopicNotFoundError
    if cls is None:
        # Login errors are matched by substring in practice: spellings drift.
        if "factor_required" in type_:
            cls = TwoFactorRequiredError
        elif "factor_wrong" in type_:
            cls = TwoFactorWrongError
        else:
            cls = UnknownServiceError
    return cls(type_, extra, endpoint)


def _duration(seconds: float) -> str:
    whole = max(1, round(min(seconds, 86_400.0)))
    if whole < 90:
        return f"{whole} s"
    if whole < 90 * 60:
        return f"{round(whole / 60)} min"
    return f"{round(whole / 3600)} h"
