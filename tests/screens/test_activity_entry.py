"""Activity rows by name, an entry's detail that stays until closed, and the filter said."""

from __future__ import annotations

import json
import re

from tests.conftest import demo_config
from tests.screens.harness import make_app, settle, until
from tests.screens.journeys import apply_filters, open_activity
from tests.transports import Rewriting
from tui.demo import DemoService
from tui.render.convert import entry_text
from tui.screens.activity import ActivityScreen
from tui.screens.activity.entry import EntryScreen
from tui.screens.activity.rows import ActivityRow, render_log_row
from tui.widgets.title_bar import TitleBar

ADDRESS = re.compile(r"<[^<>\s@]+@[^<>\s]+>")
HOSTILE = "Mallory [b]bold[/b] [@click=app.quit]x[/] \x1b]0;pwned\x07\x1b[2J"


def title(app) -> str:  # type: ignore[no-untyped-def]
    return app.screen.query_one(TitleBar).title


async def test_rows_at_80_columns_name_people_without_their_addresses() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = await open_activity(pilot)
        entries = [row for row in log.rows if isinstance(row, ActivityRow)]
        with_address = [row for row in entries if ADDRESS.search(entry_text(row.entry).plain)]
        assert with_address
        for row in with_address:
            full = entry_text(row.entry).plain
            name = full[: ADDRESS.search(full).start()].strip()  # type: ignore[union-attr]
            line = render_log_row(row, 80, False).plain
            assert not ADDRESS.search(line), line
            assert name in line, (name, line)


async def test_enter_shows_the_whole_entry_until_closed() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = await open_activity(pilot)
        index = next(
            i
            for i, row in enumerate(log.rows)
            if isinstance(row, ActivityRow) and ADDRESS.search(entry_text(row.entry).plain)
        )
        log.cursor = index
        row = log.rows[index]
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, EntryScreen)
        fields = dict(screen.fields)
        assert fields["Entry"] == entry_text(row.entry).plain
        address = ADDRESS.search(fields["Entry"]).group()[1:-1]  # type: ignore[union-attr]
        assert address in fields["Addresses"]
        assert fields["Entry id"] == str(row.id)
        assert fields["Group"] == "Lurker Developers"
        await pilot.press("down", "j")  # reading keys do not close it; it has no timeout
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ActivityScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ActivityScreen)


def hostile_entries(status: int, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]
    for entry in body.get("data") or []:
        entry["entry"] = f"<b>{json.loads(json.dumps(HOSTILE))}</b> &lt;m@example.com&gt; left."
    return status, body


async def test_a_hostile_entry_shows_as_text_in_its_detail() -> None:
    demo = DemoService(demo_config())
    app, _ = make_app(demo, Rewriting(demo, "getactivitylog", hostile_entries))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_activity(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EntryScreen)
        svg = app.export_screenshot()
        assert "\x1b" not in svg
        assert "pwned" not in svg
        shown = dict(app.screen.fields)["Entry"]
        assert "[b]bold[/b] [@click=app.quit]x[/]" in shown
        assert "m@example.com" in dict(app.screen.fields)["Addresses"]


async def test_the_header_says_which_filter_is_active() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_activity(pilot)
        assert "filter" not in title(app)
        await apply_filters(pilot, filter_by="member", restrict_date="last_week")
        await pilot.press("escape")  # the panel closes; the header keeps saying it
        await settle(pilot)
        await until(pilot, lambda: "filter: members, last week" in title(app), title(app))
        await apply_filters(pilot, filter_by="", restrict_date="")
        await until(pilot, lambda: "filter" not in title(app), title(app))


async def test_a_subject_ending_its_own_sentence_gets_no_second_stop() -> None:
    """The log said "deleted the message Best settings for the Flatpak?.": the service puts
    its full stop after the subject's link whatever the subject ends in."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        log = await open_activity(pilot)
        entries = [row for row in log.rows if isinstance(row, ActivityRow)]
        lines = [render_log_row(row, 400, False).plain.rstrip() for row in entries]
        assert [line for line in lines if re.search(r" the (message|topic) .+\?$", line)]
        assert not [line for line in lines if re.search(r"[?!.]\.$", line)]
