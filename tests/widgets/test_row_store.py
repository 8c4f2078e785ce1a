"""`RowStore`: a list's rows in pages, the far ones packed, read back unchanged."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from tui.widgets.paged_list.rows import PAGE_ROWS, RowStore


@dataclass(frozen=True, slots=True)
class Row:
    id: int
    subject: str
    when: datetime | None
    tags: tuple[tuple[str, str], ...]


def rows(start: int, count: int) -> list[Row]:
    moment = datetime(2026, 1, 1, tzinfo=UTC)
    return [
        Row(i, f"subject {i} \x1b[2J", moment, (("tag", "#ff0000"),))
        for i in range(start, start + count)
    ]


def test_far_pages_are_packed_and_read_back_the_same() -> None:
    store: RowStore[Row] = RowStore(keep=1_000)
    for start in range(0, 10_000, PAGE_ROWS):
        store.extend(rows(start, PAGE_ROWS))
    store.settle(9_999)
    assert store.packed_pages == 89  # pages ending 1,000 rows or more before row 9,999
    assert len(store) == 10_000
    assert store[0] == rows(0, 1)[0]
    assert store[4_321].subject == "subject 4321 \x1b[2J"
    assert store[-1].id == 9_999
    assert list(store) == rows(0, 10_000)


def test_iterating_leaves_packed_pages_packed() -> None:
    store: RowStore[Row] = RowStore(keep=0)
    store.extend(rows(0, 1_000))
    store.settle(999)
    packed = store.packed_pages
    assert packed == 9
    assert [row.id for row in store] == list(range(1_000))
    assert store.packed_pages == packed
    assert store[5].id == 5  # reading one row unpacks its page only
    assert store.packed_pages == packed - 1


def test_pages_between_the_points_and_near_them_stay_unpacked() -> None:
    store: RowStore[Row] = RowStore(keep=150)
    store.extend(rows(0, 3_000))
    store.settle(400, 1_000)  # the cursor and the top of the view
    unpacked = [i for i in range(0, 3_000, PAGE_ROWS) if not store.is_packed(i)]
    assert unpacked == list(range(200, 1_200, PAGE_ROWS))


def test_insert_replace_and_clear() -> None:
    store: RowStore[Row] = RowStore(keep=0)
    store.extend(rows(0, 300))
    store.settle(299)
    store.insert(0, rows(-2, 2))
    assert [store[i].id for i in range(4)] == [-2, -1, 0, 1]
    assert len(store) == 302
    assert store[301].id == 299
    store.replace(150, rows(7_000, 1)[0])
    assert store[150].id == 7_000
    store.insert(len(store), rows(300, 1))
    assert store[-1].id == 300
    store.clear()
    assert len(store) == 0
    with pytest.raises(IndexError):
        store[0]


def test_a_store_that_keeps_everything_never_packs() -> None:
    store: RowStore[Row] = RowStore(keep=None)
    store.extend(rows(0, 5_000))
    store.settle(4_999)
    assert store.packed_pages == 0


def test_rows_that_cannot_be_pickled_stay_as_they_are() -> None:
    store: RowStore[object] = RowStore(keep=0)
    unpicklable = [lambda i=i: i for i in range(300)]  # lambdas cannot be pickled
    store.extend(unpicklable)
    store.settle(299)
    assert store.packed_pages == 0
    assert list(store) == unpicklable


def test_pending_rows_count_at_once_and_are_made_when_first_looked_at() -> None:
    store: RowStore[Row] = RowStore(keep=PAGE_ROWS)
    made: list[int] = []

    def maker(start: int) -> Callable[[], list[Row]]:
        def make() -> list[Row]:
            made.append(start)
            return rows(start, PAGE_ROWS)

        return make

    store.extend(rows(0, PAGE_ROWS))
    for start in range(PAGE_ROWS, 5 * PAGE_ROWS, PAGE_ROWS):
        store.extend_pending(PAGE_ROWS, maker(start))
    assert len(store) == 5 * PAGE_ROWS
    assert store.pending == 4
    assert made == []
    assert store[-1].id == 5 * PAGE_ROWS - 1  # the last page, made for its last row
    assert made == [4 * PAGE_ROWS]
    store.settle(len(store) - 1)  # a page still to be made is not packed, nor made
    assert made == [4 * PAGE_ROWS]
    assert store.packed_pages == 1  # the first page: far, and made
    assert store.pending == 3
    store.make_nearest(len(store) - 1)  # nearest the end first
    assert made == [4 * PAGE_ROWS, 3 * PAGE_ROWS]
    assert list(store) == rows(0, 5 * PAGE_ROWS)  # the rest made as they are read
    assert store.pending == 0
    assert sorted(made) == [PAGE_ROWS, 2 * PAGE_ROWS, 3 * PAGE_ROWS, 4 * PAGE_ROWS]


def test_a_page_made_shorter_than_promised_is_counted_anew() -> None:
    store: RowStore[Row] = RowStore()
    store.extend(rows(0, 10))
    store.extend_pending(10, lambda: rows(10, 4))
    store.extend(rows(14, 10))
    assert len(store) == 30
    assert store[12].id == 12
    assert len(store) == 24
    assert [row.id for row in store] == list(range(24))


def test_a_page_whose_making_fails_stays_to_be_made_and_counted() -> None:
    store: RowStore[Row] = RowStore()
    store.extend(rows(0, 10))
    attempts: list[int] = []

    def make() -> list[Row]:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("not this time")
        return rows(10, 10)

    store.extend_pending(10, make)
    with pytest.raises(RuntimeError):
        store.make_nearest(15)
    assert store.pending == 1  # (it was 0, then -1, as the count went before the making)
    store.make_nearest(15)
    assert store.pending == 0
    store.make_nearest(15)  # nothing left: nothing done
    assert [row.id for row in store] == list(range(20))
