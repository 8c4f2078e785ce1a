"""Screens opened straight from the command line (`--group`, `--topic`) keep their pages like
any other, so they read offline later, marked so."""

from __future__ import annotations

import pytest

from tests.conftest import demo_config
from tests.screens.harness import make_app, settle, until
from tests.transports import Unplugged
from tui.demo import DemoService
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

TOPIC = "100000001"


def title(app: object) -> str:
    """The title bar: its title and, where the screen has one, its position."""
    screen = app.screen  # type: ignore[attr-defined]
    bar = screen.query_one(TitleBar)
    return f"{bar.title} {bar.position}"


@pytest.mark.parametrize(
    ("option", "loaded"),
    [
        (
            {"group": "lurker-dev"},
            lambda app: (
                app.screen.sub_title != "Groups"
                and any(len(rows.rows) > 10 for rows in app.screen.query(PagedList))
            ),
        ),
        ({"topic": TOPIC}, lambda app: any(view.messages for view in app.screen.query(ThreadView))),
    ],
    ids=["group", "topic"],
)
async def test_a_screen_opened_from_the_command_line_reads_offline_later(
    option: dict[str, str], loaded: object
) -> None:
    demo = DemoService(demo_config())
    app, _ = make_app(demo, **option)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: loaded(app), "the screen's first page")  # type: ignore[operator]
        await settle(pilot)

    offline, _ = make_app(demo, transport=Unplugged(), **option)
    async with offline.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: loaded(offline), "the saved first page")  # type: ignore[operator]
        await settle(pilot)
        assert "offline · saved" in title(offline)
