"""Pictures in the cache file: kept, read back, evicted first under the file's bound."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from tui.store.schemas import cache_path
from tui.store.store import Store

NOISE = random.Random(2).randbytes(40_000)  # 40 KB that compresses to nothing less


def test_a_picture_is_kept_and_read_back_across_opening(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.save_picture("attachment:1:thumbnail", b"\x89PNG...", at=1.0)
    store.close()
    again = Store(tmp_path / "s.sqlite3")
    assert again.load_picture("attachment:1:thumbnail", at=2.0) == b"\x89PNG..."
    assert again.load_picture("attachment:2:thumbnail", at=2.0) is None


def test_pictures_go_first_least_recently_used_and_the_file_stays_in_bounds(
    tmp_path: Path,
) -> None:
    limit = 240 * 1024
    store = Store(tmp_path / "s.sqlite3", limit=limit)
    store.save_page("page", "gettopic", NOISE, at=0.0)
    for index in range(3):
        store.save_picture(f"p{index}", NOISE + bytes([index]), at=float(index + 1))
    assert store.load_picture("p0", at=10.0) is not None  # now the most recently used
    store.save_picture("p3", NOISE + b"3", at=11.0)
    store.save_picture("p4", NOISE + b"4", at=12.0)
    kept = {key for key in ("p0", "p1", "p2", "p3", "p4") if store.load_picture(key, at=20.0)}
    assert "p1" not in kept
    assert {"p0", "p4"} <= kept
    assert store.load_page("page") is not None  # pictures made the room
    assert store.contents().cache_bytes <= limit


def test_cache_clear_forgets_pictures(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.save_picture("p", b"png", at=1.0)
    store.clear()
    assert store.load_picture("p", at=2.0) is None
    cache = sqlite3.connect(cache_path(tmp_path / "s.sqlite3"))
    assert cache.execute("SELECT count(*) FROM pictures").fetchone()[0] == 0
