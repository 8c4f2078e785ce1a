"""Searching from the reader: S from any screen, results as you type from what was
fetched, a thread opened at the messages found, saved searches kept as groups across a
restart, and a group's own list offering the service's search."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input, Static

from tests.screens.harness import make_app, notes, requests_to, settle, shown_text, until
from tui.screens.group_rows import say_saved_row
from tui.screens.groups import GroupsScreen
from tui.screens.name_prompt import NamePrompt
from tui.screens.search import SearchScreen
from tui.screens.search_rows import say_hit_row
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.store.search.finding import Hit
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar


async def _type(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press(*text)


def _hits(app) -> list[Hit]:  # type: ignore[no-untyped-def]
    return list(app.screen.query_one(PagedList).rows)


async def _search_line(pilot) -> Input:  # type: ignore[no-untyped-def]
    """Press S and wait for the search line to take keys."""
    await pilot.press("S")
    await until(pilot, lambda: isinstance(pilot.app.screen, SearchScreen))
    line = pilot.app.screen.query_one("#search-line", Input)
    await until(pilot, lambda: line.has_focus, "the search line ready")
    return line


async def _open_lurker_dev(pilot) -> None:  # type: ignore[no-untyped-def]
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
    topics = app.screen.query_one(PagedList)
    await until(pilot, lambda: len(topics.rows) > 0, "topics listed (and indexed)")
    await settle(pilot)


async def test_results_come_as_you_type_and_open_at_the_first_message_found() -> None:
    app, _demo = make_app(group="lurker-dev")
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_lurker_dev(pilot)
        line = await _search_line(pilot)
        assert line.value == "group:lurker-dev "  # from a group's list: that group
        await _type(pilot, "latency")

        def found_latency() -> bool:
            hits = _hits(app)
            return len(hits) > 3 and all(
                "latency" in (hit.subject + hit.snippet.text).lower() for hit in hits
            )

        await until(pilot, found_latency, "results as typed")
        assert {hit.group_name for hit in _hits(app)} == {"lurker-dev"}
        drawn = app.screen.query_one(PagedList).render_line(0).text
        assert drawn.startswith(_hits(app)[0].subject[:30])  # (the group named: no column)
        await pilot.press("enter")  # the results of these words are up: the first opens
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) > 0, "thread loaded")
        bar = app.screen.query_one(TitleBar)
        await until(pilot, lambda: "found" in bar.position, "what was found, said")


async def test_a_mistake_is_a_sentence_pointing_at_it() -> None:
    app, _demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _search_line(pilot)
        await _type(pilot, 'build "new')
        note = app.screen.query_one("#search-note", Static)
        await until(pilot, lambda: "never closed" in str(note.render()), "the mistake said")
        assert "(column 7)" in str(note.render())
        await pilot.press("escape")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))


async def test_a_query_cut_short_says_so_under_the_line() -> None:
    app, _demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        line = await _search_line(pilot)
        line.value = " ".join(f"w{number}" for number in range(40))  # as if pasted
        note = app.screen.query_one("#search-note", Static)
        await until(pilot, lambda: "left out" in str(note.render()), "the cut said")
        assert "Only the query's first 32 different words" in str(note.render())
        assert note.has_class("warning")


async def test_a_saved_search_is_a_group_after_a_restart() -> None:
    app, _demo = make_app(group="lurker-dev")
    async with app.run_test(size=(100, 30)) as pilot:
        await _open_lurker_dev(pilot)
        await _search_line(pilot)
        await pilot.press("ctrl+u")
        await _type(pilot, "latency")
        await until(pilot, lambda: len(_hits(app)) > 0)
        await pilot.press("escape", "s")  # from the line to the results, then save
        await until(pilot, lambda: isinstance(app.screen, NamePrompt))
        await pilot.press("ctrl+u")
        await _type(pilot, "Latency")
        await pilot.press("enter")
        await until(pilot, lambda: any("Saved as" in note for note in notes(app)))

    app, _demo = make_app()  # a new run, the same store
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        groups = app.screen
        assert isinstance(groups, GroupsScreen)
        await until(pilot, lambda: [s.name for s in groups.saved] == ["Latency"], "listed")
        rows = groups.query_one(PagedList)
        (at,) = [i for i, row in enumerate(rows.rows) if row.saved is not None]
        assert at == len(rows.rows) - 1  # under the groups
        assert groups.saved[0].unread  # nothing of it read yet
        assert "unread ⌕ Latency latency" in rows.render_line(at - int(rows.scroll_y)).text
        rows.cursor = at
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SearchScreen))
        await until(pilot, lambda: len(_hits(app)) > 0, "its results")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        rows.cursor = at
        await pilot.press("d", "y")
        await until(pilot, lambda: groups.saved == [], "removed")


async def test_a_search_saved_under_its_query_shows_the_query_once() -> None:
    """Saved under the name offered, its query, the row said it twice: "16 unread ⌕ release
    group:lurker-dev release group:lurk…", and so did a screen reader's line."""
    app, _demo = make_app(group="lurker-dev")
    async with app.run_test(size=(100, 30)) as pilot:
        await _open_lurker_dev(pilot)
        await _search_line(pilot)
        await _type(pilot, "release")
        await until(pilot, lambda: len(_hits(app)) > 0)
        await pilot.press("escape", "s")
        await until(pilot, lambda: isinstance(app.screen, NamePrompt))
        await pilot.press("enter")  # the name offered: the query
        await until(pilot, lambda: any("Saved as" in note for note in notes(app)))
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        groups = app.screen
        assert isinstance(groups, GroupsScreen)
        await until(pilot, lambda: len(groups.saved) == 1, "listed")
        assert groups.saved[0].name == groups.saved[0].query == "release group:lurker-dev"
        rows = groups.query_one(PagedList)
        (at,) = [i for i, row in enumerate(rows.rows) if row.saved is not None]
        rows.scroll_to(y=at, animate=False, immediate=True)
        await settle(pilot)
        drawn = rows.render_line(at - int(rows.scroll_y)).text
        assert drawn.count("release") == 1, drawn
        assert "⌕ release group:lurker-dev " in drawn
        said = say_saved_row(groups.saved[0]).plain
        assert said.count("release") == 1, said


