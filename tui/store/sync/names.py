"""Where journals live in the sync folder, and which files in it are journals.

One folder serves every account: each store's journals sit in a subfolder named by its
service's host and a digest of the store's name (`groups.io--3f2a…`), so that two profiles
never mix and no email address shows in a folder that may be a third party's. In it, each
device writes one file, `DEVICE.jsonl`, named by its random id: two devices never write one
file. What sync tools make of a file that changed in two places at once (a conflict copy)
is a journal too, read once like the original.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from pathlib import Path

SUFFIX = ".jsonl"
# A device's id, then nothing (its own file) or what a sync tool adds to a conflict copy:
# Syncthing's `.sync-conflict-DATE-TIME-BY`, Dropbox's and Nextcloud's ` (… conflicted copy …)`.
_JOURNAL = re.compile(r"([0-9a-f]{16})((?:[. ].*)?)\.jsonl")


def new_device() -> str:
    """A new device id: random, not the hostname (16 hex digits)."""
    return secrets.token_hex(8)


def account_folder(sync_folder: Path, store: Path) -> Path:
    """The subfolder of `sync_folder` for the store at `store` (`HOST--USER.sqlite3`)."""
    name = store.name.removesuffix(".sqlite3")
    host = name.split("--", 1)[0] or "_"
    digest = hashlib.sha256(name.encode()).hexdigest()[:16]
    return sync_folder / f"{host}--{digest}"


def journal_name(device: str) -> str:
    """The file a device writes."""
    return device + SUFFIX


def device_of(name: str) -> str | None:
    """The device whose journal (or a conflict copy of it) a file is; None: not a journal
    (a sync tool's temporary file, ours, or anything else)."""
    found = _JOURNAL.fullmatch(name)
    return found[1] if found else None


def is_copy(name: str) -> bool:
    """Whether a journal's file is a conflict copy (not the one its device writes)."""
    found = _JOURNAL.fullmatch(name)
    return bool(found and found[2])
