"""The activity log's filter panel at 60 columns as at 80: every box shows its name whole
and room to type in; at 60 the Apply button makes way for them (Enter applies, as the hint
under them says), and a long choice is cut on its line rather than making its row taller."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Label, Select

from tests.screens.harness import keys, make_app, requests_to, until
from tests.screens.journeys import open_activity
from tui.screens.activity.filters import ActivityFilters

BOXES = {"start_date": "from date", "end_date": "to date", "action": "action",
         "member_info_id": "member id"}  # fmt: skip


def shown(widget: Input | Label) -> str:
    """What a box or a label shows, its lines joined."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


async def open_panel(pilot) -> ActivityFilters:  # type: ignore[no-untyped-def]
    await open_activity(pilot)
    await keys(pilot, "slash")
    return pilot.app.screen.query_one(ActivityFilters)


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=["60x20", "80x24"])
async def test_every_box_shows_its_name_and_room_to_type(size: tuple[int, int]) -> None:
    app, _ = make_app()
    async with app.run_test(size=size) as pilot:
        panel = await open_panel(pilot)
        for name, placeholder in BOXES.items():
            box = panel.query_one(f"#{name}", Input)
            assert placeholder in shown(box), (name, shown(box))
            assert box.content_size.width >= 10, name  # a whole date, "added_mem…", an id
        choices = panel.query(Select)
        assert {choice.outer_size.height for choice in choices} == {3}
        apply = panel.query_one("#apply", Button)
        wide = size[0] >= 80
        assert apply.display == wide
        hint = panel.query_one("#filter-hint" if wide else "#filter-hint-narrow", Label)
        assert hint.display
        assert wide or "Enter applies" in shown(hint)


async def test_at_60_columns_enter_in_a_box_applies() -> None:
    app, demo = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = await open_panel(pilot)
        panel.query_one("#action", Input).focus()
        await keys(pilot, *"added_member", "enter")
        sent = lambda: requests_to(demo, "getactivitylog", action="added_member")  # noqa: E731
        await until(pilot, lambda: bool(sent()), "the log asked for added_member")
