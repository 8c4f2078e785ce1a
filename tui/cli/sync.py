"""`lurker sync`: take in now what other machines read, and say the sync folder, the devices
seen, when each last wrote, what was taken in and anything skipped (docs/sync.md)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime

from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..render.safety import clean
from ..render.when import count, relative, stamp
from ..store.house import House
from ..store.problems import StoreError
from ..store.sync.door import Folder, Journal, Round
from . import event_loop
from .house import command_house
from .say import say

NOT_SET = (
    "lurker sync: no sync folder is set, so read state stays on this machine. Add "
    'sync_folder = "~/Sync/lurker" at the top of config.toml (a folder Syncthing, Dropbox '
    "or the like keeps in step between your machines), or set LURKER_SYNC_FOLDER: see "
    "docs/sync.md."
)
AHEAD = 300.0  # seconds: a device's records later than this past now say its clock is ahead


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Take the other machines' journals in now and say what the folder holds; the status."""
    try:
        settings = from_args(args, environ)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    if settings.sync_folder is None:
        say(NOT_SET, sys.stderr)
        return 2
    house = command_house(settings)
    try:
        if not house.files_now().state.usable:
            return 1  # why was said as it was met
        return event_loop.run(_run(house, settings))
    except StoreError:
        return 1  # said by the store as it was met
    finally:
        house.close()


async def _run(house: House, settings: Settings) -> int:
    await house.reading.load()
    taken = await house.sync.take_in()
    folder = await house.sync.contents()
    assert taken is not None  # (a folder is set)
    assert folder is not None
    assert settings.sync_folder is not None
    source = settings.sources.get("sync_folder", "default")
    say(f"Sync folder: {clean(str(settings.sync_folder))} ({source})", sys.stdout)
    if not settings.sync_folder.is_dir():
        return 1  # (said by the store: it is not there)
    say(f"  this account's journals: {clean(str(folder.folder))}", sys.stdout)
    for line in described(folder, taken, datetime.now(UTC)):
        say(line, sys.stdout)
    return 0


def described(folder: Folder, taken: Round, now: datetime) -> list[str]:
    """What `lurker sync` says of the folder and of what this look took in."""
    mine = [journal for journal in folder.journals if journal.device == folder.device]
    own = next((journal for journal in mine if not journal.copy), None)
    lines = [f"This machine: device {folder.device or '(none yet)'}" + _own(own, now)]
    lines += [f"    {clean(j.name)}: a conflict copy, read once" for j in mine if j.copy]
    others: dict[str, list[Journal]] = {}
    for journal in folder.journals:
        if journal.device != folder.device:
            others.setdefault(journal.device, []).append(journal)
    lines.append("Other devices:" if others else _NONE_YET)
    for device, journals in others.items():
        lines.append("  " + _device(device, journals, now))
        lines += [f"    {clean(j.name)}: a conflict copy, read once" for j in journals if j.copy]
    devices = {taken.files[name].device for name in taken.files if taken.files[name].records}
    lines.append(
        f"Taken in now: {count(taken.records, 'record')} from {count(len(devices), 'device')}."
        if taken.records
        else "Taken in now: nothing new."
    )
    for name, file in taken.files.items():
        if file.skipped:
            lines.append(
                f"Skipped: {count(file.skipped, 'line')} of {clean(name)} that are no record "
                "(damaged, or not Lurker's)."
            )
        if file.waiting:
            lines.append(
                f"Waiting: the last line of {clean(name)} is not complete yet (its machine is "
                "writing it, or the sync tool has not brought all of it)."
            )
        if file.newer:
            lines.append(
                f"Not taken: {clean(name)} was written by a newer Lurker (journal format "
                f"{file.newer}); update Lurker here."
            )
        if file.forgotten:
            lines.append(
                f"Left out: {count(file.forgotten, 'record')} of {clean(name)} made before "
                "the read state was forgotten everywhere (lurker cache clear --all)."
            )
    return lines


_NONE_YET = (
    "Other devices: none yet (each appears once it has run Lurker with this folder and the "
    "folder has synced)."
)


def _own(journal: Journal | None, now: datetime) -> str:
    if journal is None:
        return ", no journal yet"
    written = datetime.fromtimestamp(journal.modified, UTC)
    return (
        f", its journal {clean(journal.name)} ({_size(journal.size)}, last written "
        f"{stamp(written)}, {relative(written, now)})"
    )


def _device(device: str, journals: list[Journal], now: datetime) -> str:
    newest = max(journal.newest for journal in journals)
    records = sum(journal.records for journal in journals)
    if newest <= 0:
        modified = datetime.fromtimestamp(max(j.modified for j in journals), UTC)
        return f"{device}: nothing taken in yet (its journal changed {relative(modified, now)})"
    last = datetime.fromtimestamp(newest, UTC)
    ahead = newest - now.timestamp()
    clock = f"; its clock is ahead of this one's by about {_span(ahead)}" if ahead > AHEAD else ""
    return (
        f"{device}: last wrote {stamp(last)} ({relative(last, now)}, by its clock"
        f"{clock}); {count(records, 'record')} taken in so far"
    )


def _span(seconds: float) -> str:
    if seconds < 3600:
        return count(round(seconds / 60), "minute")
    if seconds < 2 * 86400:
        return count(round(seconds / 3600), "hour")
    return count(round(seconds / 86400), "day")


def _size(size: int) -> str:
    for unit, scale in (("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"
