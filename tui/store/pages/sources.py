"""Page sources in front of the store: every page fetched is kept, and when the service
cannot be reached the kept pages are read instead, saying when they were saved."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from ...api.cursor import PageCursor
from ...api.deferred import DeferredPage
from ...api.errors import LurkerError, TransportError, unreachable
from ..thread import HELD_MOST

PageT = TypeVar("PageT", bound=BaseModel)


# Pages a list may be ahead of the store's writing them: a walk waits for the store beyond
# that, rather than hold every page not written yet (the index is fed as pages are kept).
# As many as the store holds back: a walk of up to that many pages runs with the store's
# thread quiet, and none waits for pages it holds back itself.
KEEP_BEHIND = HELD_MOST


class Keeper(Protocol):
    """Where a list's pages are kept (the pages door)."""

    def keep(self, key: str, endpoint: str, page: BaseModel | DeferredPage[Any]) -> None:
        """Keep a page fetched (not awaited: a page not kept costs only its offline copy);
        a deferred page is validated where it is kept."""

    async def kept(self, key: str) -> tuple[bytes, float] | None:
        """A kept page's JSON and when it was saved (None: not kept, or unreadable)."""

    async def caught_up(self, behind: int) -> None:
        """Wait until at most `behind` pages wait to be kept."""

    def keep_picture(self, key: str, data: bytes) -> None:
        """Keep a picture fetched (not awaited)."""

    async def kept_picture(self, key: str) -> bytes | None:
        """A kept picture (None: not kept, or unreadable)."""


# What a list of each endpoint is, in "Nothing of … was saved" (a thread is no list).
_WHAT = {"gettopic": "this thread", "getactivitylog": "this log", "getsubs": "the group list"}


class OfflineError(TransportError):
    """The service cannot be reached and this page was never saved (a transport failure
    for everyone who asks whether the service could be reached)."""


def page_key(endpoint: str, params: Mapping[str, Any], index: int) -> str:
    """The store's key of the `index`-th page of a list (its parameters in a fixed order)."""
    shown = {name: str(value) for name, value in sorted(params.items()) if value is not None}
    return f"{endpoint}?{json.dumps(shown, separators=(',', ':'))}#{index}"


