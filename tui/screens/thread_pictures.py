"""The pictures of a thread, fetched when their message comes into view (and a screen
around it), a few at a time, decoded away from the UI's thread, then drawn in place."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import TYPE_CHECKING

from ..api.errors import LurkerError
from ..render.draw.message import ThreadMessage
from ..render.draw.pictures import PictureSpot
from ..widgets.spoken import screen_reader
from ..widgets.thread_view import ThreadView

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..api.library import Library
    from ..render.inline_images import Placement

_AT_ONCE = 3  # pictures fetched at the same time


class ThreadPictures:
    """Watches a thread view's scrolling and layout, and fetches what comes near."""

    def __init__(self, screen: Screen[None], view: ThreadView, library: Library) -> None:
        self._screen = screen
        self._view = view
        self._library = library
        self._slots = asyncio.Semaphore(_AT_ONCE)
        self.fetched = 0  # pictures that came (or failed), for tests to wait on
        self._drawn: list[PictureSpot] = []  # (also those of messages since replaced)
        self._layouts = 0  # the screen's layouts (something on top may have come or gone)
        self._placed: tuple[Hashable, list[Placement]] | None = None  # (what they hung on)
        screen.watch(view, "scroll_y", self.check, init=False)
        screen.screen_layout_refresh_signal.subscribe(screen, self._screen_laid_out)
        screen.watch(view, "virtual_size", self.check, init=False)

    def check(self, *_: object) -> None:
        """Start fetching the wanted pictures of the messages in view, and a screen on."""
        view = self._view
        if not view.messages or screen_reader(view):
            return
        height = max(1, view.size.height)
        top = round(view.scroll_y)
        first, last = view.message_at(top), view.message_at(top + 2 * height)
        for index in range(first, last + 1):
            message = view.messages[index]
            if message.document is None:  # until its body is in, where it ends is not known
                continue
            for spot in message.pictures:
                if spot.state == "wanted":
                    spot.state = "loading"
                    self._screen.run_worker(
                        self._fetch(message, spot), group="pictures", exit_on_error=False
                    )

    def _screen_laid_out(self, _screen: object) -> None:
        self._layouts += 1

    def placements(self) -> list[Placement]:
        """The pictures to draw over their half blocks (`render.inline_images`): those whose
        footprint is wholly in view, with nothing on top of any part of it (looked for
        again only when the view or the screen's layout changed: it takes a while)."""
        from ..render.inline_images import Placement

        view = self._view
        now = (self._layouts, view.laid_out, view.scroll_offset, view.region, self.fetched)
        if self._placed is not None and self._placed[0] == now:
            return self._placed[1]
        found = []
        for spot, x, y, columns, lines in self._view.pictures_in_view():
            if spot.png is not None and not self._covered(x, y, columns, lines):
                found.append(Placement(spot, x, y, columns, lines, spot.png))
        self._placed = (now, found)
        return found

    def _covered(self, x: int, y: int, columns: int, lines: int) -> bool:
        """Whether anything is drawn over the box (a notice, a tooltip): every line looked
        at, every fourth column and the last (nothing on top is narrower than that)."""
        from textual.errors import NoWidget

        for row in range(y, y + lines):
            for column in [*range(x, x + columns, 4), x + columns - 1]:
                try:
                    widget, _ = self._screen.get_widget_at(column, row)
                except NoWidget:
                    return True
                if widget is not self._view:
                    return True
        return False

    def close(self) -> None:
        """The thread is closed: its pictures are deleted from the terminal (Kitty's)."""
        for spot in self._drawn:
            if spot.kitty is not None and spot.image_id:
                spot.kitty.forget([spot.image_id])
        self._drawn.clear()

    async def _fetch(self, message: ThreadMessage, spot: PictureSpot) -> None:
        from ..render import picture

        sharp = spot.kitty is not None or spot.sharp
        decode = picture.decode_sharp if sharp else picture.decode
        try:
            async with self._slots:
                data = await self._bytes(message, spot)
                drawn = data if isinstance(data, str) else await asyncio.to_thread(decode, data)
        except LurkerError as error:
            drawn = _failure(error)
        except Exception:  # a worker must end in a visible state, whatever went wrong
            drawn = "could not be drawn"
        if isinstance(drawn, tuple):
            spot.take(*drawn)
            self._drawn.append(spot)
        else:
            spot.take(drawn)
        message.picture_came()
        self.fetched += 1
        if self._view.is_mounted:
            self._view.redraw()

    async def _bytes(self, message: ThreadMessage, spot: PictureSpot) -> bytes | str:
        """The picture's file, or why there is none."""
        from ..api.download import LinkRefusedError
        from ..render.picture import data_url_bytes

        if spot.url.startswith("data:"):
            return data_url_bytes(spot.url)
        try:
            return await self._library.picture(spot.url, spot.key)
        except LinkRefusedError:
            if spot.attachment is None:
                raise
        # A signed link that has expired (a thread kept from an earlier visit): the
        # message's links again, from the service.
        from ..api.attachments import fresh_attachment

        item = message.message
        fresh = await fresh_attachment(
            self._library.client, item.topic_id, item.id, spot.attachment
        )
        if fresh is None:
            return "no longer there"
        return await self._library.picture(
            fresh.image_thumbnail_url or fresh.download_url, spot.key
        )


def _failure(error: LurkerError) -> str:
    """A failed fetch in the few words a picture's note has room for."""
    from ..api.download import LinkRefusedError, TooLargeError

    if isinstance(error, TooLargeError):
        return "too big to fetch"
    if isinstance(error, LinkRefusedError):
        return "its link was refused"
    return "could not be fetched"
