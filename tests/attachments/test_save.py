"""Saving a download: whole or nothing, never over another file, and said honestly."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tui.attachments.save import PART_PREFIX, Write, save_into, sweep_parts


def sending(*chunks: bytes) -> Callable[[Write], Awaitable[None]]:
    async def fetch(write: Write) -> None:
        for chunk in chunks:
            write(chunk)

    return fetch


def failing_after(chunk: bytes, error: BaseException) -> Callable[[Write], Awaitable[None]]:
    async def fetch(write: Write) -> None:
        write(chunk)
        raise error

    return fetch


def names(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


async def test_the_same_bytes_again_change_nothing(tmp_path: Path) -> None:
    first = await save_into(tmp_path, "a.pdf", sending(b"%PDF", b"-1.4"))
    assert first.new
    assert first.path.read_bytes() == b"%PDF-1.4"
    before = os.stat(first.path)
    again = await save_into(tmp_path, "a.pdf", sending(b"%PDF-1.4"))
    assert not again.new
    assert again.path == first.path
    assert os.stat(first.path).st_ino == before.st_ino
    assert os.stat(first.path).st_mtime_ns == before.st_mtime_ns
    assert names(tmp_path) == ["a.pdf"]


async def test_a_different_file_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").write_bytes(b"mine")
    saved = await save_into(tmp_path, "a.pdf", sending(b"theirs"))
    assert saved.path.name == "a (1).pdf"
    assert (tmp_path / "a.pdf").read_bytes() == b"mine"
    again = await save_into(tmp_path, "a.pdf", sending(b"theirs"))
    assert not again.new
    assert again.path.name == "a (1).pdf"
    assert names(tmp_path) == ["a (1).pdf", "a.pdf"]


async def test_a_link_at_the_name_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_bytes(b"same")
    (tmp_path / "a.txt").symlink_to(target)
    saved = await save_into(tmp_path, "a.txt", sending(b"same"))
    assert saved.new
    assert saved.path.name == "a (1).txt"
    assert target.read_bytes() == b"same"


@pytest.mark.parametrize(
    "error", [OSError("disk gone"), asyncio.CancelledError(), KeyboardInterrupt()]
)
async def test_a_failure_or_ctrl_c_leaves_nothing_behind(
    tmp_path: Path, error: BaseException
) -> None:
    with pytest.raises(type(error)):
        await save_into(tmp_path, "a.bin", failing_after(b"half", error))
    assert names(tmp_path) == []


async def test_files_are_0644_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        saved = await save_into(tmp_path, "a.txt", sending(b"x"))
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(saved.path).st_mode) == 0o644


def test_a_killed_saves_part_file_is_swept_and_a_live_ones_is_not(tmp_path: Path) -> None:
    import fcntl

    dead = tmp_path / f"{PART_PREFIX}dead.part"
    dead.write_bytes(b"half")
    live = tmp_path / f"{PART_PREFIX}live.part"
    live.write_bytes(b"half")
    descriptor = os.open(live, os.O_RDWR)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        # flock locks belong to the open file: another open of it cannot take the lock.
        sweep_parts(tmp_path)
        assert names(tmp_path) == [live.name]
    finally:
        os.close(descriptor)
