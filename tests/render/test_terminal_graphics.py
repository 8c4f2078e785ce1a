"""Which way pictures are drawn, by the setting and the environment: iTerm2's inline
images and Sixel beside Kitty's (whose own cases are in test_kitty.py)."""

from __future__ import annotations

import pytest

from tui.render.terminal_graphics import drawing, iterm_terminal, sixel_terminal

TMUX = "/tmp/tmux-0/default,1,0"
# What terminals that are neither iTerm2 nor WezTerm set TERM to.
OWN_TERMS = (
    "foot", "foot-extra", "mlterm", "contour", "st-256color", "st", "rxvt-unicode-256color",
    "alacritty", "linux", "screen-256color", "tmux-256color", "xterm-kitty", "xterm-ghostty", "",
)  # fmt: skip


@pytest.mark.parametrize(
    ("environ", "iterm"),
    [
        ({"TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"}, True),
        ({"TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color", "WEZTERM_PANE": "0"}, True),
        ({"TERM_PROGRAM": "WezTerm", "TERM": "wezterm"}, True),
        ({"TERM": "xterm-256color"}, False),
        ({"TERM_PROGRAM": "Apple_Terminal", "TERM": "xterm-256color"}, False),
        ({"TERM_PROGRAM": "vscode", "TERM": "xterm-256color"}, False),
        # In a multiplexer, whatever the outer terminal says.
        ({"TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color", "TMUX": TMUX}, False),
        ({"TERM_PROGRAM": "WezTerm", "TERM": "screen-256color", "STY": "1.pts-0"}, False),
        ({"TERM_PROGRAM": "iTerm.app", "ZELLIJ": "0"}, False),
        # Another terminal started from one of them keeps its TERM_PROGRAM but says itself.
        ({"TERM_PROGRAM": "iTerm.app", "TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}, False),
        ({"TERM_PROGRAM": "iTerm.app", "ALACRITTY_WINDOW_ID": "1"}, False),
        ({"TERM_PROGRAM": "WezTerm", "VTE_VERSION": "7600", "WEZTERM_PANE": "0"}, False),
        ({"TERM_PROGRAM": "iTerm.app", "WEZTERM_PANE": "0"}, False),  # WezTerm's mark
        # Or sets its own TERM: not xterm's nor WezTerm's (the Linux console would print
        # the picture's base64 as text, foot would lose its Sixel).
        *[
            ({"TERM_PROGRAM": program, "TERM": term, "WEZTERM_PANE": "0"}, False)
            for program in ("iTerm.app", "WezTerm")
            for term in OWN_TERMS
        ],
        ({"TERM_PROGRAM": "iTerm.app"}, False),
        # An xterm says so (its TERM is iTerm2's).
        ({"TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color", "XTERM_VERSION": "X(390)"}, False),
        ({"TERM_PROGRAM": "iTerm.app", "TERM": "xterm"}, True),
        ({"TERM_PROGRAM": "WezTerm", "TERM": "xterm-direct", "WEZTERM_PANE": "3"}, True),
    ],
)
def test_iterms_images_where_term_program_says_iterm2_or_wezterm_straight(
    environ: dict[str, str], iterm: bool
) -> None:
    assert iterm_terminal(environ) is iterm


@pytest.mark.parametrize(
    ("environ", "sixel"),
    [
        ({"TERM": "foot"}, True),
        ({"TERM": "foot-extra"}, True),
        ({"TERM": "mlterm", "MLTERM": "3.9.3"}, True),
        ({"TERM": "contour", "TERM_PROGRAM": "contour"}, True),
        # Never plain xterm (it draws Sixel only as a VT340, which TERM does not say).
        ({"TERM": "xterm-256color"}, False),
        ({"TERM": "xterm"}, False),
        ({}, False),
        ({"TERM": "foot", "TMUX": TMUX}, False),
        ({"TERM": "foot", "STY": "1.pts-0"}, False),
        ({"TERM": "foot", "ZELLIJ": "0"}, False),
        ({"TERM": "foot", "TERM_PROGRAM": "vscode"}, False),
        ({"TERM": "foot", "VTE_VERSION": "7600"}, False),
        ({"TERM": "mlterm", "WT_SESSION": "1"}, False),
    ],
)
def test_sixel_where_term_names_a_sixel_terminal_straight(
    environ: dict[str, str], sixel: bool
) -> None:
    assert sixel_terminal(environ) is sixel


def test_the_setting_forces_a_way_and_auto_takes_the_terminals_own() -> None:
    iterm = {"TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"}
    foot = {"TERM": "foot"}
    kitty, xterm = {"TERM": "xterm-kitty"}, {"TERM": "xterm-256color"}
    assert drawing("auto", iterm, truecolor=False) == "iterm"
    assert drawing("auto", foot, truecolor=True) == "sixel"
    assert drawing("auto", {**foot, "TERM_PROGRAM": "iTerm.app"}, truecolor=True) == "cells"
    assert drawing("auto", kitty, truecolor=True) == "kitty"
    assert drawing("auto", xterm, truecolor=True) == "cells"
    assert drawing("auto", {**foot, "TMUX": TMUX}, truecolor=True) == "cells"
    assert drawing("sixel", xterm, truecolor=False) == "sixel"  # forced: the reader knows
    assert drawing("iterm", foot, truecolor=False) == "iterm"
    assert drawing("cells", iterm, truecolor=True) == "cells"
    assert drawing("off", foot, truecolor=True) == "off"
    with pytest.raises(ValueError, match="pictures"):
        drawing("Sixel", foot, truecolor=True)  # type: ignore[arg-type]
