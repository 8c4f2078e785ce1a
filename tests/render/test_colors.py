"""Data colours: parsing, readable foregrounds, chips that survive NO_COLOR."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tui.render.colors import chip, contrast_ratio, parse_hex, readable_foreground


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("#ffffff", (255, 255, 255)),
        ("#FFF", (255, 255, 255)),
        ("fff", (255, 255, 255)),
        ("#1a2B3c", (0x1A, 0x2B, 0x3C)),
        ("1a2b3c", (0x1A, 0x2B, 0x3C)),
        ("  #abc ", (0xAA, 0xBB, 0xCC)),
        ("#000", (0, 0, 0)),
    ],
)
def test_parse_hex_valid(value: str, expected: tuple[int, int, int]) -> None:
    assert parse_hex(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "#",
        "#ff",
        "#ggg",
        "#12345",
        "#1234567",
        "#ff00ff00",
        "red",
        "rgb(1,2,3)",
        "##fff",
        "#f f f",
    ],
)
def test_parse_hex_invalid(value: str | None) -> None:
    assert parse_hex(value) is None


@pytest.mark.parametrize(
    ("background", "foreground"),
    [
        ((255, 255, 255), (0, 0, 0)),
        ((0, 0, 0), (255, 255, 255)),
        ((255, 255, 0), (0, 0, 0)),  # yellow
        ((0, 0, 139), (255, 255, 255)),  # dark blue
        ((0xEE, 0x00, 0x00), (0, 0, 0)),  # bright red: 4.64 with black, 4.53 with white
        ((0x76, 0x76, 0x76), (0, 0, 0)),  # mid grey: the crossover lies between 75 and 76
        ((0x75, 0x75, 0x75), (255, 255, 255)),
    ],
)
def test_readable_foreground(
    background: tuple[int, int, int], foreground: tuple[int, int, int]
) -> None:
    assert readable_foreground(background) == foreground
    other = (255, 255, 255) if foreground == (0, 0, 0) else (0, 0, 0)
    assert contrast_ratio(background, foreground) >= contrast_ratio(background, other)


def test_contrast_ratio_extremes() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((9, 9, 9), (9, 9, 9)) == pytest.approx(1.0)


def _render(text: object, **options: object) -> str:
    console = Console(file=io.StringIO(), width=40, force_terminal=True, **options)  # type: ignore[arg-type]
    console.print(text, end="")
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_chip_colours_and_padding() -> None:
    text = chip("#bug", "#ffcc00")
    assert text.plain == " #bug "
    out = _render(text, color_system="truecolor")
    assert "255;204;0" in out  # the data colour is drawn
    assert "\x1b[7m" in out or ";7m" in out or "7;" in out  # reverse video carries it


def test_chip_invalid_colour_falls_back() -> None:
    text = chip("moderator", "not-a-colour", fallback="blue")
    assert text.plain == " moderator "
    assert parse_hex("not-a-colour") is None
    assert "blue" not in text.plain


def test_chip_without_colour_stays_distinguishable() -> None:
    """Under NO_COLOR the chip keeps reverse video and its padding."""
    out = _render(chip("#bug", "#123456"), no_color=True, color_system="standard")
    assert " #bug " in out
    assert "\x1b[7m" in out
    plain = _render(chip("#bug", "#123456"), color_system=None)
    assert " #bug " in plain


def test_chip_label_is_cleaned_text() -> None:
    text = chip("[bold]x\x1b[31m\n", "#fff")
    assert text.plain == " [bold]x "
