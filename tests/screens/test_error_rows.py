"""Error rows: the reason first, a retry only where asking again can help, and the same
words for the same error on every screen that shows it."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, notes, rows_of, settle, until
from tui.demo import DemoService, demo_transport
from tui.screens.activity import ActivityScreen
from tui.screens.group_rows import GroupRow
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

API_OFF = "Old Timers: the group's owner has turned off API access, so it can't be read here."


class Refusing(httpx.AsyncBaseTransport):
    """The demo, except that one endpoint answers with the error object given."""

    def __init__(self, demo: DemoService, endpoint: str, type_: str, extra: str = "") -> None:
        self.inner, self.endpoint = demo_transport(demo), endpoint
        self.body = {"object": "error", "type": type_, "extra": extra}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith(f"/{self.endpoint}"):
            return httpx.Response(400, json=self.body)
        return await self.inner.handle_async_request(request)


def error_row(rows: PagedList[object]) -> str:
    status = rows._status()
    assert status is not None
    assert status[1] == "paged-list--error", status
    return status[0]


async def failed_list(pilot) -> PagedList[object]:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen))
    rows = rows_of(pilot)
    await until(pilot, lambda: rows.failed, "the error row")
    await settle(pilot)
    return rows


async def test_no_api_group_reads_as_the_group_list_says_and_offers_no_retry() -> None:
    app, demo = make_app(group="no-api")
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await failed_list(pilot)
        await until(pilot, lambda: app.screen.group is not None, "the group looked up")
        assert error_row(rows) == f"⚠ {API_OFF}"
        assert not rows.check_action("retry", ())
        asked = len(demo.requests)
        await keys(pilot, "enter")  # Enter on the error row does not ask again
        assert len(demo.requests) == asked
        groups = app.screen_stack[0]
        assert isinstance(groups, GroupsScreen)
        old_timers = next(g for g in groups.groups if g.group_name == "no-api")
        assert GroupRow(old_timers).why_unreadable() == API_OFF


async def test_no_api_group_reads_the_same_before_its_lookup_answers() -> None:
    # The demo's refusal names the reason: the words do not wait for the group's perms.
    demo = DemoService(demo_config())
    transport = Refusing(demo, "getsubs", "rate_limit")
    app, _ = make_app(demo, transport, group="no-api")
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await failed_list(pilot)
        assert "owner has turned off API access, so it can't be read here." in error_row(rows)
        assert "retry" not in error_row(rows)


async def test_no_such_group_names_it_and_offers_no_retry() -> None:
    app, _demo = make_app(group="nosuchgroup")
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await failed_list(pilot)
        assert error_row(rows) == "⚠ No group is named nosuchgroup."
        assert not rows.check_action("retry", ())


@pytest.mark.parametrize(
    ("group", "reason"),
    [("nosuchgroup", "⚠ No group is named nosuchgroup."), ("no-api", f"⚠ {API_OFF}")],
)
async def test_a_reload_that_fails_again_keeps_the_error_row(group: str, reason: str) -> None:
    # The reload keeps what is shown until its first page arrives; what was shown here was
    # the error row, so a failed reload must leave it, not an empty list with no word.
    app, demo = make_app(group=group)
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await failed_list(pilot)
        await until(pilot, lambda: app.screen.group is not None or group == "nosuchgroup")
        await settle(pilot)
        asked = len(demo.requests)
        await keys(pilot, "r")
        await until(pilot, lambda: len(demo.requests) > asked, "the reload asked")
        await until(pilot, lambda: not rows.feed.loading, "the reload answered")
        await settle(pilot)
        assert rows.failed
        assert error_row(rows) == reason
        assert reason.removeprefix("⚠ ") in notes(app)


async def test_a_failed_reload_keeps_the_count_in_the_title() -> None:
    demo = DemoService(demo_config())
    refusing = Refusing(demo, "gettopics", "server")
    refusing.endpoint = "nothing-yet"  # the first pages load
    app, _ = make_app(demo, refusing, group="lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        rows = rows_of(pilot)
        await until(pilot, lambda: len(rows.rows) > 0 and app.screen.group is not None)
        await settle(pilot)
        title = app.screen.query_one(TitleBar).title
        assert " topics" in title, title
        refusing.endpoint = "gettopics"
        await keys(pilot, "r")
        await until(pilot, lambda: any("problem" in note for note in notes(app)), "the toast")
        await settle(pilot)
        assert app.screen.query_one(TitleBar).title == title
        assert not rows.failed


async def test_a_passing_failure_puts_the_reason_first_then_the_retry() -> None:
    demo = DemoService(demo_config())
    app, _ = make_app(demo, Refusing(demo, "gettopics", "server"), group="lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await failed_list(pilot)
        text = error_row(rows)
        assert text.startswith("⚠ The service had a problem on its side"), text
        assert text.endswith(" · Enter or r: retry"), text
        assert rows.check_action("retry", ())


async def test_a_thread_refused_reads_as_the_group_list_says() -> None:
    demo = DemoService(demo_config())
    refusing = Refusing(demo, "gettopic", "inadequate_permissions", "api access disabled")
    app, _ = make_app(demo, refusing, topic="1")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: view.feed.failure is not None, "the refusal")
        assert (
            view.status()
            == "⚠ The group's owner has turned off API access, so it can't be read here."
        )
        assert not view.check_action("retry", ())


@pytest.mark.parametrize(
    ("type_", "extra", "said", "retry"),
    [
        ("inadequate_permissions", "", "You do not have permission for this in that group.", False),
        ("server", "", "The service had a problem on its side; try again later.", True),
    ],
)
async def test_the_activity_log_says_errors_as_the_topic_list_does(
    type_: str, extra: str, said: str, retry: bool
) -> None:
    demo = DemoService(demo_config())
    app, _ = make_app(demo, Refusing(demo, "getactivitylog", type_, extra), group="lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        await until(pilot, lambda: app.screen.group is not None, "the group looked up")
        await keys(pilot, "a")
        assert isinstance(app.screen, ActivityScreen), notes(app)
        rows = rows_of(pilot)
        await until(pilot, lambda: rows.failed, "the error row")
        hint = " · Enter or r: retry" if retry else ""
        assert error_row(rows) == f"⚠ {said}{hint}"


async def test_the_services_own_reason_wins_over_a_guess() -> None:
    # Board Room lends no permission at all, which alone would read as API access turned
    # off; the service says which permission was missing, and that is what is said.
    app, _demo = make_app(group="private-archives")
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await failed_list(pilot)
        await until(pilot, lambda: app.screen.group is not None, "the group looked up")
        await settle(pilot)
        said = error_row(rows)
        assert "turned off API access" not in said
        assert "You may not read the archives in that group (it needs archives_visible)." in said


async def test_a_topic_that_does_not_exist_is_named_and_offers_no_retry() -> None:
    app, _ = make_app(topic="12345")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: view.feed.failure is not None, "the refusal")
        assert view.status() == "⚠ No topic 12345 (or you cannot see it)."
        assert not view.check_action("retry", ())
