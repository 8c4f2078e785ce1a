"""The search screen's results at 60 columns and where its cursor starts: new words show
their best result first and the top of the list (the cursor stayed on the row it had been
on, "41/52", below the rows shown); a query naming its one group gives its columns to the
subject rather than to that group's name on every row."""

from __future__ import annotations

from textual.widgets import Input

from tests.screens.harness import key_event, keys, make_app, rows_of, settle, until
from tests.screens.journeys import open_topics
from tui.screens.search import SearchScreen
from tui.widgets.column_heads import ColumnHeads
from tui.widgets.title_bar import TitleBar


async def searched(pilot, words: str, *, erase: int = 0) -> SearchScreen:  # type: ignore[no-untyped-def]
    """S on lurker-dev's topic list, then `erase` backspaces and `words` in one burst as a
    typist sends them; the results of the whole line in."""
    await open_topics(pilot, "lurker-dev")
    await settle(pilot)
    pilot.app.post_message(key_event("S"))
    if erase:
        await until(pilot, lambda: isinstance(pilot.app.screen, SearchScreen), "the search")
        line = pilot.app.screen.query_one("#search-line", Input)
        await until(pilot, lambda: line.has_focus, "the line taking keys")
        await keys(pilot, *["backspace"] * erase)
    for key in words:
        pilot.app.post_message(key_event(key))
    await until(pilot, lambda: isinstance(pilot.app.screen, SearchScreen), "the search")
    screen = pilot.app.screen
    line = screen.query_one("#search-line", Input)
    await until(pilot, lambda: line.value.endswith(words), "the line typed")
    typed = line.value
    rows = rows_of(pilot)
    await until(pilot, lambda: screen.text == typed and not rows.page_loading, "its results")
    await settle(pilot)
    return screen


async def test_new_words_start_at_their_best_result() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await searched(pilot, "xruns")
        rows = rows_of(pilot)
        assert len(rows.rows) > 5
        assert rows.cursor == 0
        assert rows.scroll_y == 0
        assert screen.query_one(TitleBar).position.startswith("1/")
        rows.cursor = 3
        line = screen.query_one("#search-line", Input)
        screen.set_focus(line)
        await keys(pilot, "space")  # the same words, run again: the place stays
        await until(pilot, lambda: screen.text == line.value, "run again")
        await until(pilot, lambda: not rows.page_loading, "its results")
        await settle(pilot)
        assert rows.cursor == 3


async def test_at_60_columns_one_group_named_leaves_its_column_to_the_subject() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await searched(pilot, "xruns")
        rows = rows_of(pilot)
        heads = pilot.app.screen.query_one(ColumnHeads)
        assert str(heads.render()).startswith("Subject")
        drawn = [rows.render_line(y).text for y in range(min(len(rows.rows), rows.size.height))]
        assert len(drawn) > 5
        assert not any("lurker-dev" in line for line in drawn)
        for line, hit in zip(drawn, rows.rows, strict=False):
            subject = hit.subject
            assert line.startswith(subject[:34]), (line, subject)  # (34 cells, not 24)


async def test_at_60_columns_results_of_every_group_keep_the_group_column() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await searched(pilot, "xruns", erase=len("group:lurker-dev "))
        rows = rows_of(pilot)
        heads = pilot.app.screen.query_one(ColumnHeads)
        assert str(heads.render()).startswith("Group")
        assert rows.render_line(0).text.startswith("lurker-dev")