async def test_on_a_groups_list_the_service_search_is_offered_and_labelled() -> None:
    app, demo = make_app(group="lurker-dev")
    async with app.run_test(size=(100, 30)) as pilot:
        await _open_lurker_dev(pilot)
        line = await _search_line(pilot)
        await _type(pilot, "release")
        await until(pilot, lambda: line.value == "group:lurker-dev release")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        await until(pilot, lambda: requests_to(demo, "gettopics", q="release") != [])
        await settle(pilot)
        title = app.screen.query_one(TitleBar).title
        assert "service search “release”" in title


async def test_in_screen_reader_mode_a_result_reads_subject_first_in_words() -> None:
    app, _demo = make_app(group="lurker-dev", screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_lurker_dev(pilot)
        await _search_line(pilot)
        await _type(pilot, "latency")
        await until(pilot, lambda: len(_hits(app)) > 0, "results")
        rows = app.screen.query_one(PagedList)
        hit = _hits(app)[0]
        line = rows.render_line(0).text
        assert line.startswith(hit.subject[:40])  # the subject first, not the group's column
        assert f", in {hit.group_name}" in say_hit_row(hit).plain
        assert ", from " in say_hit_row(hit).plain


async def _first_message_found(app, words: str) -> str | None:  # type: ignore[no-untyped-def]
    from tui.query.language import parse

    hits = await app.finder().search(parse(words))
    return hits[0].message_id if hits else None


@pytest.mark.parametrize("in_process", [True, False])
async def test_the_first_message_of_a_thread_is_indexed_like_the_others(in_process: bool) -> None:
    """Its short body is converted at once on the UI's side, not by the converting process
    (without one: in a thread): its text reaches the index all the same (Léa Fontaine's
    thanks are found in her message)."""
    app, _demo = make_app(topic="400000012", bodies_in_process=in_process)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) > 4, "thread loaded")
        first = str(view.messages[0].message.id)
        assert "Danke" in view.messages[0].message.body
        await settle(pilot)
        assert await _first_message_found(app, "from:léa danke") == first


