"""The async client for the service's HTTP API: one shared connection pool, typed calls."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from http.cookiejar import Cookie
from typing import TYPE_CHECKING, Any, TypeVar

import httpx
import pydantic

from .answers import decode, transport_error, unwrap_extended
from .backoff import RetryPolicy, parse_retry_after
from .body import ACCEPT_ENCODING, BodyLimits, check_values, read_body
from .errors import (
    CertificateError,
    InvalidPayloadError,
    RateLimitError,
    ResponseTooLargeError,
    TransportError,
    UnexpectedResponseError,
)
from .models.memberships import Membership
from .models.page import Page
from .models.topics import Topic
from .origin import api_root
from .params import ActivityQuery, Params, encode
from .redact import protect_logs

# The models of the calls the group list does not make are imported by those calls: each
# module builds its classes on import (about 10 ms in all), which start-up need not wait for.
if TYPE_CHECKING:
    from .models.account import User
    from .models.activity import ActivityEntry
    from .models.groups import Group
    from .models.messages import Message, TopicPage

ModelT = TypeVar("ModelT", bound=pydantic.BaseModel)
Sleep = Callable[[float], Awaitable[None]]

# Statuses a proxy or load balancer sends while the service restarts: safe to retry a read.
_TRANSIENT_STATUSES = frozenset({502, 503, 504})


class ServiceClient:
    """Talks to one origin's `/api/v1/`; close it with `aclose()` (or `async with`)."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        verify: Any = True,
        sleep: Sleep = asyncio.sleep,
        limits: BodyLimits | None = None,
    ) -> None:
        self.root = api_root(base_url)
        self._timeout = timeout
        self._retry = retry or RetryPolicy()
        self._limits = limits or BodyLimits()
        self._sleep = sleep
        self._authorization = f"Bearer {api_key}" if api_key else ""
        self._csrf = ""
        self.user: User | None = None
        self.worked = False  # an authenticated call has succeeded with these credentials
        protect_logs()
        self._http = httpx.AsyncClient(
            transport=transport,
            timeout=timeout,
            verify=verify,
            follow_redirects=False,
            headers={"Accept": "application/json", "User-Agent": "lurker"},
        )

    async def __aenter__(self) -> ServiceClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    @property
    def auth_kind(self) -> str:
        """How requests are authenticated: "api_key", "token", "cookie" or "none"."""
        if self._authorization.startswith("Bearer"):
            return "api_key"
        if self._authorization.startswith("Basic"):
            return "token"
        return "cookie" if self._csrf else "none"

    # --- credentials ---------------------------------------------------------------------------

    def use_api_key(self, api_key: str) -> None:
        """Authenticate every request with this API key from now on."""
        self.forget()
        self._authorization = f"Bearer {api_key}"

    def use_token(self, token: str) -> None:
        """Authenticate with a Basic token from `login(token=True)`."""
        self.forget()
        basic = base64.b64encode(f"{token}:".encode()).decode("ascii")
        self._authorization = f"Basic {basic}"

    def use_session(self, cookies: Iterable[Cookie], csrf: str) -> None:
        """Authenticate with a saved cookie session and its csrf token."""
        self.forget()
        for cookie in cookies:
            self._http.cookies.jar.set_cookie(cookie)
        self._csrf = csrf

    def forget(self) -> None:
        """Drop whatever credential the client holds."""
        self._authorization = ""
        self._csrf = ""
        self._http.cookies.clear()
        self.worked = False

    @property
    def api_key(self) -> str:
        """The API key in use, or empty."""
        return self._authorization.removeprefix("Bearer ") if self.auth_kind == "api_key" else ""

    @property
    def token(self) -> str:
        """The Basic token in use, or empty."""
        if self.auth_kind != "token":
            return ""
        encoded = self._authorization.removeprefix("Basic ")
        return base64.b64decode(encoded).decode().removesuffix(":")

    @property
    def session(self) -> tuple[list[Cookie], str]:
        """The cookie session's cookies and csrf token (empty when not a cookie session)."""
        if self.auth_kind != "cookie":
            return [], ""
        return list(self._http.cookies.jar), self._csrf

    # --- signing in -------------------------------------------------------------------------

    async def login(
        self, email: str, password: str, *, twofactor: str | None = None, token: bool = False
    ) -> User:
        """Sign in with email and password: a cookie session, or a Basic token if `token`."""
        form: Params = {"email": email, "password": password, "twofactor": twofactor}
        if token:
            form["token"] = True
        from .models.account import LoginResult

        result = await self._call("login", form, LoginResult, write=True)
        self.user = result.user
        if token and result.token:
            self.use_token(result.token)
        else:
            self._authorization = ""
            self._csrf = result.user.csrf_token
        return result.user

    async def logout(self) -> None:
        """End a cookie session on the service (a write: carries the csrf token)."""
        await self._call("logout", {}, None, write=True)
        self._csrf = ""
        self._http.cookies.clear()

    async def get_user(self) -> User:
        """The signed-in account."""
        from .models.account import User

        return await self._call("getuser", {}, User)

    # --- reads --------------------------------------------------------------------------------

    async def get_subs(
        self, *, limit: int = 100, page_token: int | str | None = None
    ) -> Page[Membership]:
        """One page of the caller's subscriptions."""
        params: Params = {"limit": limit, "page_token": page_token}
        return await self._call("getsubs", params, Page[Membership])

    async def get_group(
        self, *, group_id: int | str | None = None, group_name: str | None = None
    ) -> Group:
        """One group, by id or name."""
        from .models.groups import Group

        return await self._call("getgroup", _group(group_id, group_name), Group)

    async def get_topics(
        self,
        *,
        group_id: int | str | None = None,
        group_name: str | None = None,
        sort_field: str | None = None,
        sort_dir: str | None = None,
        q: str | None = None,
        limit: int = 100,
        page_token: int | str | None = None,
    ) -> Page[Topic]:
        """One page of a group's topics, or of every group's when no group is given."""
        params: Params = {
            **_group(group_id, group_name),
            "sort_field": sort_field,
            "sort_dir": sort_dir,
            "q": q or None,
            "limit": limit,
            "page_token": page_token,
        }
        return await self._call("gettopics", params, Page[Topic])

    async def get_topic(
        self,
        *,
        topic_id: int | str,
        sort_field: str | None = None,
        sort_dir: str | None = None,
        limit: int = 100,
        page_token: int | str | None = None,
    ) -> TopicPage:
        """One page of a topic's messages, with the topic, its group and its posters."""
        params: Params = {
            "topic_id": topic_id,
            "sort_field": sort_field,
            "sort_dir": sort_dir,
            "limit": limit,
            "page_token": page_token,
        }
        from .models.messages import TopicPage

        return await self._call("gettopic", params, TopicPage)

    async def get_messages(
        self,
        *,
        group_id: int | str | None = None,
        group_name: str | None = None,
        sort_field: str | None = None,
        sort_dir: str | None = None,
        limit: int = 100,
        page_token: int | str | None = None,
    ) -> Page[Message]:
        """One page of a group's messages."""
        params: Params = {
            **_group(group_id, group_name),
            "sort_field": sort_field,
            "sort_dir": sort_dir,
            "limit": limit,
            "page_token": page_token,
        }
        from .models.messages import Message

        return await self._call("getmessages", params, Page[Message])

    async def get_activity_log(
        self,
        *,
        group_id: int | str | None = None,
        group_name: str | None = None,
        query: ActivityQuery | None = None,
        limit: int = 100,
        page_token: int | str | None = None,
    ) -> Page[ActivityEntry]:
        """One page of a group's activity log, filtered and sorted as `query` says."""
        params: Params = {
            **_group(group_id, group_name),
            **(query or ActivityQuery()).params(),
            "limit": limit,
            "page_token": page_token,
        }
        from .models.activity import ActivityEntry

        return await self._call("getactivitylog", params, Page[ActivityEntry])

    # --- plumbing -----------------------------------------------------------------------------

    async def _call(
        self,
        endpoint: str,
        params: Params,
        model: type[ModelT] | None,
        *,
        write: bool = False,
    ) -> ModelT:
        body = unwrap_extended(await self._exchange(endpoint, params, write=write))
        if self.auth_kind != "none":
            self.worked = True
        if model is None:
            return None  # type: ignore[return-value]
        _check_items(body, self._limits, endpoint)
        try:
            return model.model_validate(body if body is not None else {})
        except pydantic.ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "the answer"
            raise InvalidPayloadError(
                f"The service's answer to {endpoint} had an unexpected shape "
                f"({where}: {first['msg']})."
            ) from exc
        except (RecursionError, ValueError, TypeError, OverflowError) as exc:
            # Whatever the service sends ends as our own error, never as a crash.
            raise InvalidPayloadError(
                f"The service's answer to {endpoint} could not be read ({type(exc).__name__})."
            ) from exc

    async def _exchange(self, endpoint: str, params: Params, *, write: bool) -> Any:
        """Send one call, retrying reads on 429 and transport failures within the policy."""
        policy = self._retry
        rate_limited = transport_failures = 0
        waited = 0.0
        while True:
            try:
                status, headers, body = await self._send(endpoint, params, write=write)
            except TransportError as error:
                retryable = not write and not isinstance(error, CertificateError)
                if not retryable or transport_failures >= policy.transport_attempts:
                    raise
                await self._sleep(policy.delay(transport_failures))
                transport_failures += 1
                continue
            if status == 429:
                retry_after = parse_retry_after(headers.get("retry-after"))
                wait = policy.delay(rate_limited, retry_after)
                if (
                    write
                    or rate_limited >= policy.rate_limit_attempts
                    or (retry_after or 0.0) > policy.max_delay  # longer than a reader waits
                    or waited + wait > policy.rate_limit_budget
                ):
                    raise RateLimitError(
                        endpoint=endpoint,
                        retry_after=retry_after if retry_after is not None else policy.give_up_wait,
                    )
                await self._sleep(wait)
                waited += wait
                rate_limited += 1
                continue
            if status in _TRANSIENT_STATUSES and not write:
                if transport_failures < policy.transport_attempts:
                    await self._sleep(policy.delay(transport_failures))
                    transport_failures += 1
                    continue
                raise UnexpectedResponseError(
                    f"The service is unavailable right now (HTTP {status}); try again in a moment."
                )
            return decode(status, headers, body, endpoint)

    async def _read(self, response: httpx.Response, endpoint: str) -> bytes:
        if response.is_stream_consumed:
            # A transport may hand back an answer it already read (httpx.MockTransport does);
            # httpx has unpacked it then, so only its size is left to check.
            return await read_body(_whole(response.content), "", self._limits, endpoint)
        encoding = response.headers.get("content-encoding", "")
        return await read_body(response.aiter_raw(), encoding, self._limits, endpoint)

    async def _send(
        self, endpoint: str, params: Params, *, write: bool
    ) -> tuple[int, httpx.Headers, bytes]:
        """One request; the answer's status, headers and body, read within the limits."""
        headers = {"Accept-Encoding": ACCEPT_ENCODING}
        if self._authorization:
            headers["Authorization"] = self._authorization
        url = self.root + endpoint
        if write:
            form: dict[str, list[str]] = {}
            for name, value in encode({**params, "csrf": self._csrf or None}):
                form.setdefault(name, []).append(value)
            request = self._http.build_request("POST", url, data=form, headers=headers)
        else:
            query: list[tuple[str, str | int | float | bool | None]] = []
            query.extend(encode(params))
            request = self._http.build_request("GET", url, params=query, headers=headers)
        try:
            async with asyncio.timeout(self._timeout):
                response = await self._http.send(request, stream=True)
                try:
                    body = await self._read(response, endpoint)
                finally:
                    await response.aclose()
        except (httpx.TransportError, TimeoutError) as exc:
            raise transport_error(exc, endpoint) from exc
        if response.status_code in (200, 400):
            check_values(body, self._limits, endpoint)
        return response.status_code, response.headers, body


async def _whole(content: bytes) -> AsyncIterator[bytes]:
    yield content


def _check_items(body: Any, limits: BodyLimits, endpoint: str) -> None:
    """Refuse a page with far more rows than any page of the service holds."""
    data = body.get("data") if isinstance(body, dict) else None
    if isinstance(data, list) and len(data) > limits.max_items:
        raise ResponseTooLargeError(endpoint, f"{len(data):,} rows in one page")


def _group(group_id: int | str | None, group_name: str | None) -> Params:
    return {"group_id": group_id, "group_name": group_name}
