"""Content of the sandbox group: text built to break terminals, markup parsers and JSON."""

from __future__ import annotations

import base64
import functools
from dataclasses import dataclass

from .people import Person

HUGE_TOPIC_ID = 2**53 + 1  # a float64 JSON parser turns it into 2**53
HUGE_TOPIC_INDEX = 2  # the sandbox topic that carries it
HUGE_USER_ID = 2**53 + 3

RICH = "[bold red]x[/] [@click=app.quit]q[/] [link=https://evil.invalid]click[/link]"
CLEAR = "\x1b[2J\x1b[H"
CSI = f"{CLEAR}\x1b[31mred\x1b[0m"
OSC_TITLE = "\x1b]0;pwned\x07"
OSC_8 = "\x1b]8;;https://evil.invalid/\x1b\\innocent link\x1b]8;;\x1b\\"
OSC_52 = "\x1b]52;c;cm0gLXJmIH4K\x07"
DCS = "\x1bP+q544e\x1b\\"
C1 = "\x9b2J\x9d0;c1 title\x9c\x85"
BIDI = "\u202eexe.txt\u202c and \u2067isolated\u2069"
ZERO_WIDTH = "ze\u200bro\u200cwi\u200ddth\ufeff\u2060"
# What a shell would run, were an event's text ever put in a command line (the live topics
# of `lurker demo-server --messages-every S --messages-in sandbox` carry it).
SHELL = "$(touch pwned-dollar) `touch pwned-backtick`; touch pwned-semicolon | '\"&"
ZALGO = "Z\u0337\u0322\u031ba\u0338l\u0335g\u0336o\u0337"

# The sandbox's files built to hurt (their bytes: files.py).
NOT_A_PICTURE = "not-a-picture.png"
OVERSIZED = "huge-30000x30000.png"
BOMB = "bomb-8000x8000.png"
TRUNCATED = "truncated.png"
BIG = "field-recording.wav"
HOSTILE_FILES: tuple[tuple[str, str], ...] = (
    (NOT_A_PICTURE, "image/png"),
    (OVERSIZED, "image/png"),
    (BOMB, "image/png"),
    (TRUNCATED, "image/png"),
    (BIG, "audio/wav"),
)

PEOPLE = (
    Person(3_666_001, "[bold red]Mallory[/]", "mallory", "mallory@evil.invalid", "en"),
    Person(3_666_002, f"{OSC_TITLE}Eve", "eve", "eve@evil.invalid", "en"),
    Person(3_666_003, f"Trudy {BIDI}", "trudy", "trudy@evil.invalid", "he"),
    Person(3_666_004, ZALGO, "zalgo", "zalgo@evil.invalid", "en"),
    Person(HUGE_USER_ID, f"Huge Id {ZERO_WIDTH}", "huge", "huge@evil.invalid", "en"),
    Person(3_666_006, "<script>alert('name')</script>", "script", "script@evil.invalid", "en"),
)


@dataclass(frozen=True)
class HostileTopic:
    """One sandbox topic: its subject, opening text, first body and attachments."""

    subject: str
    summary: str
    poster: int  # index into PEOPLE
    body: str
    plain: bool = False
    attachments: tuple[tuple[str, str], ...] = ()  # (file name, media type)


@functools.cache
def _huge_data_uri() -> str:
    """A 300 KB data: URI (a PNG signature followed by filler bytes)."""
    payload = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 900
    return "data:image/png;base64," + base64.b64encode(payload).decode("ascii")


@functools.cache
def _small_data_uri() -> str:
    """A real picture (40x25) as a data: URI."""
    from .pictures import scene

    return "data:image/png;base64," + base64.b64encode(scene(40, 25)).decode("ascii")


def _deep_nesting(levels: int) -> str:
    return "<blockquote>" * levels + "bottom of the well" + "</blockquote>" * levels


