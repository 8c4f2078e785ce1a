"""The real client against the demo service in-process: calls, auth, errors, paging."""

from __future__ import annotations

import math

import httpx
import pytest

from tests.conftest import demo_config
from tui.api import errors as e
from tui.api.backoff import RetryPolicy
from tui.api.client import ServiceClient
from tui.api.cursor import PageCursor
from tui.api.library import Library
from tui.api.params import ActivityQuery, local_instant
from tui.demo import DemoService, demo_transport


class FakeSleep:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def make_client(demo: DemoService, **kwargs: object) -> ServiceClient:
    options: dict[str, object] = {"api_key": demo.config.api_key, "sleep": FakeSleep()}
    options.update(kwargs)
    return ServiceClient("http://localhost", transport=demo_transport(demo), **options)  # type: ignore[arg-type]


def sent(demo: DemoService, endpoint: str) -> list[dict[str, list[str]]]:
    """The parameters of every request to `endpoint`, as multi-dicts."""
    out = []
    for request in demo.requests:
        if request.endpoint == endpoint:
            params: dict[str, list[str]] = {}
            for name, value in request.params:
                params.setdefault(name, []).append(value)
            out.append(params)
    return out


async def test_subscriptions_include_sub_group_and_perms(client: ServiceClient) -> None:
    page = await client.get_subs()
    names = {group.group_name for group in page.data}
    assert {"parent", "parent+child", "big-archive", "private-archives"} <= names
    by_name = {group.group_name: group for group in page.data}
    assert not by_name["private-archives"].perms.archives_visible
    assert by_name["lurker-dev"].perms.view_activity
    assert page.total_count == len(page.data)


async def test_plus_in_group_name_reaches_the_service(
    client: ServiceClient, demo: DemoService
) -> None:
    page = await client.get_topics(group_name="parent+child")
    assert page.total_count > 0
    assert sent(demo, "gettopics")[-1]["group_name"] == ["parent+child"]
    group = await client.get_group(group_name="parent+child")
    assert group.name == "parent+child"


async def test_topic_with_huge_id_round_trips(client: ServiceClient) -> None:
    huge = 2**53 + 1
    page = await client.get_topic(topic_id=huge)
    assert page.topic is not None
    assert page.topic.id == huge
    assert all(message.topic_id == huge for message in page.data)


async def test_gettopic_members(client: ServiceClient) -> None:
    topics = await client.get_topics(group_name="lurker-dev", limit=20)
    topic = max(topics.data, key=lambda t: t.num_messages)
    page = await client.get_topic(topic_id=topic.id)
    assert page.topic is not None
    assert page.topic.id == topic.id
    assert page.group is not None
    assert page.group.name == "lurker-dev"
    assert page.group_perms.archives_visible
    posters = {message.user_id for message in page.data}
    assert posters <= {member.user_id for member in page.sub_data}
    assert [m.msg_num for m in page.data] == sorted(m.msg_num for m in page.data)


async def test_group_messages(client: ServiceClient) -> None:
    page = await client.get_messages(group_name="parent", limit=5)
    assert len(page.data) == 5
    assert page.data[0].body


async def test_every_activity_parameter_reaches_the_service(
    client: ServiceClient, demo: DemoService
) -> None:
    query = ActivityQuery(
        filter_by="member",
        restrict_date="between",
        start_date="2026-01-01",
        end_date="2026-11-01",
        action="subscribed",
        member_info_id=3,
        past_member_info_id=4,
        sort_field="id",
        sort_dir="asc",
    )
    await client.get_activity_log(group_name="lurker-dev", query=query, limit=7)
    params = sent(demo, "getactivitylog")[-1]
    assert params == {
        "group_name": ["lurker-dev"],
        "filter_by": ["member"],
        "restrict_date": ["between"],
        "start_date": [_sent("2026-01-01")],
        "end_date": [_sent("2026-11-01", end=True)],
        "action": ["subscribed"],
        "member_info_id": ["3"],
        "past_member_info_id": ["4"],
        "sort_field": ["id"],
        "sort_dir": ["asc"],
        "limit": ["7"],
    }


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (ActivityQuery(filter_by="nonsense"), "invalid filter_by"),
        (ActivityQuery(restrict_date="yesterday-ish"), "invalid restrict_date"),
        (ActivityQuery(action="no_such_action"), "invalid action"),
        (ActivityQuery(restrict_date="after", start_date="not a date"), "invalid start_date"),
        (ActivityQuery(restrict_date="before", end_date="31/31/2026"), "invalid end_date"),
    ],
)
async def test_activity_errors_carry_the_services_words(
    client: ServiceClient, query: ActivityQuery, message: str
) -> None:
    with pytest.raises(e.BadRequestError, match=message):
        await client.get_activity_log(group_name="lurker-dev", query=query)