async def test_on_a_fresh_store_the_empty_list_says_how_to_fill_the_index() -> None:
    app, _demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        await _search_line(pilot)
        await _type(pilot, "anything")
        note = app.screen.query_one("#search-note", Static)
        await until(pilot, lambda: "open groups" in str(note.render()), "the hint")
        rows = app.screen.query_one(PagedList)
        await until(pilot, lambda: "anything" in rows.empty_text, "searched")
        await settle(pilot)
        shown = " ".join(shown_text(app).split())
        assert "Nothing found for anything in what was fetched." in shown
        assert "Search finds what Lurker has fetched: open groups and threads first" in shown
        assert "Ctrl+O asks the service from a group's topic list." in shown


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_before_a_query_nothing_is_said_found_and_the_syntax_is_said_once(
    size: tuple[int, int],
) -> None:
    """S, nothing typed yet: the list said "Nothing found in what was fetched." and the
    title "0 topics", and the query's syntax was both the line's placeholder (cut) and the
    note under it."""
    app, _demo = make_app(group="lurker-dev")
    async with app.run_test(size=size) as pilot:
        await _open_lurker_dev(pilot)
        line = await _search_line(pilot)
        await pilot.press("ctrl+u")  # (from a group's list the line starts with group:)
        note = app.screen.query_one("#search-note", Static)
        await until(pilot, lambda: "has:attachment" in str(note.render()), "the syntax")
        await settle(pilot)
        assert line.value == ""
        shown = " ".join(shown_text(app).split())
        assert "Nothing searched yet" in shown
        assert "Nothing found" not in shown
        assert shown.count("from:NAME") == 1, shown
        assert "has:attachment" in shown  # the note wraps: all of the syntax is on screen
        assert "topics" not in app.screen.query_one(TitleBar).title
        await _type(pilot, "zzzqqq")
        await until(pilot, lambda: "Nothing found for zzzqqq" in " ".join(shown_text(app).split()))
        assert "0 topics" in app.screen.query_one(TitleBar).title


async def test_down_and_the_footer_lead_from_the_search_line_to_the_results() -> None:
    app, _demo = make_app(group="lurker-dev")
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_lurker_dev(pilot)
        line = await _search_line(pilot)
        await settle(pilot)
        footer = shown_text(app).splitlines()[-1]
        assert "↓/Tab Results" in footer
        assert "^o Ask the service" in footer
        await _type(pilot, "latency")
        await until(pilot, lambda: len(_hits(app)) > 0)
        await pilot.press("down")
        rows = app.screen.query_one(PagedList)
        assert rows.has_focus
        assert not line.has_focus
        await settle(pilot)
        assert "Results" not in shown_text(app).splitlines()[-1]


async def test_enter_after_a_mistake_does_not_open_the_words_before() -> None:
    app, _demo = make_app(group="lurker-dev")
    async with app.run_test(size=(100, 30)) as pilot:
        await _open_lurker_dev(pilot)
        await _search_line(pilot)
        await _type(pilot, "latency")
        await until(pilot, lambda: len(_hits(app)) > 0, "results")
        await _type(pilot, ' "never')
        note = app.screen.query_one("#search-note", Static)
        await until(pilot, lambda: "column" in str(note.render()), "the mistake said")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)  # nothing of 'latency' opened


async def test_on_a_fresh_store_an_empty_line_says_how_to_fill_the_index() -> None:
    app, _demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        await _search_line(pilot)
        note = app.screen.query_one("#search-note", Static)
        await until(pilot, lambda: "open groups" in str(note.render()), "the hint, untyped")


@pytest.mark.parametrize("where", ["groups", "topics", "thread", "activity", "search results"])
async def test_keys_typed_at_once_after_s_reach_the_search_line(where: str) -> None:
    """`S` then `jack` in one burst, as a typist sends them: all four letters reach the
    search line, whichever screen `S` was typed on (they went to that screen before)."""
    start = {"topics": {"group": "lurker-dev"}, "thread": {"topic": "400000012"}}
    app, _demo = make_app(**start.get(where, {"group": "lurker-dev"}))  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.screen.focused is not None, "the first screen")
        if where == "groups":
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        elif where == "activity":
            await pilot.press("a")
            await until(pilot, lambda: type(app.screen).__name__ == "ActivityScreen")
        elif where == "search results":
            await _search_line(pilot)
            await _type(pilot, "latency")
            await until(pilot, lambda: len(_hits(app)) > 0, "results")
            await pilot.press("down")
        await settle(pilot)
        before = app.screen
        for key in "Sjack":
            app.post_message(events.Key(key, key))
        await until(pilot, lambda: isinstance(app.screen, SearchScreen), "the search screen")
        await settle(pilot)
        line = app.screen.query_one("#search-line", Input)
        assert line.value.endswith("jack")
        assert line.value.count("jack") == 1
        if where == "search results":
            assert app.screen is before


async def test_s_types_itself_in_the_search_line_and_waits_behind_a_window() -> None:
    """`S` takes its keys first, but not from a line being typed in nor from under a
    window (the keys' help, here)."""
    app, _demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        line = await _search_line(pilot)
        await _type(pilot, "Sam")
        assert line.value == "Sam"
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.press("S")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