class SavedCursor(Generic[PageT]):
    """A `PageSource`: the live list, each page kept; the kept pages when offline.

    With `live=False` it reads what was kept (an instant start before the service
    answers), and goes live only if nothing was kept. `saved_at` is the time the oldest
    page shown from the store was saved, or None while every page shown is live.
    """

    def __init__(
        self,
        cursor: PageCursor[Any],
        keeper: Keeper,
        endpoint: str,
        model: type[PageT],
        *,
        live: bool = True,
    ) -> None:
        self._cursor = cursor
        self._keeper = keeper
        self._endpoint = endpoint
        self._model = model
        self._live = live
        self._index = 0
        self._offline_ended = False
        self._offline_note = ""
        self._resumed = False  # asked to go back to the service after pages kept (`resume`)
        self._kept_token: Any = None  # the next page's token, as the last kept page shown says
        self._kept_rows = 0  # rows of the pages shown from the store, since the live ones
        self.saved_at: float | None = None

    @property
    def ended(self) -> bool:
        # Once the service could not be reached and nothing more was kept, the list has
        # ended whatever the live cursor says: a walk (End) would otherwise ask again and
        # again, each answer refused at once, never a visible end (a thread said "Loading
        # messages…" for ever, at 60 % of a core).
        if self._offline_ended:
            return True
        return False if self._offline else self._cursor.ended

    @property
    def resumable(self) -> bool:
        """Whether the list ended because the service could not be reached (`resume`)."""
        return self._offline_ended and self._live

    @property
    def total_count(self) -> int | None:
        return self._cursor.total_count

    @property
    def end_note(self) -> str:
        offline = self._offline or self._offline_ended
        return self._offline_note if offline else self._cursor.end_note

    @property
    def _offline(self) -> bool:
        return (self.saved_at is not None and not self._resumed) or not self._live

    def reset(self) -> None:
        self._cursor.reset()
        self._index = 0
        self._offline_ended = False
        self._offline_note = ""
        self._resumed = False
        self._kept_token, self._kept_rows = None, 0
        self.saved_at = None

    def resume(self) -> None:
        """Ask the service again at the next page (`r`, End), after the pages shown: the
        live cursor goes on where it failed, or after the last page shown from the store."""
        if not self.resumable:
            return
        self._offline_ended = False
        self._offline_note = ""
        if self.saved_at is not None and not self._resumed:
            self._resumed = True
            self._cursor.go_on_after(self._kept_token, self._kept_rows)
            self._kept_rows = 0  # (counted by the cursor now: a later offline stretch anew)

    async def next_page(self) -> PageT | None:
        """The next page: live while the service answers, else as kept."""
        page = await self._next(deferred=False)
        return page if not isinstance(page, DeferredPage) else page.validated()

    async def next_page_deferred(self) -> PageT | DeferredPage[Any] | None:
        """`next_page`, a live page's items validated when first asked for where the
        cursor can defer them (`DeferredPage`); the store keeps it validated."""
        return await self._next(deferred=True)

    async def _next(self, *, deferred: bool) -> PageT | DeferredPage[Any] | None:
        if not self._live and self._index == 0:
            kept = await self._saved_page(None)
            if kept is not None:
                return kept
            self._live, self._offline_ended = True, False  # nothing kept: the live list
        if self._offline:
            return await self._saved_page(None)
        # Before the fetch, not after the keeping: a walk cancelled while it waits has
        # taken no page it would then never show.
        await self._keeper.caught_up(KEEP_BEHIND)
        try:
            cursor = self._cursor
            page = await (cursor.next_page_deferred() if deferred else cursor.next_page())
        except LurkerError as error:
            if not unreachable(error):
                raise
            if self._resumed:  # (the pages kept were shown: there is none after them)
                self._offline_ended = True
                self._offline_note = _offline_note(True)
                return None
            return await self._saved_page(error)
        if page is not None:
            self._keep(page)
            self._index += 1
            if self._resumed:
                self._resumed, self.saved_at = False, None  # live again
        return page

    def read_ahead(self, *, deferred: bool = False) -> None:
        """Fetch the next live page ahead (kept pages are read when asked: no wait to hide)."""
        if not self._offline:
            self._cursor.read_ahead(deferred=deferred)

    async def _saved_page(self, error: LurkerError | None) -> PageT | None:
        if self._offline_ended:
            return None
        saved = await self._keeper.kept(self._key(self._index))
        if saved is None:
            if error is not None and self._index == 0 and self.saved_at is None:
                what = _WHAT.get(self._endpoint, "this list")
                message = f"{error} Nothing of {what} was saved to read offline."
                raise OfflineError(message) from error  # (a list still shown says the cause)
            self._offline_ended = True
            if self._index > 0:
                self._offline_note = _offline_note(error is not None or self._live)
            return None
        body, saved_at = saved
        self.saved_at = saved_at if self.saved_at is None else min(self.saved_at, saved_at)
        self._index += 1
        page = self._model.model_validate_json(body)
        data = getattr(page, "data", None) or []
        token = getattr(page, "next_page_token", None)
        self._kept_token, self._kept_rows = token, self._kept_rows + len(data)
        if not data or token in (None, 0, "", "0"):
            self._offline_ended = True
        return page

    def _keep(self, page: BaseModel | DeferredPage[Any]) -> None:
        self._keeper.keep(self._key(self._index), self._endpoint, page)

    def _key(self, index: int) -> str:
        # A list whose first page is small has other pages than the same list's in full.
        first = {"first_limit": self._cursor.first_limit}
        return page_key(self._endpoint, {**self._cursor.params, **first}, index)


def _offline_note(unreachable_now: bool) -> str:
    if unreachable_now:
        return "Offline: the pages after this one were not saved."
    return "The pages after this one were not saved; they load when the service answers."
