"""Behaviour of `PagedList`: paging requests, status rows, walking to the end, cost."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual import events
from textual.pilot import Pilot

from tests.screens.harness import until
from tests.widgets.paged_list_app import PAGE, FakeSource, ListApp
from tui.widgets.paged_list import PagedList
from tui.widgets.paged_list.rows import RowStore

SIZE = (80, 24)


async def hold(pilot: Pilot[None], key: str, times: int) -> None:
    """Queue `times` presses of `key` at once, as key repeat does, then let the app catch up.

    `pilot.press` waits for idle after every key (~50 ms); holding a key does not.
    """
    for _ in range(times):
        pilot.app.post_message(events.Key(key, None))
    await pilot.pause()


def screen_lines(paged_list: PagedList[int]) -> list[str]:
    """The text of the list's visible lines."""
    height = paged_list.scrollable_content_region.height
    return [paged_list.render_line(y).text.rstrip() for y in range(height)]


async def test_holding_down_asks_for_each_page_exactly_once() -> None:
    source = FakeSource(1_000)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        for _ in range(60):
            if paged_list.cursor == 999:
                break
            await hold(pilot, "down", 20)
            # Prefetch: with prompt pages the cursor never reaches the loaded end early.
            assert paged_list.ended or paged_list.cursor < len(paged_list.rows) - 1
        assert paged_list.cursor == 999
        assert source.requests == list(range(0, 1_000, PAGE))


async def test_a_page_in_flight_is_not_asked_for_again() -> None:
    source = FakeSource(1_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: source.requests == [0], workers_held=True)
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await hold(pilot, "down", 150)
        assert paged_list.cursor == PAGE - 1
        assert source.requests == [0, 100]
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == 2 * PAGE, workers_held=True)
        await hold(pilot, "down", 150)
        assert paged_list.cursor == 2 * PAGE - 1
        assert source.requests == [0, 100, 200], source.requests


