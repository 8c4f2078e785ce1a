"""The topic list's title, short of room, gives way part by part: the sort first, then the
count of topics (the position says it), then the group's name is cut (the header says it),
then left out; the topics hidden and the key that shows them ("(H shows)") stay whole. At 80
columns the title was cut in the note: "… sticky first · 2 hidden by rule…"."""

from __future__ import annotations

import pytest

from tests.screens.harness import make_app, settle, until
from tests.screens.journeys import open_topics
from tests.screens.shown import title_bar
from tui.query.rules import make_rule

HIDE_KWAME = make_rule('from:"Kwame Mensah"', "hide", "config.toml, line 1")


@pytest.mark.parametrize(
    ("size", "shown", "gone"),
    [
        ((120, 30), ["Lurker Developers", " topics", "sticky first"], []),
        ((80, 24), ["Lurker Developers", " topics"], ["sticky first"]),
        ((60, 20), ["Lurker Developers"], ["sticky first", " topics"]),
        ((40, 20), [], ["sticky first", " topics", "Lurker"]),  # (the header says it)
    ],
    ids=["120", "80", "60", "40"],
)
async def test_the_hidden_note_and_its_key_stay_whole(
    size: tuple[int, int], shown: list[str], gone: list[str]
) -> None:
    app, _ = make_app(rules=(HIDE_KWAME,))
    async with app.run_test(size=size) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: "hidden by rules" in title_bar(app), "the hidden note")
        await settle(pilot)
        drawn = title_bar(app)
        assert " hidden by rules (H shows) " in drawn, drawn
        assert drawn.endswith(f"/{app.screen.paged_list.known_total:,}"), drawn  # type: ignore[attr-defined]
        for part in shown:
            assert part in drawn, drawn
        for part in gone:
            assert part not in drawn, drawn