_MARKUP_BODY = (
    f"<p>Rich markup: {RICH}</p><script>alert(document.cookie)</script>"
    '<style>body{display:none}</style><p><a href="javascript:alert(1)">javascript link</a></p>'
    '<img src="x" onerror="alert(1)"><iframe src="https://evil.invalid/"></iframe>'
    "<p>Textual markup: [b]bold[/b] [$accent]var[/] \\[escaped]</p>"
)
_ESCAPES_BODY = (
    f"<p>CSI: {CSI}</p><p>OSC title: {OSC_TITLE}</p><p>OSC 8: {OSC_8}</p>"
    f"<p>OSC 52 clipboard: {OSC_52}</p><p>DCS: {DCS}</p><p>C1: {C1}</p>"
    "<p>NUL:\x00 BEL:\x07 BS:\x08 CR:\r VT:\x0b FF:\x0c DEL:\x7f</p>"
)


@functools.cache
def topics() -> tuple[HostileTopic, ...]:
    """The sandbox topics, oldest first; the one at HUGE_TOPIC_INDEX has the id 2**53+1."""
    long_word = "Supercalifragilistic" * 60
    return (
        HostileTopic(f"Rich markup {RICH}", f"Markup in text: {RICH}", 0, _MARKUP_BODY),
        HostileTopic(
            f"Escapes {CSI} {OSC_TITLE} in a subject", f"Escapes: {CSI}{OSC_8}", 1, _ESCAPES_BODY
        ),
        HostileTopic(
            f"Huge id {HUGE_TOPIC_ID} must round-trip exactly",
            "Topic id 2**53+1; a float parser reads 2**53.",
            4,
            f"<p>This topic's id is {HUGE_TOPIC_ID} and its poster's id is {HUGE_USER_ID}.</p>",
        ),
        HostileTopic(
            f"Invoice {BIDI} {ZERO_WIDTH}",
            f"Bidi {BIDI} and zero-width {ZERO_WIDTH} and {ZALGO}",
            2,
            f'<p dir="rtl">שלום {BIDI}</p><p>{ZERO_WIDTH} {ZALGO}</p><p>👩‍👩‍👧‍👦 🏳️‍🌈 e\u0301</p>',
        ),
        HostileTopic(
            "A 300 KB inline image",
            "The body holds a data: URI of 300 KB.",
            3,
            f'<p>Look:</p><img src="{_huge_data_uri()}" alt="huge"><p>done</p>'
            f'<p>A real one inline:</p><img src="{_small_data_uri()}" alt="inline landscape">'
            "<p>And one on the service itself:</p>"
            '<img src="/g/sandbox/img/diagram.png" alt="diagram on the service">',
            attachments=HOSTILE_FILES,
        ),
        HostileTopic(
            "Nesting 400 levels deep",
            "Four hundred nested blockquotes.",
            5,
            _deep_nesting(400),
        ),
        HostileTopic(
            "Long " + "subject " * 250,
            long_word[:200],
            0,
            f"<p>{long_word}</p>",
            attachments=(
                ("../../etc/passwd", "text/plain"),
                ("report\u202egpj.exe", "application/octet-stream"),
                (f"{OSC_TITLE}notes.txt", "text/plain"),
                ("[red]x[/].png", "image/png"),
                ("a" * 300 + ".pdf", "application/pdf"),
                ("CON", "text/plain"),
            ),
        ),
        HostileTopic(
            "Plain text <script> & escapes",
            "A plain-text body with escapes and literal markup.",
            1,
            f"<script>alert(1)</script> & friends\n\t{CSI}\r\n{RICH}\n> quoted {OSC_52}\n-- \nEve",
            plain=True,
        ),
    )


def reply_body(number: int) -> tuple[str, bool]:
    """A hostile reply body (HTML or plain) chosen by the reply's number."""
    options = (
        (f"<p>Re: {RICH}</p>", False),
        (f"{CSI}plain reply{OSC_TITLE}", True),
        (f"<p>{ZERO_WIDTH} {BIDI}</p>", False),
        (f"<div>{'<div>' * 50}deep{'</div>' * 50}</div>", False),
    )
    return options[number % len(options)]
