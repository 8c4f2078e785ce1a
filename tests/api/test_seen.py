"""SeenIds answers as a set would, for every kind of id, across its packing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui.api.seen import _PACK_AT, SeenIds

IDS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),  # beyond 64 bits too
    st.text(max_size=8),
    st.integers(min_value=0, max_value=50),  # repeats
)


@given(st.lists(IDS, max_size=300), st.lists(IDS, max_size=50))
def test_answers_as_a_set(added: list[object], asked: list[object]) -> None:
    seen, expected = SeenIds(), set()
    for key in added:
        seen.add(key)
        expected.add(key)
    assert len(seen) == len(expected)
    for key in added + asked:
        assert (key in seen) == (key in expected)


def test_ids_packed_into_the_array_are_still_seen_and_others_not() -> None:
    seen = SeenIds()
    ids = range(400_000_001, 400_000_001 + 3 * _PACK_AT + 7, 3)  # packed more than once
    for key in ids:
        seen.add(key)
        seen.add(key)  # a row that arrives twice
    assert len(seen) == len(ids)
    assert all(key in seen for key in ids)
    assert not any(key + 1 in seen for key in ids)
    assert "400000001" not in seen  # the same digits as text are another id
    assert 2**64 not in seen
    seen.add(2**64)
    assert 2**64 in seen
