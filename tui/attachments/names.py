"""File names made safe to write: whatever the service sends as an attachment's name, the
file lands inside the folder asked for, under a plain name every system takes."""

from __future__ import annotations

import mimetypes
import os
import re
import unicodedata
from pathlib import Path

# Windows gives these names to devices, with any extension ("CON.txt" too).
RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$"}
    | {f"{device}{n}" for device in ("COM", "LPT") for n in (*"123456789", "¹", "²", "³")}
)
# Characters some system refuses in a name (Windows: <>:"|?*; every system: / and NUL).
_REFUSED = re.compile(r'[<>:"|?*]')
# Categories dropped: controls, format characters (bidi overrides, zero widths), the
# surrogates and line or paragraph separators.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_EXTENSION = re.compile(r"\.[A-Za-z0-9][A-Za-z0-9_+-]{0,15}$")
NAME_MAX = 255  # bytes of one name on nearly every file system
NUMBER_ROOM = len(" (999)")  # kept free for the number a name takes beside another


def safe_name(name: str, media_type: str = "", most: int = NAME_MAX - NUMBER_ROOM) -> str:
    """`name` as a plain file name of at most `most` UTF-8 bytes, its extension kept."""
    name = unicodedata.normalize("NFC", name)
    name = re.split(r"[/\\]", name)[-1]  # no folders: only the last part
    name = "".join(c for c in name if unicodedata.category(c) not in _DROPPED)
    name = _REFUSED.sub("_", name)
    name = " ".join(name.split()).strip(" .")  # no hidden file, no "..", no trailing dot
    stem, extension = split_extension(name)
    if not stem:
        stem = "attachment"
        extension = extension or _extension_of(media_type)
    if stem.split(".")[0].strip().upper() in RESERVED:
        stem = f"_{stem}"
    return _shortened(stem, extension, most)


def split_extension(name: str) -> tuple[str, str]:
    """("report", ".pdf"): the extension is a short run of letters and digits after a dot."""
    found = _EXTENSION.search(name)
    if found is None or found.start() == 0:
        return name, ""
    return name[: found.start()].rstrip(" ."), found.group()


def numbered(name: str, number: int) -> str:
    """The name a file takes beside another: "report (1).pdf"."""
    if number == 0:
        return name
    stem, extension = split_extension(name)
    return f"{stem} ({number}){extension}"


def name_room(folder: Path) -> int:
    """Bytes a name may have in `folder`, less the room kept for a number."""
    try:
        most = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):
        most = NAME_MAX
    return max(16, min(most, NAME_MAX) - NUMBER_ROOM)


def _extension_of(media_type: str) -> str:
    guessed = mimetypes.guess_extension(media_type.split(";")[0].strip()) if media_type else None
    return guessed or ""


def _shortened(stem: str, extension: str, most: int) -> str:
    """The stem cut (at a character) so that stem and extension fit in `most` bytes."""
    room = most - len(extension.encode("utf-8"))
    encoded = stem.encode("utf-8")
    if len(encoded) > room:
        stem = encoded[:room].decode("utf-8", "ignore").rstrip(" .") or "attachment"
    return stem + extension