async def test_service_errors_map_to_types(client: ServiceClient, demo: DemoService) -> None:
    with pytest.raises(e.GroupNotFoundError):
        await client.get_topics(group_name="no-such-group")
    with pytest.raises(e.InadequatePermissionsError, match="archives_visible"):
        await client.get_topics(group_name="private-archives")
    with pytest.raises(e.InadequatePermissionsError, match="view_activity"):
        await client.get_activity_log(group_name="parent")
    with pytest.raises(e.InadequatePermissionsError):
        await client.get_group(group_name="no-api")
    with pytest.raises(e.NoGroupSpecifiedError):
        await client.get_activity_log()
    with pytest.raises(e.TopicNotFoundError, match=r"^No topic abc \(or you cannot see it\)\.$"):
        await client.get_topic(topic_id="abc")
    with pytest.raises(e.TopicNotFoundError, match=r"^No topic 12345 \(or you cannot see it\)"):
        await client.get_topic(topic_id=12345)
    with pytest.raises(e.InvalidValueError, match="limit"):
        await client.get_subs(limit=500)
    with pytest.raises(e.InvalidValueError, match="sort_field"):
        await client.get_topics(group_name="parent", sort_field="nonsense")
    demo.fail_next("server")
    with pytest.raises(e.ServerError):
        await client.get_subs()


async def test_wrong_api_key_is_unauthorized(demo: DemoService) -> None:
    async with make_client(demo, api_key="wrong") as client:
        with pytest.raises(e.UnauthorizedError):
            await client.get_subs()


async def test_cookie_session_login_and_csrf_write(demo: DemoService) -> None:
    async with make_client(demo, api_key=None) as client:
        user = await client.login(demo.demo_email, demo.demo_password)
        assert user.csrf_token
        assert client.auth_kind == "cookie"
        page = await client.get_subs()
        assert page.data
        assert demo.requests[-1].auth == "cookie"
        await client.logout()
        assert sent(demo, "logout")[-1]["csrf"] == [user.csrf_token]
        with pytest.raises(e.UnauthorizedError):
            await client.get_subs()


async def test_cookie_write_with_wrong_csrf_is_refused(demo: DemoService) -> None:
    async with make_client(demo, api_key=None) as client:
        await client.login(demo.demo_email, demo.demo_password)
        cookies = client.cookies
        client.use_session(cookies, "12345")  # a stale csrf, as after the server rotated it
        with pytest.raises(e.BadCsrfError):
            await client.logout()


async def test_basic_token_login(demo: DemoService) -> None:
    async with make_client(demo, api_key=None) as client:
        await client.login(demo.demo_email, demo.demo_password, token=True)
        assert client.auth_kind == "token"
        await client.get_subs()
        assert demo.requests[-1].auth == "basic"


async def test_wrong_password_and_two_factor(demo: DemoService) -> None:
    async with make_client(demo, api_key=None) as client:
        with pytest.raises(e.UnauthorizedError):
            await client.login(demo.demo_email, "wrong")
        with pytest.raises(e.TwoFactorRequiredError):
            await client.login(demo.twofactor_email, demo.demo_password)
        with pytest.raises(e.TwoFactorWrongError):
            await client.login(demo.twofactor_email, demo.demo_password, twofactor="000000")
        user = await client.login(
            demo.twofactor_email, demo.demo_password, twofactor=demo.twofactor_code
        )
        assert user.email == demo.twofactor_email
    assert len(sent(demo, "login")) == 4  # no login was retried


async def test_expired_token() -> None:
    clock_now = [0.0]
    demo = DemoService(demo_config(token_lifetime=60.0), clock=lambda: clock_now[0])
    async with make_client(demo, api_key=None) as client:
        await client.login(demo.demo_email, demo.demo_password, token=True)
        clock_now[0] = 61.0
        with pytest.raises(e.ExpiredError):
            await client.get_subs()


async def test_429_backoff_counts_requests(demo: DemoService) -> None:
    sleep = FakeSleep()
    async with make_client(demo, sleep=sleep) as client:
        demo.fail_next("429", "429")
        page = await client.get_subs()
    assert page.data
    assert len(sent(demo, "getsubs")) == 3
    assert len(sleep.waits) == 2
    assert sleep.waits[1] > sleep.waits[0] / 2


async def test_429_budget_exhausted_gives_a_rate_limit_error(demo: DemoService) -> None:
    demo.config.rate_limit = 3
    sleep = FakeSleep()
    policy = RetryPolicy(rate_limit_attempts=3)
    async with make_client(demo, sleep=sleep, retry=policy) as client:
        for _ in range(3):
            await client.get_subs()
        with pytest.raises(e.RateLimitError, match="try again in about"):
            await client.get_subs()
    assert len(demo.requests) == 3 + 4  # three allowed, then one try and three retries


