"""Deferred pages: a walk's pages handed out before their items are validated, the same
pages once they are, and validation that cannot fail for any JSON object."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.api.pages import body
from tests.fixtures import response
from tui.api import errors as e
from tui.api.client import ServiceClient
from tui.api.cursor import PageCursor
from tui.api.deferred import DeferredPage, defer, item_id
from tui.api.models.page import Page
from tui.api.models.topics import Hashtag, Topic

ATOMS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=9)
JSON = st.recursive(
    ATOMS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
HASHTAG = st.fixed_dictionaries({}, optional={name: JSON for name in Hashtag.model_fields})
TOPIC = st.fixed_dictionaries(
    {},
    optional={name: JSON for name in Topic.model_fields}
    | {"hashtags": st.lists(HASHTAG | JSON, max_size=3) | JSON},
)


@settings(max_examples=400, deadline=None)
@given(TOPIC)
def test_any_json_object_validates_as_a_topic_with_the_id_read_from_it(item: dict) -> None:
    """What makes putting validation off safe: a page of objects never fails later."""
    topic = Topic.model_validate(item)
    assert topic.id == item_id(item)
    assert all(isinstance(tag, Hashtag) for tag in topic.hashtags)


def test_a_hashtag_s_flags_read_as_pydantic_reads_booleans_and_else_as_unset() -> None:
    read = [
        Hashtag.model_validate({"muted": value}).muted
        for value in (True, "yes", "Off", 1, 0, 2, "maybe", [], {})
    ]
    assert read == [True, True, False, True, False, None, None, None, None]
    topic = Topic.model_validate({"hashtags": {"name": "x"}})
    assert topic.hashtags == []  # not a list: no hashtags (the page used to fail)
    tags = Topic.model_validate({"hashtags": ["a", 3, None, {"name": "b"}]}).hashtags
    assert [tag.name for tag in tags] == ["a", "b"]


def test_a_deferred_page_validates_to_what_the_page_validates_to() -> None:
    answer = response("gettopics-page1.json")
    deferred = defer(answer, Page[Topic])
    assert isinstance(deferred, DeferredPage)
    assert deferred.data == answer["data"]  # the items as sent, untouched
    assert deferred.next_page_token == answer["next_page_token"]
    assert deferred.total_count == answer["total_count"]
    eager = Page[Topic].model_validate(answer)
    assert deferred.validated() == eager
    assert deferred.validated() is deferred.validated()  # once


def test_a_page_whose_items_are_not_all_objects_is_validated_at_once() -> None:
    with pytest.raises(ValueError, match="valid dictionary"):
        defer({"data": [{"id": 1}, "two"]}, Page[Topic])
    page = defer({"data": None, "next_page_token": 0}, Page[Topic])
    assert isinstance(page, DeferredPage)
    assert page.data == []
    assert page.validated().data == []


def test_an_item_that_fails_after_all_becomes_a_blank_one_with_its_id() -> None:
    """Never observed (see the property above); if it were, no row counted goes missing."""
    page = defer(body([1, 2, 3], token=5), Page[Topic])
    assert isinstance(page, DeferredPage)
    page.data[1]["num_messages"] = object()  # nothing JSON holds: str() of it is refused
    object.__setattr__(page, "_model", _Refusing)
    topics = page.validated().data
    assert [topic.id for topic in topics] == [1, 2, 3]
    assert topics[1].subject == ""


class _Refusing(Page[Topic]):
    """A page model that refuses an item holding something no JSON holds."""

    @classmethod
    def model_validate(cls, obj: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        if any(not _plain(value) for item in obj["data"] for value in item.values()):
            raise ValueError("refused")
        return Page[Topic].model_validate(obj, **kwargs)


def _plain(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool | list | dict)


async def test_the_deferred_call_answers_the_same_topics_as_the_call(client: ServiceClient) -> None:
    eager = await client.get_topics(group_name="big-archive", limit=100)
    deferred = await client.get_topics_deferred(group_name="big-archive", limit=100)
    assert isinstance(deferred, DeferredPage)
    assert deferred.validated() == eager


async def test_the_deferred_call_says_a_bad_answer_as_the_call_does(
    client: ServiceClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def shaped(*_args: Any, **_kwargs: Any) -> Any:
        return {"data": {"not": "a list"}}

    monkeypatch.setattr(client._exchange, "call", shaped)
    with pytest.raises(e.InvalidPayloadError, match="unexpected shape"):
        await client.get_topics_deferred(group_name="big-archive")


class DeferringList:
    """Scripted pages, answered deferred (as `get_topics_deferred` answers)."""

    def __init__(self, *bodies: dict[str, Any]) -> None:
        self.bodies = list(bodies)
        self.calls = 0

    async def __call__(self, **_params: Any) -> Any:
        self.calls += 1
        return defer(self.bodies[self.calls - 1], Page[Topic])

    async def eager(self, **_params: Any) -> Page[Topic]:
        self.calls += 1
        return Page[Topic].model_validate(self.bodies[self.calls - 1])


async def test_a_deferred_walk_drops_repeats_and_ends_as_a_walk_of_validated_pages() -> None:
    pages = (
        body([1, 2, 3], token=11, total=7),
        body([3, 4, "5"], token=12, total=7),  # 3 again: left out; "5" is not 5
        body([5, 6, 7], token=12, total=7),  # the token did not change: the end
    )
    script = DeferringList(*pages)
    cursor = PageCursor(script.eager, fetch_deferred=script)
    seen: list[list[object]] = []
    while (page := await cursor.next_page_deferred()) is not None:
        assert isinstance(page, DeferredPage)
        seen.append([topic.id for topic in page.validated().data])
        assert [item_id(item) for item in page.data] == seen[-1]
    assert seen == [[1, 2, 3], [4, "5"], [5, 6, 7]]
    assert cursor.ended
    eager = PageCursor(DeferringList(*pages).eager)
    walked = []
    while (page := await eager.next_page()) is not None:
        walked.append([topic.id for topic in page.data])
    assert walked == seen


async def test_a_page_read_ahead_deferred_comes_validated_to_who_asks_for_it_so() -> None:
    script = DeferringList(body([1, 2], token=3, total=4), body([3, 4], token=0, total=4))
    cursor = PageCursor(script.eager, fetch_deferred=script)
    first = await cursor.next_page_deferred()
    assert isinstance(first, DeferredPage)
    cursor.read_ahead(deferred=True)
    second = await cursor.next_page()
    assert isinstance(second, Page)
    assert [topic.id for topic in second.data] == [3, 4]
    assert await cursor.next_page() is None
