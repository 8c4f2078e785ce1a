"""Walking a list endpoint one page at a time, deciding for ourselves when it has ended."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .seen import SeenIds
from .single_flight import SingleFlight

if TYPE_CHECKING:  # the paging protocol is for screens too: no pydantic to import for it
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
    """

    def __init__(
        self,
        fetch: Callable[..., Awaitable[PageT]],
        params: dict[str, Any] | None = None,
        *,
        limit: int = DEFAULT_LIMIT,
        first_limit: int | None = None,
    ) -> None:
        self._fetch = fetch
        self.params = dict(params or {})
        self.limit = limit
        self.first_limit = first_limit if first_limit and first_limit < limit else None
        self.reset()

    def reset(self) -> None:
        """Start again from the first page (the next call sends no token)."""
        self._token: PageToken | None = None
        self._flight: SingleFlight[PageT | None] = SingleFlight()
        self.pages_fetched = 0
        self.loaded = 0
        self.total_count: int | None = None
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
        if self.ended and not self._flight.busy:
            return None
        return await self._flight.run(self._fetch_page)

    async def _fetch_page(self) -> PageT:
        sent = None if self._again_from_top else self._token
        small = self.first_limit is not None and self.pages_fetched == 0
        extra = {} if sent is None else {"page_token": sent}
        page = await self._fetch(
            **self.params, limit=self.first_limit if small else self.limit, **extra
        )
        self.pages_fetched += 1
        self._again_from_top = False
        fresh = self._unseen(page.data)
        self.loaded += len(fresh)
        if page.total_count or self.total_count is None:
            self.total_count = page.total_count
        token = page.next_page_token
        self.ended = (
            token in (None, 0, "", "0")
            or (sent is not None and str(token) == str(sent))
            or not page.data
            or (bool(page.total_count) and self.loaded >= page.total_count)
        )
        if not self.ended:
            self.end_note = self._runaway(repeats=bool(page.data) and not fresh)
            self.ended = bool(self.end_note)
        self._token = token
        self._again_from_top = small and not self.ended
        if len(fresh) < len(page.data):
            page = page.model_copy(update={"data": fresh})
        return page

    def _unseen(self, items: list[Any]) -> list[Any]:
        """The items whose ids have not arrived before (items without an id are kept)."""
        fresh = []
        for item in items:
            key = getattr(item, "id", None)
            if key in (None, 0, ""):
                fresh.append(item)
            elif key not in self._seen:
                self._seen.add(key)
                fresh.append(item)
        return fresh

    def _runaway(self, *, repeats: bool) -> str:
        """Why a list the service says goes on must stop anyway, or "" if it need not."""
        if repeats:
            return "The service sent rows already shown, so the list ends here."
        total = self.total_count
        if total and self.loaded > total + self.limit:
            return (
                f"The service kept sending rows past the {total:,} it announced, "
                "so the list ends here."
            )
        return ""
