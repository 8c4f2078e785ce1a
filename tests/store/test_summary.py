"""The group list saved for the next start: written from real groups, read back, and a file
that cannot be read is no summary (the start waits for the service, as without one)."""

from __future__ import annotations

import os
from pathlib import Path

from tui.api.library import Library
from tui.store.pages.summary import (
    GroupCard,
    SearchCard,
    load_summary,
    save_summary,
    summary_path,
    update_news,
)


async def test_groups_saved_read_back_as_the_group_list_shows_them(
    library: Library, tmp_path: Path
) -> None:
    page = await library.groups().next_page()
    assert page is not None
    assert page.data
    path = tmp_path / "demo.groups.json"
    searches = [SearchCard("xruns", "xruns is:unread", 4), SearchCard("broken", "from:", None)]
    save_summary(path, list(page.data), {str(page.data[0].group_id): 3}, searches, 1_700_000_000.0)
    summary = load_summary(path)
    assert summary is not None
    assert summary.saved_at == 1_700_000_000.0
    assert summary.news == {str(page.data[0].group_id): 3}
    assert summary.searches == searches
    update_news(path, {str(page.data[0].group_id): 0, "other": 2}, None)
    again = load_summary(path)
    assert again is not None
    assert again.news == {str(page.data[0].group_id): 0, "other": 2}
    assert again.searches == searches
    assert [card.group_name for card in summary.groups] == [g.group_name for g in page.data]
    for card, group in zip(summary.groups, page.data, strict=True):
        assert isinstance(card, GroupCard)
        assert card.group_id == group.group_id
        assert card.display_name == group.display_name
        assert card.subs_count == group.subs_count
        assert card.most_recent_message == group.most_recent_message
        assert card.perms.archives_visible == group.perms.archives_visible
        assert card.perms.view_activity == group.perms.view_activity
        assert card.perms.any_permission == group.perms.any_permission


async def test_the_file_is_the_owners_alone(library: Library, tmp_path: Path) -> None:
    page = await library.groups().next_page()
    assert page is not None
    path = tmp_path / "demo.groups.json"
    save_summary(path, list(page.data), {}, [], 0.0)
    assert os.stat(path).st_mode & 0o077 == 0
    assert [name for name in os.listdir(tmp_path) if not name.startswith(".")] == [path.name]


def test_beside_the_store() -> None:
    store = Path("/data/stores/localhost--demo.sqlite3")
    assert summary_path(store) == Path("/data/stores/localhost--demo.groups.json")


def test_what_cannot_be_read_is_no_summary(tmp_path: Path) -> None:
    path = tmp_path / "s.groups.json"
    assert load_summary(path) is None  # missing
    for text in (
        "",
        "{",
        "[]",
        "null",
        '{"version": 2, "saved_at": 0, "groups": []}',  # a later Lurker's
        '{"version": 1, "groups": []}',  # no saved_at
        '{"version": 1, "saved_at": 0, "groups": [{"id": 1}]}',
        '{"version": 1, "saved_at": 0, "groups": [{"id": 1, "name": "a", "title": "A",'
        ' "members": "many", "latest": null, "perms": [true, true, true]}]}',
        '{"version": 1, "saved_at": 0, "groups": [], "news": {"1": "x"}}',
        '{"version": 1, "saved_at": 0, "groups": [{"id": 1, "name": "a", "title": "A",'
        ' "members": 1, "latest": "yesterday", "perms": [true, true, true]}]}',
    ):
        path.write_text(text)
        assert load_summary(path) is None, text
    path.write_bytes(b"\xff\xfe not utf-8")
    assert load_summary(path) is None
