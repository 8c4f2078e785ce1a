"""Pictures in the cache file: kept, read back, evicted first under the file's bound, forgotten
with the pages."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from tests.store.harness import files
from tui.store.house import cache_path, open_house
from tui.store.pages import pictures, tables

NOISE = random.Random(2).randbytes(40_000)  # 40 KB that compresses to nothing less


async def test_a_picture_is_kept_and_read_back_across_opening(tmp_path: Path) -> None:
    house = open_house(tmp_path / "s.sqlite3")
    house.pages.keep_picture("attachment:1:thumbnail", b"\x89PNG...")
    house.close()
    again = open_house(tmp_path / "s.sqlite3")
    assert await again.pages.kept_picture("attachment:1:thumbnail") == b"\x89PNG..."
    assert await again.pages.kept_picture("attachment:2:thumbnail") is None
    again.close()


def test_pictures_go_first_least_recently_used_and_the_file_stays_in_bounds(
    tmp_path: Path,
) -> None:
    limit = 256 * 1024  # (with the empty tables of the index, the pages and the parts)
    store = files(tmp_path / "s.sqlite3", limit)

    def save(key: str, data: bytes, at: float) -> None:
        store.cache.change(lambda db: pictures.save_picture(db, key, data, at, limit))

    def load(key: str, at: float) -> bytes | None:
        return store.cache.change(lambda db: pictures.load_picture(db, key, at))

    store.cache.change(lambda db: tables.save_page(db, "page", "gettopic", NOISE, 0.0, limit))
    for index in range(3):
        save(f"p{index}", NOISE + bytes([index]), float(index + 1))
    assert load("p0", 10.0) is not None  # now the most recently used
    save("p3", NOISE + b"3", 11.0)
    save("p4", NOISE + b"4", 12.0)
    kept = {key for key in ("p0", "p1", "p2", "p3", "p4") if load(key, 20.0)}
    assert "p1" not in kept
    assert {"p0", "p4"} <= kept
    assert store.cache.ask(lambda db: tables.load_page(db, "page"), None) is not None
    assert store.cache.ask(tables.used_bytes, 0) <= limit
    store.close()


async def test_cache_clear_forgets_pictures(tmp_path: Path) -> None:
    house = open_house(tmp_path / "s.sqlite3")
    house.pages.keep_picture("p", b"png")
    assert await house.pages.kept_picture("p") == b"png"
    await house.pages.clear()
    assert await house.pages.kept_picture("p") is None
    house.close()
    cache = sqlite3.connect(cache_path(tmp_path / "s.sqlite3"))
    assert cache.execute("SELECT count(*) FROM pictures").fetchone()[0] == 0
