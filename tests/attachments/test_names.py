"""Safe file names: whatever the service calls a file, it lands as a plain name."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.attachments.names import NAME_MAX, RESERVED, numbered, safe_name, split_extension


@pytest.mark.parametrize(
    ("given_name", "expected"),
    [
        ("../../etc/passwd", "passwd"),
        ("..\\..\\windows\\system.ini", "system.ini"),
        ("report\u202egpj.exe", "reportgpj.exe"),
        ("\x1b]0;pwned\x07notes.txt", "]0;pwnednotes.txt"),
        ("CON", "_CON"),
        ("con.txt", "_con.txt"),
        ("LPT1.tar.gz", "_LPT1.tar.gz"),
        (".bashrc", "bashrc"),
        ("..", "attachment"),
        ("", "attachment"),
        ("what?.pdf", "what_.pdf"),
        ("  spaced   out .txt ", "spaced out.txt"),
        ("ze\u200bro.txt", "zero.txt"),
    ],
)
def test_hostile_names_become_plain_ones(given_name: str, expected: str) -> None:
    assert safe_name(given_name) == expected


def test_a_nameless_file_takes_its_types_extension() -> None:
    assert safe_name("", "application/pdf") == "attachment.pdf"


def test_a_long_name_is_shortened_to_fit_with_its_extension() -> None:
    name = safe_name("a" * 300 + ".pdf")
    assert name.endswith("aaa.pdf")
    assert len(name.encode()) <= NAME_MAX - len(" (999)")
    wide = safe_name("é" * 300 + ".txt", most=100)
    assert wide.endswith(".txt")
    assert len(wide.encode()) <= 100
    wide.encode().decode()  # never cut inside a character


def test_numbered_names_keep_the_extension() -> None:
    assert numbered("report.pdf", 0) == "report.pdf"
    assert numbered("report.pdf", 2) == "report (2).pdf"
    assert split_extension("archive.tar.gz") == ("archive.tar", ".gz")


@given(st.text(max_size=400), st.sampled_from(["", "image/png", "application/x-unknown"]))
def test_no_name_can_climb_out_hide_or_change_the_terminal(name: str, media_type: str) -> None:
    safe = safe_name(name, media_type)
    assert safe
    assert "/" not in safe
    assert "\\" not in safe
    assert "\x00" not in safe
    assert not safe.startswith(".")
    assert not safe.endswith((".", " "))
    assert len(safe.encode("utf-8")) <= NAME_MAX
    assert all(unicodedata.category(c) not in ("Cc", "Cf", "Cs") for c in safe)
    assert safe.split(".")[0].upper() not in RESERVED
