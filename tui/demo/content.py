"""What a message says, as format-neutral blocks that each mail client then renders."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from . import vocab
from .groups import SITE
from .people import Person


@dataclass(frozen=True)
class Para:
    """A paragraph of text in a language (Hebrew and Arabic run right to left)."""

    text: str
    language: str = "en"


@dataclass(frozen=True)
class LinkPara:
    """A paragraph with one link in it; the label is sometimes the URL itself."""

    before: str
    url: str
    label: str
    after: str


@dataclass(frozen=True)
class Bullets:
    """A bulleted or numbered list whose items may hold a nested list."""

    items: tuple[str | Bullets, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Code:
    """Preformatted text: a command, a config file or a log."""

    text: str


@dataclass(frozen=True)
class Table:
    """A small data table with a header row."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Picture:
    """An inline image; 1-by-1 pictures are tracking pixels."""

    url: str
    alt: str
    width: int
    height: int


Block = Para | LinkPara | Bullets | Code | Table | Picture


_CODE = (
    "$ jack_control dps period 256\n$ jack_control start\n$ jack_lsp -c | head",
    "[audio]\nrate = 48000\nperiod = 128   # frames < 256 & > 64\nnperiods = 3",
    "if (frames < min_frames && !xrun_reported) {\n    report_xrun(&state);\n}",
    "Mar 14 10:02:11 studio kernel: usb 1-2: reset high-speed USB device\n"
    "Mar 14 10:02:12 studio pipewire[812]: <alsa_output.usb> xrun: 4096 frames",
    "def latency_ms(frames, rate, periods=2):\n    return 1000 * frames * periods / rate",
    "pw-metadata -n settings 0 clock.force-quantum 256\npw-top",
)
_LINKS = (
    "https://demo.lurker.invalid/wiki/LowLatencySetup",
    "https://github.com/example/lurker/issues/123",
    "https://jackaudio.org/faq/",
    "https://docs.pipewire.org/page_man_pipewire_conf_5.html",
    "https://example.com/very/long/path/to/a/page/with?query=string&and=more#fragment",
)


def _bullets(rnd: random.Random) -> Bullets:
    items: list[str | Bullets] = [vocab.sentence(rnd) for _ in range(rnd.randint(2, 4))]
    if rnd.random() < 0.4:
        nested = Bullets(tuple(vocab.sentence(rnd) for _ in range(2)), ordered=False)
        items.insert(1, nested)
    return Bullets(tuple(items), ordered=rnd.random() < 0.4)


def _table(rnd: random.Random) -> Table:
    rows = []
    for frames in sorted(rnd.sample((64, 128, 256, 512, 1024), 3)):
        rate = rnd.choice((44100, 48000, 96000))
        rows.append((str(frames), str(rate), f"{2000 * frames / rate:.1f}", str(rnd.randint(0, 9))))
    return Table(("Frames", "Rate (Hz)", "Latency (ms)", "xruns/h"), tuple(rows))


def _link(rnd: random.Random) -> LinkPara:
    url = rnd.choice(_LINKS)
    label = url if rnd.random() < 0.5 else rnd.choice(("this page", "the FAQ", "the issue"))
    return LinkPara("There is more on ", url, label, " if you want the details.")


def _picture(rnd: random.Random) -> Picture:
    return Picture(f"{SITE}/img/screenshot-{rnd.randint(1, 999)}.png", "screenshot", 640, 400)


CORE_BANK_SIZE = 512


@functools.cache
def _core_bank() -> tuple[tuple[Block, ...], ...]:
    """Message bodies made once per process; each message picks one and dresses it."""
    rnd = random.Random("lurker-demo-core-bank")
    return tuple(_make_core(rnd) for _ in range(CORE_BANK_SIZE))


def _make_core(rnd: random.Random) -> tuple[Block, ...]:
    blocks: list[Block] = [
        Para(vocab.paragraph(rnd, rnd.randint(1, 4))) for _ in range(rnd.randint(1, 3))
    ]
    extras: tuple[tuple[float, Callable[[random.Random], Block]], ...] = (
        (0.15, _bullets),
        (0.12, lambda rnd: Code(rnd.choice(_CODE))),
        (0.08, _table),
        (0.25, _link),
        (0.08, _picture),
    )
    for probability, make in extras:
        if rnd.random() < probability:
            blocks.insert(rnd.randint(0, len(blocks)), make(rnd))
    return tuple(blocks)


def core_blocks(core: int) -> tuple[Block, ...]:
    """The blocks of one body from the bank."""
    return _core_bank()[core]


@dataclass(frozen=True)
class Fresh:
    """The new text of one message, before any quoting: greeting, body, sign-off."""

    head: tuple[Block, ...]
    core: int
    tail: tuple[Block, ...]
    signature: tuple[str, ...]
    layout_table: bool
    tracking_pixel: str

    @property
    def blocks(self) -> tuple[Block, ...]:
        """Every block in reading order."""
        return (*self.head, *core_blocks(self.core), *self.tail)


class _Draws:
    """Small choices taken one after another from one large random number."""

    def __init__(self, noise: int) -> None:
        self._left = noise

    def below(self, count: int) -> int:
        """A number in range(count)."""
        self._left, value = divmod(self._left, count)
        return value

    def percent(self, chance: int) -> bool:
        """True with the given chance in percent."""
        return self.below(100) < chance


def fresh_content(noise: int, poster: Person, lead: str | None) -> Fresh:
    """Dress a body from the bank for the poster; noise needs about 200 random bits."""
    draws = _Draws(noise)
    head: list[Block] = []
    if draws.percent(50):
        head.append(Para(vocab.OPENERS[draws.below(len(vocab.OPENERS))]))
    if lead:
        head.append(Para(lead))
    core = draws.below(CORE_BANK_SIZE)
    language = None
    if poster.language in vocab.FOREIGN and draws.percent(60):
        language = poster.language
    elif draws.percent(5):
        language = sorted(vocab.FOREIGN)[draws.below(len(vocab.FOREIGN))]
    tail: list[Block] = []
    if language:
        options = vocab.FOREIGN[language]
        tail.append(Para(options[draws.below(len(options))], language))
    closer = vocab.CLOSERS[draws.below(len(vocab.CLOSERS))]
    tail.append(Para(f"{closer} {poster.full_name.split()[0]}"))
    signature: tuple[str, ...] = ()
    if draws.percent(30):
        signature = (poster.full_name, f"https://{poster.user_name}.example.net/")
    layout_table = draws.percent(5)
    pixel = ""
    if draws.percent(6):
        pixel = f"https://track.example.net/open/{draws.below(1 << 48):012x}.gif"
    return Fresh(tuple(head), core, tuple(tail), signature, layout_table, pixel)
