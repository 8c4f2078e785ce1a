"""Service text the demo does not send by itself: hostile group names and error details.

A transport around the demo rewrites one answer (the fault is injected; everything else
is the real client against the demo service), and the real app must show the text as
written: escape sequences gone, markup as literal characters, actions never run.
"""

from __future__ import annotations

import html
import json
import re

from textual.content import Content

from tests.conftest import demo_config
from tests.screens.harness import make_app, settle, until
from tests.transports import Rewriting
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.screens.activity import ActivityScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.title_bar import TitleBar

MARKUP = "[b]bold[/b] [@click=app.quit]quit[/]"
HOSTILE_NAME = f"Dev\x1b]0;pwned\x07\x1b[2J {MARKUP}"
SHOWN_NAME = f"Dev {MARKUP}"


def app_with(endpoint: str, rewrite) -> LurkerApp:  # type: ignore[no-untyped-def]
    demo = DemoService(demo_config())
    return make_app(demo, Rewriting(demo, endpoint, rewrite))[0]


def rename_lurker_dev(status: int, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]
    text = json.dumps(body).replace('"Lurker Developers"', json.dumps(HOSTILE_NAME))
    return status, json.loads(text)


def shown_text(app: LurkerApp) -> str:
    """Every character the screen shows, from an SVG screenshot of it."""
    svg = app.export_screenshot()
    assert "\x1b" not in svg
    assert "pwned" not in svg
    rows = re.findall(r"<text[^>]*>(.*?)</text>", svg)
    return html.unescape("".join(rows)).replace("\xa0", " ")


async def test_a_hostile_group_name_is_text_everywhere_it_shows() -> None:
    app = app_with("getsubs", rename_lurker_dev)
    async with app.run_test(size=(120, 30)) as pilot:
        groups = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 3, "groups")
        assert SHOWN_NAME in shown_text(app)

        # The palette reads its prompts as markup: the name must come out as written.
        prompts = [command.title for command in app.get_system_commands(app.screen)]
        offered = [Content.from_markup(prompt).plain for prompt in prompts]
        assert f"Group: {SHOWN_NAME}" in offered
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Group: Dev")
        await settle(pilot)
        assert MARKUP in shown_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "group opened")
        assert app.is_running  # the [@click=app.quit] in the name did nothing

        screen = app.screen
        await until(pilot, lambda: len(screen.query_one(PagedList).rows) > 0, "topics")
        assert screen.sub_title == SHOWN_NAME
        assert app.format_title(app.title, screen.sub_title).plain == f"Lurker — {SHOWN_NAME}"
        assert screen.query_one(TitleBar).title.startswith(SHOWN_NAME)

        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "activity")
        assert app.screen.sub_title == f"{SHOWN_NAME} · activity"
        assert f"{SHOWN_NAME} · activity" in shown_text(app)


def refuse_topics(status: int, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]
    extra = "\x1b]52;c;cm0gLXJmIH4K\x07[red]no[/red] such \x9b2Jgroup"
    return 400, {"object": "error", "type": "inadequate_permissions", "extra": extra}


async def test_an_error_quoting_hostile_service_words_is_shown_as_text() -> None:
    app = app_with("gettopics", refuse_topics)
    async with app.run_test(size=(120, 30)) as pilot:
        groups = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 3, "groups")
        await pilot.press("enter")  # All groups
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: topics.failed, "error row")
        shown = shown_text(app)
        assert "[red]no[/red] such group" in shown
        assert "cm0gLXJmIH4K" not in shown
