"""Rules through the real app: hidden topics leave the lists and are said, muted ones stay
quiet everywhere, followed ones come first for N, keys mark the topic in hand, and the
group list's count is `lurker unread`'s."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.screens.harness import keys, make_app, notes, rows_of, settle, shown_text, until
from tests.screens.journeys import open_row, open_topics
from tests.screens.shown import unread_lines
from tui.query.language import parse
from tui.query.rules import make_rule
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

LURKER_DEV = "41101"
KWAME = "Kwame Mensah"


def rule(match: str, action: str) -> object:
    return make_rule(match, action, "config.toml, line 1")


def title(pilot: Pilot[None]) -> str:
    return pilot.app.screen.query_one(TitleBar).title


def drawn(pilot: Pilot[None]) -> list[str]:
    rows = rows_of(pilot)
    return [rows.render_line(y).text for y in range(rows.size.height)]


async def walk_all(pilot: Pilot[None]) -> None:
    await keys(pilot, "end")
    await until(pilot, lambda: rows_of(pilot).ended, "the whole list")
    await settle(pilot)


async def walked_without_kwame(pilot: Pilot[None]) -> TopicsScreen:
    """lurker-dev's topics, walked to the end (the app's rule hides Kwame's)."""
    await open_topics(pilot, "lurker-dev")
    await walk_all(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    return screen


async def test_hidden_topics_leave_the_list_are_counted_and_h_shows_them() -> None:
    app, _ = make_app(rules=(rule(f'from:"{KWAME}"', "hide"),))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await walked_without_kwame(pilot)
        assert not any(row.name == KWAME for row in rows_of(pilot).rows)
        assert screen.hidden > 0
        assert f"{screen.hidden:,} hidden by rules (H shows)" in title(pilot)
        await keys(pilot, "H")
        await walk_all(pilot)
        his = [row for row in rows_of(pilot).rows if row.name == KWAME]
        assert len(his) == screen.hidden or screen.hidden == 0
        assert his
        rows_of(pilot).cursor = rows_of(pilot).rows.index(his[0])
        await settle(pilot)
        shown = next(line for line in drawn(pilot) if "X " in line)
        assert "X " in shown  # a letter, not dimness alone
        found = await app.news.house.search.search(parse(f'from:"{KWAME}"'), limit=500)
        assert found == []  # hidden from searches too
        asked = await app.news.house.search.search(parse(f'from:"{KWAME}" is:hidden'), limit=500)
        assert asked


async def test_the_hidden_count_is_the_lists_again_after_a_search() -> None:
    """The search's results count their own hidden topics; back at the list, its count
    (the list came back as it was, its count did not: the search's stayed)."""
    app, _ = make_app(rules=(rule(f'from:"{KWAME}"', "hide"),))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await walked_without_kwame(pilot)
        hidden = screen.hidden
        assert hidden > 1
        await keys(pilot, "slash", *"xruns", "enter")
        await until(pilot, lambda: bool(screen.query_text) and not rows_of(pilot).page_loading)
        await settle(pilot)
        assert screen.hidden != hidden  # (the results' own count)
        await keys(pilot, "escape")
        await until(pilot, lambda: not screen.query_text, "the full list again")
        assert screen.hidden == hidden
        assert f"{hidden:,} hidden by rules (H shows)" in title(pilot)


async def test_muted_topics_stay_quiet_and_counts_agree_with_lurker_unread() -> None:
    app, demo = make_app(rules=(rule("#bug", "mute"),))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        state = app.news.state
        await until(pilot, lambda: state.new_topics(LURKER_DEV) is not None, "counted")
        await walk_all(pilot)
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        bugs = [row for row in rows_of(pilot).rows if any(n == "bug" for n, _ in row.hashtags)]
        assert bugs
        assert all(not screen.status(row).fresh for row in bugs)  # no N, no +
        assert all(screen.action_of(row) == "mute" for row in bugs)
        quiet = state.quieted(LURKER_DEV)
        count = state.new_topics(LURKER_DEV)
        lines = await unread_lines(demo, rules=(rule("#bug", "mute"),))
        dev = next(text for text in lines if text.startswith("lurker-dev"))
        assert dev.split()[1] == str(count), (lines, count)
        if quiet:
            assert f"({quiet:,} more hidden or muted by rules)" in dev
        else:
            assert "muted by rules" not in dev
        found = await app.news.house.search.search(parse("#bug is:unread"), limit=500)
        assert found == []  # a muted topic is never unread
        rows_of(pilot).cursor = rows_of(pilot).rows.index(bugs[0])
        await keys(pilot, "question_mark")  # ? says which rule acted on the topic in hand
        await until(pilot, lambda: "This topic" in shown_text(app), "the help")
        assert "muted (rule: #bug (config.toml," in shown_text(app)
        await keys(pilot, "escape")
        rows_of(pilot).cursor = 0
        await keys(pilot, "N")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "a thread")
        opened = app.screen
        assert isinstance(opened, ThreadScreen)
        assert opened.topic is not None
        assert not any(n == "bug" for n, _ in getattr(opened.topic, "hashtags", ()))
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "back")
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        await settle(pilot)
        line = next(text for text in drawn(pilot) if " lurker-dev " in text)
        assert line.startswith(f"{count} new Lurker Developers"), line
        assert ("quiet)" in line) == bool(quiet)


