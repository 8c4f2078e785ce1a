"""At 60 columns a group's short name (what `--group` and `group:` take) stays whole: in
the group list (its name is cut first), and in the group columns of ★ All groups and of
★ All activity (cut to five letters, "big-a…", they named nothing)."""

from __future__ import annotations

from tests.screens.harness import make_app, settle, until
from tests.screens.journeys import groups_loaded, open_all_activity, open_all_groups
from tests.screens.shown import drawn_rows


async def test_the_group_list_keeps_short_names_whole_at_60() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await groups_loaded(pilot)
        await settle(pilot)
        shown = drawn_rows(pilot)
        for name in ("big-archive", "lurker-dev", "no-api", "parent+child", "sandbox"):
            assert any(f" {name} " in row for row in shown), (name, shown)


async def test_all_groups_names_each_topics_group_whole_at_60() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await open_all_groups(pilot)
        await settle(pilot)
        columns = {row[6:18].strip() for row in drawn_rows(pilot)}
        assert {"big-archive", "lurker-dev"} <= columns, columns
        assert all(not name.endswith("…") or len(name) == 11 for name in columns), columns


async def test_all_activity_names_each_entrys_group_at_60() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        log = await open_all_activity(pilot)
        await until(pilot, lambda: len(log.rows) > 10, "entries")
        rows = drawn_rows(pilot)
        assert any(" lurker-dev " in row for row in rows), rows
