"""Feeding one list widget from one page source: a page in flight at most, failures kept."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from textual.message import Message
from textual.widget import Widget

from ..api.cursor import DefersItems, PageSource, ReadsAhead, Resumes
from ..api.errors import describe, retryable

RowT = TypeVar("RowT")


class PendingRows(NamedTuple, Generic[RowT]):
    """A page's rows, to be made when first looked at: `length` of them, by `make()`."""

    length: int
    make: Callable[[], list[RowT]]


DEFER_FOR = 0.1
"""Seconds from a walk's start in which its pages come deferred (`DeferredPage`): a walk
that ends within it shows its end as soon as its last page is in; a longer one shows its
progress and makes its rows as they come, as it did, so that its end is not followed by
seconds of making rows, nor its memory by every page as the service sent it."""

TELL_EVERY = 10
"""Pages of a deferred walk told in one `PageLoaded` (its first page, and its last, told as
they come): each told page cost the list, the screen and the app a turn of the message
loop, a tenth of such a walk's time; their rows are not drawn before the walk stops."""

ToRows = Callable[[Any], Sequence[RowT] | PendingRows[RowT]]
"""Turns a page of the source (None once it has ended) into the rows it adds; a list that
defers its walks' pages (`Feed.start(defers=True)`) may be given a `DeferredPage`, and may
answer `PendingRows` for it."""


