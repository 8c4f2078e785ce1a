"""A page whose items are validated when first asked for.

A walk to the end of a list (End) passes by pages nobody reads before it stops: checking
every field of their hundred topics was a fifth of the walk, and the rows made of them a
tenth. A deferred page has its envelope read (the counts, the next page's token) and its
items kept as the service sent them, each a JSON object, until `validated()`: the walk
goes on with what it needs, and the pages it passed by are validated once it has stopped.

Validation that cannot fail is what makes this safe to put off: a topic, whatever its
fields hold, validates (`tests/api/test_deferred.py` tries any JSON object); a page whose
items are not all objects is validated at once, failing as it always did.
"""

from __future__ import annotations

import threading
from typing import Any, Generic, TypeVar

import pydantic

from .fields import Identifier, identifier
from .models.page import Page, PageToken

PageT = TypeVar("PageT", bound=Page[Any])
ItemT = TypeVar("ItemT", bound=pydantic.BaseModel)

__all__ = ["DeferredPage", "item_id"]

_UNREADABLE = (pydantic.ValidationError, ValueError, TypeError, RecursionError, OverflowError)


def item_id(item: dict[str, Any]) -> Identifier:
    """The id an item has once validated (`Identifier`), read from the item as sent."""
    value = item.get("id")
    return 0 if value is None else identifier(value)


class DeferredPage(Generic[PageT]):
    """One page of a list: its envelope validated, its items (`data`) as sent."""

    __slots__ = ("_body", "_lock", "_model", "_page", "data", "next_page_token", "total_count")

    def __init__(
        self, body: dict[str, Any], envelope: Page[Any], model: type[PageT], items: list[Any]
    ) -> None:
        self._body = body  # the answer as sent (its `data` is `items`)
        self._model = model
        self.data: list[dict[str, Any]] = items
        self.total_count: int = envelope.total_count
        self.next_page_token: PageToken | None = envelope.next_page_token
        self._page: PageT | None = None
        # The store's thread keeps the page as the list makes its rows: validated once.
        self._lock = threading.Lock()

    def with_items(self, items: list[dict[str, Any]]) -> DeferredPage[PageT]:
        """The same page with only `items` (the rows already shown left out)."""
        page = DeferredPage.__new__(DeferredPage)
        page._body, page._model, page.data = self._body, self._model, items
        page.total_count, page.next_page_token = self.total_count, self.next_page_token
        page._page, page._lock = None, threading.Lock()
        return page

    def validated(self) -> PageT:
        """The page validated (once), its items as `data`, one for one and in order."""
        with self._lock:
            if self._page is None:
                try:
                    self._page = self._model.model_validate({**self._body, "data": self.data})
                except _UNREADABLE:
                    self._page = self._item_by_item()
            return self._page

    def _item_by_item(self) -> PageT:
        """Should an item fail after all (it never has: see the module), the others as
        they are and it as a blank item with its id: never fewer rows than were counted."""
        model, body = self._model, self._body
        page = model.model_validate({**body, "data": []})
        items = []
        for raw in self.data:
            try:
                items.extend(model.model_validate({**body, "data": [raw]}).data)
            except _UNREADABLE:
                blank = model.model_validate({**body, "data": [{}]}).data[0]
                items.append(blank.model_copy(update={"id": item_id(raw)}))
        return page.model_copy(update={"data": items})


def defer(body: Any, model: type[PageT]) -> PageT | DeferredPage[PageT]:
    """The answer `body` as a page of `model`: deferred when its items are all JSON
    objects, else validated now (ValidationError and the rest: as `model_validate`)."""
    envelope = Page[Any].model_validate(body if body is not None else {})
    items = envelope.data
    if not isinstance(body, dict) or not all(type(item) is dict for item in items):
        return model.model_validate(body if body is not None else {})
    return DeferredPage(body, envelope, model, items)
