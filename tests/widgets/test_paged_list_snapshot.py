"""What `PagedList` looks like on screen."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.pilot import Pilot

from tests.screens.harness import until
from tests.widgets.paged_list_app import FakeSource, ListApp


def _topic_row(row: int, width: int, selected: bool) -> Text:
    return Text.assemble(
        (f"{row:>3}  ", "dim"),
        f"Topic {row}: [b]not markup[/b] and a subject long enough to be cropped at the edge",
        (" · 3 replies", "italic"),
    )


def test_list_with_loading_row(snap_compare: Any) -> None:
    """A focused list of 15 topics at 80x24 while the next page loads.

    A reviewer should see: one line per topic, each cropped with "…" at the right edge and
    "[b]not markup[/b]" shown literally; the fourth row ("3  Topic 3…") highlighted with the
    theme's cursor colour across the full width; a dim italic "Loading…" line right after
    "14  Topic 14…"; blank lines below; no scrollbar.
    """
    source = FakeSource(1_000, gated=True, page=15)
    app = ListApp(source, render_row=_topic_row)

    async def run_before(pilot: Pilot[None]) -> None:
        source.release()
        # The first page is in, the second asked for (and held).
        await until(pilot, lambda: len(source.requests) >= 2, "page 2 asked", workers_held=True)
        await pilot.press("down", "down", "down")

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))
