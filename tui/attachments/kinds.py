"""What an attachment is to the reader: a picture to show, or a file that would run if
opened (those are saved, never opened)."""

from __future__ import annotations

from pathlib import Path

PICTURE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"})

# Extensions an opener would run, or hand to something that runs it.
_RUNS = frozenset(
    ".exe .com .bat .cmd .msi .msp .scr .pif .cpl .dll .sys .ps1 .psm1 .vbs .vbe .js .jse .wsf "
    ".wsh .hta .lnk .reg .inf .jar .jnlp .sh .bash .zsh .csh .ksh .fish .command .tool .py .pyw "
    ".pyz .pl .rb .php .lua .tcl .run .bin .out .elf .appimage .app .pkg .dmg .deb .rpm .apk "
    ".desktop .action .workflow .scpt .applescript .xpi .crx .iso .img .vhd".split()
)
_RUN_TYPES = frozenset(
    {
        "application/octet-stream",  # unknown bytes: the opener would guess
        "application/x-msdownload",
        "application/x-msdos-program",
        "application/x-executable",
        "application/x-elf",
        "application/x-sharedlib",
        "application/x-sh",
        "application/x-shellscript",
        "application/x-python",
        "application/java-archive",
        "application/vnd.microsoft.portable-executable",
        "application/x-ms-installer",
        "application/vnd.android.package-archive",
        "application/x-apple-diskimage",
        "application/javascript",
        "text/javascript",
        "text/x-shellscript",
        "text/x-python",
        "application/hta",
    }
)
_RUN_STARTS = (b"MZ", b"\x7fELF", b"#!", b"\xca\xfe\xba\xbe", b"\xcf\xfa\xed\xfe", b"PK\x03\x04")


def is_picture(media_type: str) -> bool:
    """Whether the reader draws an attachment of this type."""
    return media_type.split(";")[0].strip().lower() in PICTURE_TYPES


def would_run(path: Path, media_type: str) -> bool:
    """Whether opening the file could run it: by its extension, its type or its first
    bytes (a program, a script; a zip too, which may be a program in disguise)."""
    if any(suffix.lower() in _RUNS for suffix in path.suffixes):
        return True
    if media_type.split(";")[0].strip().lower() in _RUN_TYPES:
        return True
    try:
        with open(path, "rb") as file:
            start = file.read(4)
    except OSError:
        return True
    return start.startswith(_RUN_STARTS) and path.suffix.lower() not in _ARCHIVES


# Office files and the like are zips too, and opening them runs nothing.
_ARCHIVES = frozenset(".docx .xlsx .pptx .odt .ods .odp .epub .zip".split())
