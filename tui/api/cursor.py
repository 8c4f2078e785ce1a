"""Walking a list endpoint one page at a time, deciding for ourselves when it has ended."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from .seen import SeenIds
from .single_flight import SingleFlight

if TYPE_CHECKING:  # the paging protocol is for screens too: no pydantic to import for it
    from .deferred import DeferredPage
    from .models.page import Page, PageToken

PageT = TypeVar("PageT", bound="Page[Any]")
PageT_co = TypeVar("PageT_co", covariant=True)

DEFAULT_LIMIT = 100


class PageSource(Protocol[PageT_co]):
    """What a list pages through: the next page when asked, and whether there are more.

    The source alone decides that the list has ended. After a failure, asking for the next
    page again retries the page that failed; `reset` starts again from the first page.
    """

    @property
    def ended(self) -> bool:
        """Whether the whole list has arrived."""
        ...

    @property
    def total_count(self) -> int | None:
        """How many rows the service says the list has, if it said."""
        ...

    @property
    def end_note(self) -> str:
        """Why the list ended early, when it did."""
        ...

    @property
    def saved_at(self) -> float | None:
        """When the pages shown were saved (None: they are live)."""
        ...

    async def next_page(self) -> PageT_co | None:
        """The next page, or None once the list has ended."""
        ...

    def reset(self) -> None:
        """Start again from the first page."""
        ...


@runtime_checkable
class ReadsAhead(Protocol):
    """A source that can fetch its next page before it is asked for it."""

    def read_ahead(self, *, deferred: bool = False) -> None:
        """Start fetching the next page now (a walk asks for it as soon as this one is in);
        `deferred`: as `next_page_deferred` hands it out."""
        ...


@runtime_checkable
class Resumes(Protocol):
    """A source whose list may have ended for want of the service (offline), and that can
    ask it again from there."""

    @property
    def resumable(self) -> bool:
        """Whether the list ended because the service could not be reached."""
        ...

    def resume(self) -> None:
        """Ask the service again at the next page, from the page after those shown."""
        ...


@runtime_checkable
class DefersItems(Protocol):
    """A source that can hand out a page before its items are validated."""

    async def next_page_deferred(self) -> Any:
        """The next page (a `DeferredPage` where the service's items allow, else as
        `next_page`), or None once the list has ended."""
        ...


class _Fetched(NamedTuple, Generic[PageT]):
    """A page fetched, and what the list says once it is handed out."""

    page: PageT | DeferredPage[PageT]
    ended: bool
    end_note: str
    total_count: int | None


class PageCursor(Generic[PageT]):
    """Fetches the next page of one list when asked, never the same page twice.

    The list has ended when the token is 0 or missing, the token did not change, the page
    was empty or null, or `total_count` items have arrived. `has_more` alone is not trusted:
    the real service leaves it true on the last page of gettopics.

    A row whose id arrived before is dropped. When a whole page is such repeats, or rows keep
    coming a page past the total the service announced, the list is ended and `end_note`
    says why: a service that never stops must not keep `End` walking for ever.

    With `first_limit`, the first page is that small (a first screen among several lists
    comes sooner); the second asks again from the top at `limit`, the rows already given
    dropped as repeats, so that no page token is ever sent with a size it was not made for.

    `read_ahead` fetches the next page while the one handed out is turned into rows and
    drawn (a walk to the end: the service's time and ours overlap); `ended`, `end_note` and
    `total_count` say what the pages handed out say, whatever has been fetched ahead.

    With `fetch_deferred` (the same call, its items validated when first asked for),
    `next_page_deferred` hands out `DeferredPage`s: repeats are dropped by the ids the
    items will have once validated.
    """

    def __init__(
        self,
        fetch: Callable[..., Awaitable[PageT]],
        params: dict[str, Any] | None = None,
        *,
        limit: int = DEFAULT_LIMIT,
        first_limit: int | None = None,
        fetch_deferred: Callable[..., Awaitable[PageT | DeferredPage[PageT]]] | None = None,
    ) -> None:
        self._fetch = fetch
        self._fetch_deferred = fetch_deferred
        self.params = dict(params or {})
        self.limit = limit
        self.first_limit = first_limit if first_limit and first_limit < limit else None
        self.reset()

    def reset(self) -> None:
        """Start again from the first page (the next call sends no token)."""
        ahead: asyncio.Future[_Fetched[PageT]] | None = getattr(self, "_ahead", None)
        if ahead is not None:
            ahead.cancel()
        self._ahead: asyncio.Future[_Fetched[PageT]] | None = None
        self._exhausted = False  # no page left to fetch (some may wait to be handed out)
        self._token: PageToken | None = None
        self._flight: SingleFlight[_Fetched[PageT]] = SingleFlight()
        self.pages_fetched = 0
        self.loaded = 0
        self.total_count: int | None = None
        self._total: int | None = None  # as the pages fetched say (ahead of those handed out)
        self.ended = False
        self.end_note = ""
        self.saved_at: float | None = None  # a cursor's pages are always live
        self._seen = SeenIds()
        self._again_from_top = False  # after a small first page

    async def next_page(self) -> PageT | None:
        """The next page, or None once the list has ended.

        Concurrent callers share the request already in flight. On failure the cursor stays
        where it was, so calling again retries that same page.
        """
        page = await self._next(deferred=False)
        from .deferred import DeferredPage

        return page.validated() if isinstance(page, DeferredPage) else page  # (read ahead)

    async def next_page_deferred(self) -> PageT | DeferredPage[PageT] | None:
        """`next_page`, as a `DeferredPage` where the items allow (and a deferred fetch
        was given), validated pages where not."""
        return await self._next(deferred=True)

    async def _next(self, *, deferred: bool) -> PageT | DeferredPage[PageT] | None:
        ahead = self._ahead
        if ahead is not None and ahead.done() and (ahead.cancelled() or ahead.exception()):
            # Failed before this call (a walk stopped meanwhile): asked again, now, rather
            # than an old failure said (or an unreachable service assumed) minutes later.
            self._forget(ahead)
            ahead = None
        if ahead is not None:
            try:  # (shielded: a caller cancelled leaves the page for the next one)
                fetched = await asyncio.shield(ahead)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not ahead.cancelled() or (task is not None and task.cancelling()):
                    raise  # this caller was cancelled (not only the read-ahead, by a reset)
                self._forget(ahead)
                return await self._next(deferred=deferred)
            except BaseException:
                self._forget(ahead)  # failed: asked again, the same page is fetched again
                raise
            self._forget(ahead)
        elif self._exhausted and not self._flight.busy:
            return None
        else:
            fetched = await self._flight.run(partial(self._fetch_page, deferred=deferred))
        self.ended, self.end_note = fetched.ended, fetched.end_note
        self.total_count = fetched.total_count
        return fetched.page

    def go_on_after(self, token: PageToken | None, loaded: int) -> None:
        """Go on after pages this cursor did not fetch (kept earlier, shown offline after
        those it did): the next page is the one `token` asks for, `loaded` rows later."""
        if self._ahead is not None:
            self._ahead.cancel()
            self._ahead = None
        self._token = token
        self._exhausted = token in (None, 0, "", "0")
        self.ended = self._exhausted
        self.end_note = ""
        self.pages_fetched = max(self.pages_fetched, 1)  # (no small first page now)
        self._again_from_top = False
        self.loaded += loaded  # (with those this cursor fetched before them, if any)

    def _forget(self, ahead: asyncio.Future[_Fetched[PageT]]) -> None:
        if self._ahead is ahead:  # (a reset or another caller may have put another there)
            self._ahead = None

    def read_ahead(self, *, deferred: bool = False) -> None:
        """Start fetching the next page, unless the list has no more or one is in flight."""
        if self._ahead is None and not self._exhausted and not self._flight.busy:
            fetch = partial(self._fetch_page, deferred=deferred)
            self._ahead = asyncio.ensure_future(self._flight.run(fetch))
            self._ahead.add_done_callback(_retrieved)

    async def _fetch_page(self, *, deferred: bool = False) -> _Fetched[PageT]:
        sent = None if self._again_from_top else self._token
        small = self.first_limit is not None and self.pages_fetched == 0
        extra = {} if sent is None else {"page_token": sent}
        fetch = self._fetch_deferred if deferred and self._fetch_deferred else self._fetch
        page = await fetch(**self.params, limit=self.first_limit if small else self.limit, **extra)
        self.pages_fetched += 1
        self._again_from_top = False
        from .deferred import DeferredPage, item_id  # (pydantic's: loaded by the fetch)

        deferred_page = isinstance(page, DeferredPage)
        fresh = self._unseen(page.data, item_id if deferred_page else _model_id)
        self.loaded += len(fresh)
        if page.total_count or self._total is None:
            self._total = page.total_count
        token = page.next_page_token
        ended = (
            token in (None, 0, "", "0")
            or (sent is not None and str(token) == str(sent))
            or not page.data
            or (bool(page.total_count) and self.loaded >= page.total_count)
        )
        note = "" if ended else self._runaway(repeats=bool(page.data) and not fresh)
        self._exhausted = ended or bool(note)
        self._token = token
        self._again_from_top = small and not self._exhausted
        if len(fresh) < len(page.data):
            if isinstance(page, DeferredPage):
                page = page.with_items(fresh)
            else:
                page = page.model_copy(update={"data": fresh})
        return _Fetched(page, self._exhausted, note, self._total)

    def _unseen(self, items: list[Any], id_of: Callable[[Any], object]) -> list[Any]:
        """The items whose ids have not arrived before (items without an id are kept)."""
        fresh = []
        for item in items:
            key = id_of(item)
            if key in (None, 0, ""):
                fresh.append(item)
            elif self._seen.first_time(key):
                fresh.append(item)
        return fresh

    def _runaway(self, *, repeats: bool) -> str:
        """Why a list the service says goes on must stop anyway, or "" if it need not."""
        if repeats:
            return "The service sent rows already shown, so the list ends here."
        total = self._total
        if total and self.loaded > total + self.limit:
            return (
                f"The service kept sending rows past the {total:,} it announced, "
                "so the list ends here."
            )
        return ""


def _model_id(item: Any) -> object:
    return getattr(item, "id", None)


def _retrieved(fetched: asyncio.Future[Any]) -> None:
    """Mark a read-ahead's failure as seen: a list left before it asks again says nothing."""
    if not fetched.cancelled():
        fetched.exception()
