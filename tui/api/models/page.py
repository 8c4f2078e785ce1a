"""One page of any list endpoint: the items, the token of the next page and the counts."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import Field

from ..fields import (
    ApiModel,
    Count,
    Flag,
    ListOf,
    Text,
    new_list,
)

ItemT = TypeVar("ItemT")

PageToken = int | str
# A page token is an integer of up to 19 digits (api-reality §4), or opaque text.


class Page(ApiModel, Generic[ItemT]):
    """One page of a list endpoint; `data` is never None here even when the service sent null."""

    object: Text = "list"
    total_count: Count = 0
    start_item: Count = 0
    end_item: Count = 0
    has_more: Flag = False
    next_page_token: PageToken | None = None
    sort_field: Text = ""
    sort_dir: Text = ""
    second_order: Text = ""
    query: Text = ""
    data: ListOf[ItemT] = Field(default_factory=new_list)
