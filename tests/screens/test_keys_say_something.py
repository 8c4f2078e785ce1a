"""A key that cannot do anything where it is pressed says so, briefly, rather than nothing."""

from __future__ import annotations

from tests.screens.harness import keys, make_app, notes, rows_of, settle
from tests.screens.journeys import TAPE_ECHO, groups_loaded, read_thread
from tui.widgets.thread_view import ThreadView


async def test_a_where_the_log_is_closed_names_the_group_plainly() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        names = [row.group.group_name if row.group else "" for row in rows_of(pilot).rows]
        rows_of(pilot).cursor = names.index("big-archive")  # Linux Audio Users
        await keys(pilot, "a")
        said = " ".join(notes(app))
        assert "the activity log of Linux Audio Users" in said
        assert "Users's" not in said


async def test_t_on_a_message_without_quotes_says_so() -> None:
    app, _ = make_app(topic=str(TAPE_ECHO))
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        view = app.screen.query_one(ThreadView)
        kinds = [{part.kind for part in m.document.parts} for m in view.messages if m.document]
        plain = next(i for i, found in enumerate(kinds) if "quote" not in found)
        quoting = next(i for i, found in enumerate(kinds) if "quote" in found)
        view.go(plain)
        await keys(pilot, "t")
        assert any("quotes nothing" in note for note in notes(app)), notes(app)
        view.go(quoting)
        before = len(notes(app))
        await keys(pilot, "t")
        await settle(pilot)
        assert not view.messages[quoting].folded  # unfolded, and nothing to say about it
        assert len(notes(app)) == before