async def test_a_followed_topic_comes_first_for_n_and_keys_mark_the_topic_in_hand() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        rows = rows_of(pilot).rows
        fresh = [i for i, row in enumerate(rows) if screen.status(row).fresh]
        last = fresh[-1]
        rows_of(pilot).cursor = last
        await keys(pilot, "F")
        assert screen.action_of(rows[last]) == "follow"
        assert any("Followed" in note for note in notes(app))
        rows_of(pilot).cursor = 0
        await keys(pilot, "N")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "a thread")
        assert str(app.screen.topic_id) == str(rows[last].id)  # type: ignore[attr-defined]
        await keys(pilot, "z")  # muted, by key, in the thread: follow undone for mute
        assert app.news.state.action(str(rows[last].id), rows[last].ruled) == "mute"
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "back")
        assert not screen.status(rows[last]).fresh
        other = next(i for i in range(len(rows)) if i != last)
        rows_of(pilot).cursor = other
        await keys(pilot, "x")  # hidden by key: marked now, gone when the list loads again
        assert screen.action_of(rows[other]) == "hide"
        await keys(pilot, "x")  # undone
        assert screen.action_of(rows[other]) is None
    again, _ = make_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: again.news.state.loaded, "read state loaded")
        assert again.news.state.action(str(rows[last].id), None) == "mute"  # kept


async def test_a_message_by_a_hidden_author_folds_to_one_line() -> None:
    app, _ = make_app(rules=(rule("from:Nora", "hide"),))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await keys(pilot, "H")  # (her topics too)
        await settle(pilot)
        view: ThreadView | None = None
        for index in range(min(len(rows_of(pilot).rows), 30)):
            view = await open_row(pilot, index)
            if any(m.message.name.startswith("Nora") for m in view.messages):
                break
            await keys(pilot, "escape")
            await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "back")
        assert view is not None
        hers = next(i for i, m in enumerate(view.messages) if m.message.name.startswith("Nora"))
        message = view.messages[hers]
        assert message.hidden
        lines = message.lines(80, app.console)
        said = " ".join(line.plain for line in lines)
        assert len(lines) <= 3
        assert "hidden by a rule" in said
        assert "Enter shows it" in said
        view.go(hers)
        await keys(pilot, "enter")
        assert not message.hidden
        assert len(message.lines(80, app.console)) > 2


async def test_the_services_hashtag_flags_count_as_rules() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await walk_all(pilot)
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        tagged = {
            name: [row for row in rows_of(pilot).rows if any(n == name for n, _ in row.hashtags)]
            for name in ("security", "help-wanted")
        }
        assert tagged["security"]
        assert all(screen.action_of(row) == "follow" for row in tagged["security"])
        assert all(screen.action_of(row) in ("mute", "follow") for row in tagged["help-wanted"])
        assert "followed on the service" in tagged["security"][0].why
