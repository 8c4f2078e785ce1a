"""The async client for the service's HTTP API: typed calls, and the credential they carry."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from http.cookiejar import Cookie
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar, Unpack

import httpx
import pydantic

from .auth import ApiKey, CookieSession, Credential, CredentialAuth, Token, kind_of
from .backoff import RetryPolicy
from .body import BodyLimits
from .deferred import DeferredPage, defer
from .download import Downloads
from .errors import (
    BadCsrfError,
    ExpiredError,
    InvalidPayloadError,
    ResponseTooLargeError,
    TopicNotFoundError,
    UnauthorizedError,
)
from .exchange import Exchange, Sleep
from .models.memberships import Membership
from .models.page import Page
from .models.topics import Topic
from .origin import api_root
from .params import ActivityQuery, Params

# The models of the calls the group list does not make are imported by those calls: each
# module builds its classes on import (about 10 ms in all), which start-up need not wait for.
if TYPE_CHECKING:
    from .models.account import User
    from .models.activity import ActivityEntry
    from .models.groups import Group
    from .models.messages import Message, TopicPage

ModelT = TypeVar("ModelT", bound=pydantic.BaseModel)
T = TypeVar("T")


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
        self.credential: Credential | None = ApiKey(api_key) if api_key else None
        self.user: User | None = None
        self.worked = False  # a call has succeeded with this credential
        self._exchange = Exchange(
            self.root,
            CredentialAuth(lambda: self.credential),
            transport=transport,
            timeout=timeout,
            retry=retry,
            verify=verify,
            sleep=sleep,
            limits=limits,
        )
        # Attachments and pictures: the credential only to this origin (`download`).
        self.downloads = Downloads(
            self.root, self._exchange.http, transport=transport, verify=verify, timeout=timeout
        )

    async def __aenter__(self) -> ServiceClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pools."""
        await self.downloads.aclose()
        await self._exchange.aclose()

    # --- credentials ---------------------------------------------------------------------------

    @property
    def auth_kind(self) -> str:
        """How requests are authenticated: "api_key", "token", "cookie" or "none"."""
        return kind_of(self.credential)

    def use(self, credential: Credential | None) -> None:
        """Authenticate every request with `credential` from now on (None: signed out)."""
        if not isinstance(credential, CookieSession):
            self._exchange.http.cookies.clear()
        self.credential = credential
        self.worked = False

    def use_api_key(self, api_key: str) -> None:
        """Authenticate every request with this API key from now on."""
        self.use(ApiKey(api_key))

    def use_token(self, token: str) -> None:
        """Authenticate with a Basic token from `login(token=True)`."""
        self.use(Token(token))

    def use_session(self, cookies: Iterable[Cookie], csrf: str) -> None:
        """Authenticate with a saved cookie session and its csrf token."""
        self.use(None)
        for cookie in cookies:
            self._exchange.http.cookies.jar.set_cookie(cookie)
        self.use(CookieSession(csrf))

    def forget(self) -> None:
        """Drop whatever credential the client holds."""
        self.use(None)

    @property
    def cookies(self) -> list[Cookie]:
        """The cookie session's cookies (empty when not a cookie session)."""
        if not isinstance(self.credential, CookieSession):
            return []
        return list(self._exchange.http.cookies.jar)

    # --- signing in -------------------------------------------------------------------------

    async def login(
        self, email: str, password: str, *, twofactor: str | None = None, token: bool = False
    ) -> User:
        """Sign in with email and password: a cookie session, or a Basic token if `token`."""
        from .models.account import LoginResult

        form: Params = {"email": email, "password": password, "twofactor": twofactor}
        if token:
            form["token"] = True
        self.use(None)
        result = await self._call("login", form, LoginResult, write=True)
        self.user = result.user
        if token and result.token:
            self.use(Token(result.token))
        else:
            self.credential = CookieSession(result.user.csrf_token)  # the jar holds its cookies
        self.worked = True
        return result.user

    async def logout(self) -> None:
        """End a cookie session on the service (a write: carries the csrf token)."""
        await self._call("logout", {}, None, write=True)
        self.forget()

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

    async def get_topics(self, **query: Unpack[TopicsQuery]) -> Page[Topic]:
        """One page of a group's topics, or of every group's when no group is given."""
        return await self._call("gettopics", _topics_params(query), Page[Topic])

    async def get_topics_deferred(
        self, **query: Unpack[TopicsQuery]
    ) -> Page[Topic] | DeferredPage[Page[Topic]]:
        """`get_topics`, the topics validated when first asked for (`DeferredPage`)."""
        body = await self._body("gettopics", _topics_params(query), write=False)
        return self._read("gettopics", lambda: defer(body, Page[Topic]))

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

        try:
            return await self._call("gettopic", params, TopicPage)
        except TopicNotFoundError as error:
            error.name_topic(topic_id)
            raise

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
        body = await self._body(endpoint, params, write=write)
        if model is None:
            return None  # type: ignore[return-value]
        return self._read(endpoint, lambda: model.model_validate(body if body is not None else {}))

    async def _body(self, endpoint: str, params: Params, *, write: bool) -> Any:
        """The decoded answer of one call, its rows within bounds."""
        csrf = self.credential.csrf if isinstance(self.credential, CookieSession) else ""
        try:
            body = await self._exchange.call(endpoint, params, write=write, csrf=csrf)
        except (UnauthorizedError, ExpiredError, BadCsrfError) as error:
            # A credential that had worked and is now refused: the sign-in ended mid-use.
            if isinstance(error, UnauthorizedError):
                error.lost_sign_in = self.worked
            self.worked = False
            raise
        if self.credential is not None:
            self.worked = True
        _check_items(body, self._exchange.limits, endpoint)
        return body

    def _read(self, endpoint: str, validate: Callable[[], T]) -> T:
        """`validate()`, whatever it raises of the answer's shape said as our own error."""
        try:
            return validate()
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


def _check_items(body: Any, limits: BodyLimits, endpoint: str) -> None:
    """Refuse a page with far more rows than any page of the service holds."""
    data = body.get("data") if isinstance(body, dict) else None
    if isinstance(data, list) and len(data) > limits.max_items:
        raise ResponseTooLargeError(endpoint, f"{len(data):,} rows in one page")


class TopicsQuery(TypedDict, total=False):
    """What a page of topics is asked for by (a group by id or name, none: every group's)."""

    group_id: int | str | None
    group_name: str | None
    sort_field: str | None
    sort_dir: str | None
    q: str | None
    limit: int
    page_token: int | str | None


def _topics_params(query: TopicsQuery) -> Params:
    return {
        **_group(query.get("group_id"), query.get("group_name")),
        "sort_field": query.get("sort_field"),
        "sort_dir": query.get("sort_dir"),
        "q": query.get("q") or None,
        "limit": query.get("limit", 100),
        "page_token": query.get("page_token"),
    }


def _group(group_id: int | str | None, group_name: str | None) -> Params:
    return {"group_id": group_id, "group_name": group_name}
