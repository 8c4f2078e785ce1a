"""What each demo attachment holds: real files of their type (pictures, a PDF, text), and
in the sandbox files built to hurt a decoder or a disk. Chosen by file name and type, so
the same attachment always has the same bytes."""

from __future__ import annotations

import functools
import struct
from importlib import resources

from . import pictures
from .hostile import BIG, BOMB, NOT_A_PICTURE, OVERSIZED, TRUNCATED

BIG_SIZE = 6 * 1024 * 1024


def body(filename: str, media_type: str) -> bytes:
    """The bytes of an attachment with this name and type."""
    special = _SPECIAL.get(filename)
    if special is not None:
        return special()
    if media_type == "image/png":
        return pictures.scene(160, 100)
    if media_type == "image/jpeg":
        return _jpeg()
    if media_type == "application/pdf":
        return _pdf(filename)
    if media_type == "audio/flac":
        return _flac()
    if filename.endswith(".exe") or media_type == "application/octet-stream":
        return b"MZ" + bytes(62) + b"This program cannot be run in the demo.\r\n"
    return _text(filename, media_type)


def has_thumbnail(filename: str, media_type: str) -> bool:
    """Whether the service made a thumbnail (not of a file its decoder choked on)."""
    return media_type.startswith("image/") and filename not in _SPECIAL


def thumbnail(media_type: str) -> bytes:
    """A small PNG of an image attachment, as the service's `image_thumbnail_url` gives."""
    if media_type == "image/jpeg":
        return _wiring_thumbnail()
    return pictures.scene(80, 50)


@functools.cache
def _wiring_thumbnail() -> bytes:
    return pictures.png(80, 60, pictures.wiring)


@functools.cache
def _jpeg() -> bytes:
    # Made once with an image library from `pictures.wiring` (160x120, quality 70) and
    # shipped: a JPEG encoder in pure Python would be far bigger than the 4 KB file.
    return resources.files(__package__).joinpath("wiring.jpg").read_bytes()


def _pdf(title: str) -> bytes:
    """A one-page PDF saying the title (objects, cross-reference table and trailer)."""
    safe = "".join(c for c in title if c.isascii() and c.isprintable() and c not in "()\\")
    stream = f"BT /F1 18 Tf 72 720 Td (Lurker demo: {safe[:60]}) Tj ET".encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, content)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        table,
    )
    return bytes(out)


def _flac() -> bytes:
    """An empty FLAC stream: the signature and its STREAMINFO block (44.1 kHz, stereo)."""
    fields = ((4096, 16), (4096, 16), (0, 24), (0, 24), (44_100, 20), (1, 3), (15, 5), (0, 36))
    packed = 0
    for value, bits in fields:
        packed = (packed << bits) | value
    info = packed.to_bytes(18, "big") + bytes(16)  # and an MD5 of nothing: unknown
    return b"fLaC" + b"\x80" + len(info).to_bytes(3, "big") + info


def _text(filename: str, media_type: str) -> bytes:
    if media_type == "application/xml":
        return b'<?xml version="1.0"?>\n<Session name="demo" sample-rate="48000"/>\n'
    lines = (f"{n:05d} xrun: 1.2 ms late ({filename})\n" for n in range(1, 41))
    return "".join(lines).encode("utf-8", "replace")


def _big() -> bytes:
    """A WAV file of silence, big enough to need a progress bar and to pass a small limit."""
    data = BIG_SIZE - 44
    fmt = struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16)  # PCM, mono, 8 kHz, 16 bits
    header = b"RIFF" + struct.pack("<I", 36 + data) + b"WAVEfmt " + fmt
    return header + b"data" + struct.pack("<I", data) + bytes(data)


_SPECIAL = {
    NOT_A_PICTURE: lambda: b"This is plain text wearing a .png name.\n",
    OVERSIZED: lambda: pictures.oversized(30_000),
    BOMB: lambda: pictures.bomb(8_000),
    TRUNCATED: pictures.truncated,
    BIG: _big,
}