async def test_loading_row_then_error_row_keeps_rows_and_retries() -> None:
    source = FakeSource(1_000, fail_offsets=(100,), gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await pilot.press("end")
        await until(pilot, lambda: source.requests == [0, 100], workers_held=True)
        assert screen_lines(paged_list)[-1] == "Loading… 100 of 1,000 · Esc stops"

        source.release()
        await until(pilot, lambda: paged_list.failed, workers_held=True)
        expected = "⚠ Server said [b]503[/b] · Enter or r: retry"
        assert screen_lines(paged_list)[-1] == expected
        assert list(paged_list.rows) == list(range(PAGE))
        assert not paged_list.walking

        await pilot.press("end")
        assert paged_list.cursor == PAGE
        assert paged_list.highlighted_row is None
        await pilot.press("enter")
        await until(pilot, lambda: source.requests == [0, 100, 100], workers_held=True)
        assert screen_lines(paged_list)[-1] == "Loading…"
        assert app.keys_seen == []

        source.release()
        await until(pilot, lambda: len(paged_list.rows) == 2 * PAGE, workers_held=True)
        assert not paged_list.failed
        await pilot.press("r")  # nothing failed: the key is the app's again
        assert app.keys_seen == ["r"]


async def test_end_walks_page_by_page_to_the_real_end() -> None:
    source = FakeSource(2_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        shown = screen_lines(paged_list)
        await pilot.press("end")
        assert paged_list.walking
        # The rows shown stay until the walk's first draw, its progress on the last line.
        assert paged_list.cursor == 0
        assert screen_lines(paged_list) == [*shown[:-1], "Loading… 100 of 2,000 · Esc stops"]

        source.release()
        await until(pilot, lambda: len(paged_list.rows) == 2 * PAGE, workers_held=True)
        # Drawn at once, or by the walk's next draw (at most a second later).
        await until(pilot, lambda: paged_list.cursor == 2 * PAGE - 1, workers_held=True)
        assert screen_lines(paged_list)[-2:] == ["Row 199", "Loading… 200 of 2,000 · Esc stops"]

        source.release(18)
        await until(
            pilot, lambda: paged_list.ended and not paged_list.page_loading, workers_held=True
        )
        await pilot.pause()
        assert paged_list.cursor == 1_999
        assert not paged_list.walking
        assert screen_lines(paged_list)[-1] == "Row 1999"
        assert len(source.requests) == 20


async def test_a_walk_paints_its_progress_and_draws_its_rows_when_due_or_done() -> None:
    # Pages that come faster than the walk's draws: only the progress row is painted for
    # them, and their rows are drawn at the next draw, or when the walk stops or ends.
    source = FakeSource(2_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        paged_list._pacing.every = 3_600.0  # no draw falls due during this test
        shown = screen_lines(paged_list)
        await pilot.press("end")  # (the rows shown stay: the first page is the last drawn)
        assert screen_lines(paged_list) == [*shown[:-1], "Loading… 100 of 2,000 · Esc stops"]
        for pages in (2, 3):
            source.release()
            await until(pilot, lambda n=pages: len(paged_list.rows) == n * PAGE, workers_held=True)
            await pilot.pause()
            assert paged_list.cursor == 0  # the rows wait for the next draw
            progress = f"Loading… {pages * PAGE} of 2,000 · Esc stops"
            assert screen_lines(paged_list) == [*shown[:-1], progress]
            assert paged_list.virtual_size.height == PAGE + 1  # no layout for them either

        await pilot.press("escape")  # a stop draws what came, the cursor on the last row
        assert not paged_list.walking
        assert paged_list.cursor == 3 * PAGE - 1
        assert screen_lines(paged_list)[-2:] == ["Row 299", "Loading…"]  # the page in flight

        await pilot.press("end")
        source.release(17)
        await until(
            pilot, lambda: paged_list.ended and not paged_list.page_loading, workers_held=True
        )
        await pilot.pause()
        assert paged_list.cursor == 1_999  # the walk's end draws it all
        assert screen_lines(paged_list)[-1] == "Row 1999"


async def test_a_walk_paints_its_progress_only_once_it_has_gone_on_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A walk's start painted its progress at once (a paint the first answer waited
    behind: a twentieth of a 13-page walk); a walk shorter than `progress_every` now
    shows its end and never its progress."""
    source = FakeSource(2_000, gated=True)
    source.release()  # the first page
    app = ListApp(source)
    painted: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        paged_list._pacing.every = 3_600.0  # no draw of rows falls due during this test
        paged_list._pacing.progress_every = 3_600.0  # nor a paint of the progress
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        paint = paged_list._paint_progress
        monkeypatch.setattr(
            paged_list, "_paint_progress", lambda: (painted.append(len(paged_list.rows)), paint())
        )
        await pilot.press("end")
        for pages in (2, 3):
            source.release()
            await until(pilot, lambda n=pages: len(paged_list.rows) == n * PAGE, workers_held=True)
        assert painted == []
        paged_list._pacing.progress_every = 0.0  # gone on a while: painted as pages come
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == 4 * PAGE, workers_held=True)
        assert painted == [4 * PAGE]


async def test_escape_cancels_the_walk_and_otherwise_bubbles() -> None:
    source = FakeSource(2_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await pilot.press("escape")
        assert app.keys_seen == ["escape"]

        await pilot.press("end", "escape")
        assert not paged_list.walking
        assert app.keys_seen == ["escape"]
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == 2 * PAGE, workers_held=True)
        assert paged_list.cursor == PAGE - 1  # a stopped walk does not move the cursor on

        source.total_count = None
        await pilot.press("end")
        await until(pilot, lambda: source.requests == [0, 100, 200], workers_held=True)
        assert screen_lines(paged_list)[-1] == "Loading… 200 rows · Esc stops"
        await pilot.press("up")
        assert not paged_list.walking
        # Up from where the cursor was shown (the walk had drawn nothing yet), not from
        # the last row loaded.
        assert paged_list.cursor == PAGE - 2


async def test_the_walk_row_names_the_key_that_stops_it() -> None:
    # The footer leaves the stop key out during a walk: its row says it, as the keymap has it.
    source = FakeSource(2_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        app.set_keymap({"stop_loading": "ctrl+x"})
        paged_list = app.paged_list
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await pilot.press("end")
        assert screen_lines(paged_list)[-1] == "Loading… 100 of 2,000 · ^x stops"
        await pilot.press("ctrl+x")
        assert not paged_list.walking


async def test_a_walk_stopped_in_the_turn_between_pages_asks_for_no_page_more() -> None:
    # A source that answers at once: keys get their turn only between its pages. The walk
    # must not fetch on after a stop in that turn, and must say it stopped.
    source = FakeSource(2_000)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        feed = paged_list.feed
        pause = feed._between_pages
        asked = source.next_page
        requests: list[tuple[int, int]] = []  # (offset, the fetch that asked: a worker)

        async def escape_in_the_turn() -> None:
            if len(source.requests) == 3:
                feed.stop_walk()
            await pause()

        async def next_page() -> list[int] | None:
            requests.append((source.offset, feed._fetches))
            return await asked()

        feed._between_pages = escape_in_the_turn  # type: ignore[method-assign]
        source.next_page = next_page  # type: ignore[method-assign]
        await pilot.press("end")
        await until(pilot, lambda: app.walks_stopped == 1, workers_held=True)
        await until(pilot, lambda: not paged_list.page_loading, workers_held=True)
        assert not paged_list.walking
        assert paged_list.cursor == 299  # where the walk left it: on the last row then
        [walk] = [fetch for offset, fetch in requests if offset == 100]
        assert [offset for offset, fetch in requests if fetch == walk] == [100, 200]


async def test_empty_list_shows_the_empty_text() -> None:
    source = FakeSource(0)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        lines = screen_lines(paged_list)
        row = paged_list.size.height // 3
        assert lines[row].strip() == "Nothing here."
        assert lines[row].startswith(" " * 30)
        assert [line for y, line in enumerate(lines) if y != row] == [""] * (len(lines) - 1)
        await pilot.press("down", "end", "enter")
        assert source.requests == [0]
        assert app.activated == []


async def test_page_down_moves_cursor_and_view_by_a_page() -> None:
    app = ListApp(FakeSource(1_000))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        height = paged_list.scrollable_content_region.height
        await pilot.press("down", "pagedown")
        assert (paged_list.cursor, paged_list.scroll_offset.y) == (1 + height, height)
        await pilot.press("pageup", "home")
        assert (paged_list.cursor, paged_list.scroll_offset.y) == (0, 0)
        await pilot.press(*["j"] * height)
        assert (paged_list.cursor, paged_list.scroll_offset.y) == (height, 1)
        await pilot.press("k", "g")
        assert (paged_list.cursor, paged_list.scroll_offset.y) == (0, 0)
        await pilot.press("G")
        assert paged_list.walking or paged_list.ended


async def test_click_selects_and_second_click_activates() -> None:
    app = ListApp(FakeSource(1_000))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(app.paged_list.rows) >= PAGE, workers_held=True)
        await pilot.click(PagedList, offset=(3, 4))
        assert app.paged_list.cursor == 4
        assert app.activated == []
        await pilot.click(PagedList, offset=(3, 4))
        assert app.activated == [4]
        await pilot.double_click(PagedList, offset=(3, 7))
        assert app.activated == [4, 7]


async def test_show_empties_the_list_and_asks_again() -> None:
    app = ListApp(FakeSource(1_000))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        await pilot.press("pagedown")
        fresh = FakeSource(500)
        paged_list.show(fresh, lambda page: page or [])
        assert (len(paged_list.rows), paged_list.cursor) == (0, 0)
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        assert fresh.requests[0] == 0
        assert screen_lines(paged_list)[0] == "Row 0"


async def test_a_kept_list_stays_until_the_new_first_page_and_the_cursor_stays_on_its_row() -> None:
    app = ListApp(FakeSource(1_000))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        await hold(pilot, "down", 42)
        fresh = FakeSource(1_000, gated=True)
        paged_list.show(fresh, lambda page: [row + 2 for row in page or []], keep=True)
        await until(pilot, lambda: fresh.requests == [0], workers_held=True)
        assert len(paged_list.rows) >= PAGE  # still shown
        assert paged_list.cursor == 42
        fresh.release()
        await until(pilot, lambda: paged_list.rows[0] == 2, workers_held=True)
        assert paged_list.highlighted_row == 42  # row 42 is now the 41st: the cursor followed


async def test_a_reload_past_the_first_page_loads_again_up_to_the_cursors_row() -> None:
    app = ListApp(FakeSource(2_000))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await pilot.press("end")
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        assert paged_list.highlighted_row == 1_999
        fresh = FakeSource(2_002)  # two rows more at the top: 1,999 is now the 2,001st
        paged_list.show(fresh, lambda page: [row - 2 for row in page or []], keep=True)
        await until(
            pilot, lambda: len(fresh.requests) > 1 and not paged_list.walking, workers_held=True
        )
        assert (paged_list.cursor, paged_list.highlighted_row) == (2_001, 1_999)
        assert screen_lines(paged_list)[-1] == "Row 1999"  # in view


async def test_a_reload_without_the_cursors_row_keeps_its_place() -> None:
    app = ListApp(FakeSource(1_000))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await pilot.press("end")
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        await hold(pilot, "up", 20)
        assert paged_list.cursor == 979
        fresh = FakeSource(3_000)  # other rows: 979 is not among the first 1,079 any more
        paged_list.show(fresh, lambda page: [row + 5_000 for row in page or []], keep=True)
        await until(
            pilot, lambda: len(fresh.requests) > 1 and not paged_list.walking, workers_held=True
        )
        assert paged_list.cursor == 979  # the same place
        assert fresh.requests[-1] < 1_100  # loaded a page past it, not to the end


async def test_a_kept_list_whose_first_page_fails_stays_as_it_was() -> None:
    source = FakeSource(1_000)
    app = ListApp(source)
    failed = app.failures
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        await hold(pilot, "down", 10)
        broken = FakeSource(1_000, fail_offsets=(0,))
        paged_list.show(broken, lambda page: page or [], keep=True)
        await until(pilot, lambda: bool(failed), workers_held=True)
        assert failed[0].kept
        assert (paged_list.cursor, paged_list.highlighted_row) == (10, 10)
        assert not paged_list.failed
        await pilot.press("end")  # the old list goes on paging
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        assert len(source.requests) == 10


async def test_a_list_set_aside_comes_back_whole_without_a_request() -> None:
    source = FakeSource(1_000)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        await hold(pilot, "down", 30)
        saved = paged_list.set_aside()
        search = FakeSource(3)
        paged_list.show(search, lambda page: page or [])
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        assert list(paged_list.rows) == [0, 1, 2]
        paged_list.restore(saved)
        await pilot.pause()
        assert (paged_list.cursor, len(paged_list.rows)) == (30, PAGE)
        assert source.requests == [0]
        await pilot.press("end")
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        assert source.requests == list(range(0, 1_000, PAGE))


async def test_replace_row_redraws_it() -> None:
    app = ListApp(FakeSource(1_000))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        paged_list.replace_row(2, 42)
        assert screen_lines(paged_list)[2] == "Row 42"


async def _render_calls_per_key(total: int) -> list[int]:
    """Load `total` rows a page at a time, then count `render_row` calls per key press."""
    app = ListApp(FakeSource(total))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        paged_list.feed.walk()
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        await pilot.press("home")
        await pilot.pause()
        counts = []
        for key in ["down"] * 25 + ["pagedown", "up", "pageup"]:
            before = app.render_calls
            await hold(pilot, key, 1)
            counts.append(app.render_calls - before)
        return counts


async def test_render_cost_per_key_is_independent_of_list_size() -> None:
    height = SIZE[1]
    small = await _render_calls_per_key(100)
    large = await _render_calls_per_key(100_000)
    assert max(small) <= 2 * height
    assert max(large) <= 2 * height
    assert sum(large) <= sum(small) + height
    # An arrow key redraws the old and new cursor rows (and one scrolled-in row), nothing more.
    assert max(large[:25]) <= 3


async def test_rows_far_from_the_cursor_are_packed_and_come_back_when_shown() -> None:
    pages = FakeSource(12_000)
    app = ListApp(pages)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await pilot.press("end")
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        await pilot.pause()
        store = paged_list.rows
        assert isinstance(store, RowStore)
        assert store.is_packed(0)  # 5,000 rows kept each side of the cursor, no more
        assert not store.is_packed(11_999 - store.keep)
        assert store.packed_pages == (11_999 - store.keep) // PAGE
        await pilot.press("home")
        assert screen_lines(paged_list)[:3] == ["Row 0", "Row 1", "Row 2"]
        await hold(pilot, "pagedown", 3)
        await pilot.pause()
        top = paged_list.scroll_offset.y
        assert screen_lines(paged_list)[0] == f"Row {top}"
        assert not store.is_packed(0)
        assert store.is_packed(11_999)  # the far end, now far from the cursor
        assert len(pages.requests) == 120  # nothing was fetched twice


async def test_a_walk_holding_its_rows_packs_nothing_until_it_draws_them() -> None:
    """A settle asked for before the walk (a page's, after its paint) that ran while the
    walk held 8,400 rows packed them around the cursor still on row 0: the pages the
    walk's end then shows beside its cursor were left packed (seen on a busy machine)."""
    source = FakeSource(12_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        paged_list._pacing.every = 3_600.0  # the walk holds its rows until it ends
        await pilot.press("end")
        source.release(83)
        await until(pilot, lambda: len(paged_list.rows) == 84 * PAGE, workers_held=True)
        assert paged_list.cursor == 0
        paged_list._settle_rows()  # as a settle queued before the walk, run late
        store = paged_list.rows
        assert isinstance(store, RowStore)
        assert store.packed_pages == 0
        source.release(36)
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        await pilot.pause()
        assert paged_list.cursor == 11_999
        assert not store.is_packed(11_999 - store.keep)  # beside the cursor: kept as rows
        assert store.is_packed(0)


async def test_a_kept_list_keeps_its_own_failure_when_a_reload_fails() -> None:
    app = ListApp(FakeSource(1_000, fail_offsets=(PAGE,)))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        await pilot.press("end")
        await until(pilot, lambda: paged_list.failed, workers_held=True)
        own = paged_list.feed.failure
        paged_list.show(FakeSource(1_000, fail_offsets=(0,)), lambda page: page or [], keep=True)
        await until(pilot, lambda: len(app.failures) == 2, workers_held=True)
        assert app.failures[1].kept
        assert paged_list.feed.failure is own  # its row still says why its page 2 failed
        assert paged_list.feed.retryable


async def test_a_second_reload_that_fails_goes_back_to_the_list_shown() -> None:
    shown = FakeSource(1_000)
    app = ListApp(shown)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        pending = FakeSource(1_000, gated=True)  # its first page never comes
        paged_list.show(pending, lambda page: page or [], keep=True)
        await until(pilot, lambda: pending.requests == [0], workers_held=True)
        paged_list.show(FakeSource(1_000, fail_offsets=(0,)), lambda page: page or [], keep=True)
        await until(pilot, lambda: bool(app.failures), workers_held=True)
        await pilot.press("end")  # the list shown goes on paging, not the pending one
        await until(pilot, lambda: paged_list.ended, workers_held=True)
        assert list(paged_list.rows) == list(range(1_000))


async def test_a_page_in_flight_is_asked_again_after_a_reload_fails() -> None:
    shown = FakeSource(1_000, gated=True)
    app = ListApp(shown)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        shown.release()
        await until(pilot, lambda: len(paged_list.rows) >= PAGE, workers_held=True)
        await hold(pilot, "down", PAGE)  # at the last loaded row: page 2 asked for, held
        await until(pilot, lambda: shown.requests == [0, PAGE], workers_held=True)
        assert paged_list.cursor == PAGE - 1
        paged_list.show(FakeSource(1_000, fail_offsets=(0,)), lambda page: page or [], keep=True)
        await until(pilot, lambda: bool(app.failures), workers_held=True)
        await until(
            pilot, lambda: shown.requests == [0, PAGE, PAGE], workers_held=True
        )  # asked again
        shown.release(20)
        await until(pilot, lambda: len(paged_list.rows) > PAGE, workers_held=True)


class AheadSource(FakeSource):
    """A source that can read ahead: records how many rows the list had at each ask."""

    def __init__(self, total: int, list_rows: list[int]) -> None:
        super().__init__(total)
        self.list_rows = list_rows
        self.asked_ahead: list[int] = []

    def read_ahead(self, *, deferred: bool = False) -> None:
        self.asked_ahead.append(self.list_rows[0])


async def test_a_walk_asks_for_the_next_page_before_drawing_this_one_and_scrolling_does_not() -> (
    None
):
    # End: the next page is asked for as soon as a page is in, before its rows are made and
    # drawn (a live source fetches it meanwhile); scrolling asks only as it nears the end.
    list_rows = [0]
    source = AheadSource(1_000, list_rows)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        take = paged_list._take

        def counted_take(rows: list[int], replacing: bool) -> None:
            take(rows, replacing)
            list_rows[0] = len(paged_list.rows)

        paged_list.feed._take = counted_take  # (the feed's hook into the list)
        await until(pilot, lambda: len(paged_list.rows) == PAGE)
        await hold(pilot, "pagedown", 8)
        await until(pilot, lambda: len(paged_list.rows) >= 2 * PAGE and not paged_list.page_loading)
        assert source.asked_ahead == []
        before = len(paged_list.rows)
        await pilot.press("end")
        await until(pilot, lambda: paged_list.ended and not paged_list.walking)
        # Asked with each page of the walk but the last, before that page's rows were taken.
        assert source.asked_ahead == list(range(before, 1_000 - PAGE, PAGE))


async def test_a_click_on_the_walk_progress_takes_no_row_and_a_screen_reader_s_end_moves() -> None:
    # Held from End's press, the progress is over the view's last line: a click there
    # takes nothing (the row under it is not shown). In screen-reader mode End moves the
    # cursor at once, as the terminal cursor (what a reader reads) is on the cursor's row.
    source = FakeSource(2_000, gated=True)
    app = ListApp(source)
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        paged_list._pacing.every = 3_600.0  # no draw falls due during this test
        source.release()
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await pilot.press("end")
        last = paged_list.scrollable_content_region.height - 1
        assert screen_lines(paged_list)[-1] == "Loading… 100 of 2,000 · Esc stops"
        await pilot.click(PagedList, offset=(3, last))
        assert (paged_list.cursor, paged_list.walking, app.activated) == (0, True, [])
        await pilot.press("escape")

        app.add_class("-screen-reader")
        await pilot.press("home", "end")
        assert paged_list.walking
        assert paged_list.cursor == PAGE - 1


async def test_a_screenful_drawn_asks_for_the_rows_style_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The style walks the widget's ancestors: asked at every row, it was a sixth of drawing
    # a screenful (End's last frame).
    app = ListApp(FakeSource(500))
    async with app.run_test(size=SIZE) as pilot:
        paged_list = app.paged_list
        await until(pilot, lambda: len(paged_list.rows) == PAGE, workers_held=True)
        await pilot.pause()
        asked: list[int] = []
        style = type(paged_list).rich_style

        def counted(widget: PagedList[int]) -> Style:
            if widget is paged_list:
                asked.append(1)
            return style.fget(widget)

        monkeypatch.setattr(type(paged_list), "rich_style", property(counted))
        paged_list._strips.clear()
        paged_list.refresh()
        await pilot.pause()
        painted = len(asked)
        assert len([line for line in screen_lines(paged_list) if line]) > 15  # rows drawn
        assert painted == 1