class FeedMessage(Message):
    """A message about a widget's feed; `widget` is the list it feeds."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    @property
    def control(self) -> Widget:
        """The widget the feed belongs to (for `@on` selectors)."""
        return self.widget


class PageLoaded(FeedMessage):
    """A page arrived and its rows are in the widget; `page` is as the source gave it.
    `walking`: a walk (End) goes on to the next page, unless it is stopped before that page
    is asked for (then `WalkStopped` follows). `pages`: how many pages it tells of (a
    deferred walk's are told `TELL_EVERY` at a time; `page` is the last of them)."""

    def __init__(self, widget: Widget, page: Any, *, walking: bool = False, pages: int = 1):
        super().__init__(widget)
        self.page = page
        self.walking = walking
        self.pages = pages


class WalkStopped(FeedMessage):
    """A walk was stopped between two pages: the last `PageLoaded` said it would go on."""


class PageFailed(FeedMessage):
    """A page could not be loaded: `error` says why, `retry()` asks again.

    `kept` is true when a new list failed to take the place of the one shown: the rows
    already there stay, and so does the list they came from.
    """

    def __init__(
        self, widget: Widget, error: Exception, retry: Callable[[], None], *, kept: bool
    ) -> None:
        super().__init__(widget)
        self.error = error
        self.retry = retry
        self.kept = kept


class Feed(Generic[RowT]):
    """The paging of one widget: its source, whether a page is in flight, the last failure.

    The source alone knows whether the list has ended; the feed knows what it is fetching;
    the widget knows what is on screen. The widget calls `more()` as its reader nears the
    loaded end, and `walk()` for End: page after page until the real end, in one worker.
    """

    def __init__(
        self,
        widget: Widget,
        take: Callable[[Sequence[RowT] | PendingRows[RowT], bool], None],
        changed: Callable[[], None],
        *,
        walk_pause: float = 0.0,
    ) -> None:
        """`walk_pause`: seconds between the pages of a walk in which everything else that
        is ready runs (with 0, one round of the event loop: keys and paints get theirs)."""
        self._widget = widget
        self._walk_pause = walk_pause
        self._take = take  # (rows, replacing): the widget adds the rows, or swaps them in
        self._changed = changed  # loading, failure or walking changed: redraw the status
        self.source: PageSource[Any] | None = None
        self.to_rows: ToRows[RowT] = _no_rows
        self._shown: _Shown[RowT] | None = None  # while a replacement is on its way
        self.loading = False
        self.failure: Exception | None = None  # why the last page failed
        # Says a failure in words; the screen may know more (the group it was asked in).
        self.describe: Callable[[Exception], str] = describe
        self.walking = False
        self.defers = False  # a walk's pages are asked for deferred (`start`)
        self.defer_for = DEFER_FOR  # (a test sets it: a walk on a busy machine is slow)
        self._walk_began = 0.0
        self._fetches = 0  # a worker whose number is not the last is stale

    @property
    def error(self) -> str | None:
        """Why the last page failed, in words (said when drawn: the screen may know more)."""
        return self.describe(self.failure) if self.failure is not None else None

    @property
    def retryable(self) -> bool:
        """Whether asking again could help with the last failure."""
        return self.failure is None or retryable(self.failure)

    @property
    def ended(self) -> bool:
        """Whether the whole list has arrived."""
        return self.source is not None and self.source.ended

    @property
    def resumable(self) -> bool:
        """Whether the list ended because the service could not be reached: `retry` and
        `walk` ask it again from there (a page near the end, `more`, does not: a view laid
        out again would ask again and again)."""
        source = self.source
        return isinstance(source, Resumes) and source.ended and source.resumable

    @property
    def total(self) -> int | None:
        """How many rows the service says the list has, if it said."""
        return self.source.total_count if self.source is not None else None

    @property
    def end_note(self) -> str:
        """Why the list ended early, when it did."""
        return self.source.end_note if self.source is not None and self.source.ended else ""

    def start(
        self, source: PageSource[Any], to_rows: ToRows[RowT], *, replace: bool, defers: bool
    ) -> None:
        """Page through `source`; with `replace`, the rows shown stay until its first page;
        with `defers`, a walk's pages come as the source defers them (`DefersItems`)."""
        if not replace:
            self._shown = None
        elif self._shown is None:  # over a replacement still on its way, the shown list stays
            self._shown = _Shown(
                self.source, self.to_rows, self.failure, self.loading, self.walking, self.defers
            )
        self.source, self.to_rows = source, to_rows
        self.defers = defers
        self.failure = None
        self.walking = False
        self._fetch(replacing=replace)

    def adopt(self, source: PageSource[Any] | None, to_rows: ToRows[RowT], *, defers: bool) -> None:
        """Take over a list whose rows are already shown (a list set aside, shown again)."""
        self._fetches += 1
        self._widget.workers.cancel_group(self._widget, "page")
        self.source, self.to_rows, self.defers = source, to_rows, defers
        self.loading = self.walking = False
        self.failure = None
        self._shown = None
        self._changed()

    def more(self) -> None:
        """Fetch the next page, unless one is in flight, the list ended or the last failed."""
        if self.source is not None and not (
            self.loading or self.failure is not None or self.source.ended
        ):
            self._fetch(replacing=False)

    def retry(self) -> None:
        """Ask again for the page that failed, or the service again for the pages after
        those shown when it could not be reached (`resumable`)."""
        if self.failure is not None:
            self.failure = None
            self._fetch(replacing=False)
        elif self.resumable and not self.loading:
            self._resume()
            self._fetch(replacing=False)

    def _resume(self) -> None:
        assert isinstance(self.source, Resumes)
        self.source.resume()

    def walk(self) -> None:
        """Fetch page after page until the list ends (or fails, or `stop_walk`); a list
        that ended for want of the service asks it again (`resumable`)."""
        if self.resumable and not self.loading:
            self._resume()
        if self.source is None or self.source.ended or self.failure is not None:
            return
        self.walking = True
        self._walk_began = time.monotonic()
        self._changed()
        self.more()

    def stop_walk(self) -> None:
        """Stop after the page in flight."""
        if self.walking:
            self.walking = False
            self._changed()

    def _fetch(self, *, replacing: bool) -> None:
        source = self.source
        if source is None:
            return
        self._fetches += 1
        self.loading = True
        self._changed()
        fetch, to_rows = self._fetches, self.to_rows

        # A function, not a coroutine: a worker cancelled before it starts leaves nothing.
        async def work() -> None:
            await self._load(fetch, source, to_rows, replacing)

        # (Textual's annotation infers the result as Never for an async function.)
        self._widget.run_worker(
            work,  # type: ignore[arg-type]
            group="page",
            exclusive=True,
            exit_on_error=False,
        )

    async def _load(
        self, fetch: int, source: PageSource[Any], to_rows: ToRows[RowT], replacing: bool
    ) -> None:
        untold, told, page = 0, False, None  # pages taken and not told; whether one was
        try:
            while True:
                # A walk's pages are not read before it stops: their items are validated,
                # and their rows made, once they are looked at (`DeferredPage`).
                deferred = False
                if self._deferring() and isinstance(source, DefersItems):
                    page, deferred = await source.next_page_deferred(), True
                else:
                    page = await source.next_page()
                if self.walking and not source.ended and isinstance(source, ReadsAhead):
                    source.read_ahead(deferred=deferred)  # the next page comes as this is drawn
                rows = to_rows(page)
                if fetch != self._fetches:
                    return  # a newer list took this one's place
                self._take(rows, replacing)
                if replacing:
                    self._shown = None  # the old list is gone: let go of its source
                replacing = False
                walking = self.walking and not source.ended
                untold += 1
                if not (deferred and walking and told) or untold >= TELL_EVERY:
                    untold, told = self._tell(page, untold, walking=walking), True
                if not walking:
                    break
                # Keys, paints and other answers get a turn between the pages of a walk,
                # also from a source that answers without waiting (the demo in-process).
                await self._between_pages()
                if not self.walking:  # stopped in that turn: no page more
                    if fetch == self._fetches:
                        untold = self._tell(page, untold, walking=True)
                        self._widget.post_message(WalkStopped(self._widget))
                    break
        except Exception as error:  # every failure ends in a visible state, never "Loading…"
            if fetch == self._fetches:
                self._tell(page, untold, walking=True)
                self._failed(error, source, to_rows, replacing)
        finally:
            if fetch == self._fetches:
                self.loading = False
                self.walking = self.walking and not self.ended and self.failure is None
                self._changed()

    def _deferring(self) -> bool:
        """Whether the next page of this list's walk comes deferred (`DEFER_FOR`)."""
        began = self._walk_began
        return self.walking and self.defers and time.monotonic() - began < self.defer_for

    def _tell(self, page: Any, untold: int, *, walking: bool) -> int:
        """Post `PageLoaded` for the `untold` pages taken and not told, if any; 0."""
        if untold:
            self._widget.post_message(PageLoaded(self._widget, page, walking=walking, pages=untold))
        return 0

    async def _between_pages(self) -> None:
        await asyncio.sleep(self._walk_pause)

    def _failed(
        self, error: Exception, source: PageSource[Any], to_rows: ToRows[RowT], replacing: bool
    ) -> None:
        shown = self._shown
        if replacing and shown is not None:
            # The list shown stays as it was, its failure, page in flight or walk too.
            self._shown = None
            defers = self.defers  # (the list that failed: asked again as it was)
            self.source, self.to_rows, self.failure = shown.source, shown.to_rows, shown.failure
            self.defers = shown.defers
            if shown.walking or shown.loading:  # asked again, after this worker has ended
                self._widget.call_later(self.walk if shown.walking else self.more)

            def retry() -> None:
                self.start(source, to_rows, replace=True, defers=defers)

            self._widget.post_message(PageFailed(self._widget, error, retry, kept=True))
            return
        self.failure = error
        self._widget.post_message(PageFailed(self._widget, error, self.retry, kept=False))


class _Shown(NamedTuple, Generic[RowT]):
    """The list on screen while a replacement is fetched, to go back to if that fails."""

    source: PageSource[Any] | None
    to_rows: ToRows[RowT]
    failure: Exception | None
    loading: bool
    walking: bool
    defers: bool


def _no_rows(page: Any) -> Sequence[Any]:
    return list(page.data) if page is not None else []
