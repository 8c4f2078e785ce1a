"""Behaviour of `ThreadView`: the line at the top stays put, the current message, layout."""

from __future__ import annotations

import asyncio

from tests.screens.harness import keys, notes, settle, until
from tests.widgets.thread_view_app import Pages, ThreadApp, converted, paragraphs, thread, visible
from tui.api.models.messages import Message
from tui.render.convert import convert
from tui.render.draw.message import PLACEHOLDER, ThreadMessage
from tui.widgets.thread_view import ThreadView

SIZE = (60, 20)


async def test_bodies_arriving_above_leave_the_top_line_in_place() -> None:
    messages = thread(30)
    app = ThreadApp(messages)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await keys(pilot, *"n" * 6)
        assert view.current == 6
        assert view.scroll_offset.y == view.top_of(6)
        before = visible(view)
        assert before[0].startswith("▌ Sender 6")
        view.show_documents((m, convert(m.message.body)) for m in messages[:6])
        await settle(pilot)
        assert view.top_of(6) > 6 * 5  # the bodies above grew from one placeholder line
        assert view.scroll_offset.y == view.top_of(6)
        assert visible(view) == before
        assert view.current == 6


async def test_scrolling_makes_the_message_at_the_top_current() -> None:
    app = ThreadApp(converted(thread(6)))
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await keys(pilot, "space")
        assert view.current == view.message_at(view.scroll_offset.y)
        while view.current < 2:
            await keys(pilot, "space")
        # `n` goes on from the message being read, not from where `n` was last pressed.
        await keys(pilot, "n")
        assert view.current == 3
        assert view.scroll_offset.y == view.top_of(3)
        await keys(pilot, "k")
        assert view.current == 2
        await keys(pilot, "home")
        assert (view.current, view.scroll_offset.y) == (0, 0)


async def test_space_keeps_one_line_of_the_previous_screen() -> None:
    app = ThreadApp(converted(thread(6)))
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        last = visible(view)[-1]
        await keys(pilot, "space")
        # The bar may move with the current message: compare the text after it.
        assert visible(view)[0][1:] == last[1:]
        assert view.scroll_offset.y == view.scrollable_content_region.height - 1


async def test_t_folds_the_current_message_only() -> None:
    quoted = "<p>My answer.</p><blockquote>" + paragraphs(8) + "</blockquote>"
    messages = [
        ThreadMessage(Message(id=i + 1, msg_num=i + 1, name=f"S{i}", body=quoted)) for i in range(3)
    ]
    app = ThreadApp(converted(messages))
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await keys(pilot, "n")
        folded_height = view.top_of(2) - view.top_of(1)
        assert any("quoted lines" in line for line in visible(view))
        await keys(pilot, "t")
        assert not messages[1].folded
        assert messages[0].folded
        assert messages[2].folded
        assert view.top_of(2) - view.top_of(1) > folded_height + 8
        assert not any("quoted lines" in line for line in visible(view)[:5])
        await keys(pilot, "enter")
        assert messages[1].folded


async def test_only_the_current_message_has_the_bar() -> None:
    messages = thread(3)
    app = ThreadApp(messages)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        lines = visible(view)
        first, second = view.top_of(0), view.top_of(1)
        assert lines[first].startswith("▌ Sender 0")
        assert lines[second].startswith("  Sender 1")
        assert PLACEHOLDER in lines[first + 2]
        await keys(pilot, "n")
        lines = visible(view)
        assert lines[first].startswith("  Sender 0")
        assert lines[second].startswith("▌ Sender 1")


async def test_a_click_makes_a_message_current() -> None:
    messages = thread(3)
    app = ThreadApp(messages)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await pilot.click(ThreadView, offset=(5, view.top_of(1) + 1))
        assert view.current == 1


async def test_lines_are_laid_out_again_for_a_new_width() -> None:
    app = ThreadApp(converted(thread(2)))
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        narrow_height = view.virtual_size.height
        await pilot.resize_terminal(100, 20)
        await settle(pilot)
        assert view.virtual_size.height < narrow_height
        width = view.scrollable_content_region.width
        assert all(len(line.rstrip()) <= width for line in visible(view))
        assert any(len(line.rstrip()) > SIZE[0] for line in visible(view))


async def test_more_is_asked_for_near_the_end_once_per_page() -> None:
    app = ThreadApp(thread(30), more=2)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await settle(pilot)
        assert app.source.requests == 1
        await keys(pilot, "j")
        assert app.source.requests == 1  # far from the end: nothing more is asked for
        await keys(pilot, "G")
        await settle(pilot)
        assert app.source.requests == 3  # End walks on to the real end, a page at a time
        assert len(view.messages) == 40
        assert view.current == 39


class GatedPages(Pages):
    """Pages that come only once `release` is called."""

    def __init__(self, first: list[ThreadMessage]) -> None:
        super().__init__(first)
        self.gate = asyncio.Event()

    async def next_page(self) -> list[ThreadMessage] | None:
        await self.gate.wait()
        return await super().next_page()


class TypedAheadApp(ThreadApp):
    """A thread whose first page waits, opened at its first unread message (the sixth)."""

    def __init__(self) -> None:
        super().__init__(converted(thread(8)))
        self.source = GatedPages(self.source.pages[0])
        self.announced: list[int] = []

    def on_mount(self) -> None:
        view = self.query_one(ThreadView)
        view.focus()
        view.show(
            self.source,
            lambda page: page or [],
            lambda message: message.message.id >= 6,
            open_unread=True,
        )

    def on_thread_view_current(self, event: ThreadView.Current) -> None:
        self.announced.append(int(event.message.message.id))


async def test_n_typed_before_the_thread_came_goes_on_from_where_it_opens() -> None:
    app = TypedAheadApp()
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await pilot.press("n", "n")
        assert not view.messages
        app.source.gate.set()
        await until(pilot, lambda: view.current == 7, "the thread opened, n n gone on")
        await settle(pilot)  # each message's news of being current handled
        assert view.current == 7  # the first unread (5), then two on
        assert app.announced == [6, 7, 8]  # each read on the way (ids count from 1)


async def test_t_says_why_nothing_folds() -> None:
    bodies = [
        "<blockquote>" * 40 + "bottom of the well" + "</blockquote>" * 40,
        "<p>Hi.</p>",
        "<p>Yes.</p><blockquote><p>Shall we meet at noon?</p></blockquote><p>See you.</p>",
    ]
    messages = [
        ThreadMessage(Message(id=i + 1, msg_num=i + 1, name=f"S{i}", body=body))
        for i, body in enumerate(bodies)
    ]
    app = ThreadApp(converted(messages))
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "t")
        await keys(pilot, "n", "t")
        await keys(pilot, "n", "t")
        said = notes(app)
        assert said[0].startswith("This message is all quote: it is shown whole")
        assert said[1] == "This message quotes nothing: there is nothing to fold."
        assert said[2].startswith("This message's quotes stay shown")