async def test_dropped_connection_is_retried_for_reads(demo: DemoService) -> None:
    async with make_client(demo) as client:
        demo.fail_next("drop")
        page = await client.get_subs()
    assert page.data
    assert len(demo.requests) == 2


async def test_persistent_drops_surface_as_dropped_connection(demo: DemoService) -> None:
    async with make_client(demo) as client:
        demo.fail_next("drop", "drop", "drop")
        with pytest.raises(e.ConnectionDroppedError):
            await client.get_subs()


async def test_slow_server_times_out(demo: DemoService) -> None:
    policy = RetryPolicy(transport_attempts=0)
    async with make_client(demo, timeout=0.2, retry=policy) as client:
        demo.fail_next("slow")
        with pytest.raises(e.RequestTimeoutError):
            await client.get_subs()


async def test_invalid_json_from_the_service(demo: DemoService) -> None:
    async with make_client(demo) as client:
        demo.fail_next("invalid_json")
        with pytest.raises(e.InvalidJsonError):
            await client.get_subs()


# --- the paging cursor -------------------------------------------------------------------------


async def test_cursor_walks_a_lying_has_more_list_with_exactly_one_request_per_page(
    library: Library, demo: DemoService
) -> None:
    cursor = library.topics("big-archive")
    ids: list[object] = []
    while (page := await cursor.next_page()) is not None:
        assert page.has_more  # the demo lies like the real service
        ids.extend(topic.id for topic in page.data)
    total = cursor.total_count
    assert total is not None
    assert total >= 10_000
    assert len(ids) == len(set(ids)) == total
    requests = sent(demo, "gettopics")
    assert len(requests) == math.ceil(total / 100)
    tokens = [r["page_token"][0] for r in requests[1:]]
    assert len(set(tokens)) == len(tokens)  # never a page twice
    assert all(len(token) == 19 for token in tokens)
    assert all(r["limit"] == ["100"] and r["group_name"] == ["big-archive"] for r in requests)
    assert await cursor.next_page() is None
    assert len(sent(demo, "gettopics")) == len(requests)


async def test_cursor_resends_every_original_parameter(library: Library, demo: DemoService) -> None:
    params = {"group_name": "lurker-dev", "sort_field": "recentpostdate", "q": "release"}
    cursor = PageCursor(library.client.get_topics, params, limit=3)
    await cursor.next_page()
    await cursor.next_page()
    first, second = sent(demo, "gettopics")[-2:]
    assert "page_token" not in first
    second.pop("page_token")
    assert (
        first
        == second
        == {
            "group_name": ["lurker-dev"],
            "sort_field": ["recentpostdate"],
            "q": ["release"],
            "limit": ["3"],
        }
    )


async def test_cursor_ends_on_token_zero(library: Library, demo: DemoService) -> None:
    cursor = library.groups()
    page = await cursor.next_page()
    assert page is not None
    assert cursor.ended
    assert await cursor.next_page() is None
    assert len(sent(demo, "getsubs")) == 1


async def test_cursor_keeps_what_was_loaded_when_a_page_fails(
    library: Library, demo: DemoService
) -> None:
    cursor = library.activity("lurker-dev", ActivityQuery())
    first = await cursor.next_page()
    assert first is not None
    loaded = cursor.loaded
    demo.fail_next("server")
    with pytest.raises(e.ServerError):
        await cursor.next_page()
    assert cursor.loaded == loaded
    assert not cursor.ended
    second = await cursor.next_page()
    assert second is not None
    assert {entry.id for entry in first.data}.isdisjoint(entry.id for entry in second.data)
    tokens = [r.get("page_token") for r in sent(demo, "getactivitylog")]
    assert tokens[1] == tokens[2]  # the retry asked for the same page


async def test_custom_limit(library: Library, demo: DemoService) -> None:
    cursor = PageCursor(library.client.get_topics, {"group_name": "parent"}, limit=10)
    page = await cursor.next_page()
    assert page is not None
    assert len(page.data) == 10
    assert sent(demo, "gettopics")[-1]["limit"] == ["10"]


async def test_demo_404_is_plain_text(demo: DemoService) -> None:
    async with httpx.AsyncClient(
        transport=demo_transport(demo), base_url="http://localhost"
    ) as raw:
        response = await raw.get("/api/v1/nosuchendpoint")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/plain")
    assert response.text.strip() == "404 page not found"


def _sent(day: str, *, end: bool = False) -> str:
    """A day as the client sends it: this machine's midnight, with its offset (`end`: the
    next, the day in)."""
    sent = local_instant(day, end=end)
    assert not isinstance(sent, str | None)
    return sent.isoformat()
