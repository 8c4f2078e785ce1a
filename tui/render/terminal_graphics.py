"""Which way a terminal can draw pictures, told from the environment only (nothing is
asked of the terminal: an answer would arrive as keys): Kitty's placeholders
(`render.kitty`), iTerm2's inline images or Sixel (`render.inline_images`), or coloured
half blocks (`render.picture`), for the `pictures` setting.

A multiplexer (tmux, screen, zellij) keeps its own screen and drops or garbles pictures,
and a terminal started from another inherits the other's marks but sets its own: either
says half blocks, whatever else the environment claims.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, get_args

Drawing = Literal["kitty", "sixel", "iterm", "cells", "off"]
# The `pictures` setting's words (config.file.Pictures, which cannot be imported here).
PictureSetting = Literal["auto", "cells", "kitty", "sixel", "iterm", "off"]

# What other terminals set for themselves: one started from Kitty or Ghostty (VS Code's,
# GNOME Terminal, Alacritty) inherits KITTY_WINDOW_ID or TERM_PROGRAM=ghostty, but sets these.
OTHER_TERMINALS = (
    "VTE_VERSION", "KONSOLE_VERSION", "WEZTERM_PANE", "ALACRITTY_WINDOW_ID", "WT_SESSION",
)  # fmt: skip
# Terminals whose TERM names them and that draw Sixel (xterm only with `-ti vt340`, which
# its TERM does not say: never chosen by itself).
SIXEL_TERMS = ("foot", "foot-extra", "mlterm", "contour")
# The TERM of iTerm2 and WezTerm: xterm's (not Kitty's, Ghostty's), or WezTerm's own.
ITERM_TERMS = re.compile(r"(?!xterm-(kitty|ghostty)$)xterm(-.+)?|wezterm")


def _multiplexed(environ: Mapping[str, str]) -> bool:
    return bool(environ.get("TMUX") or environ.get("STY") or environ.get("ZELLIJ"))


def _marked(environ: Mapping[str, str], own: str = "") -> bool:
    """Whether another terminal than the one whose own mark is `own` left its mark."""
    return any(environ.get(name) for name in OTHER_TERMINALS if name != own)


def kitty_terminal(environ: Mapping[str, str]) -> bool:
    """Whether the environment says this is Kitty or Ghostty, straight (not through tmux,
    screen or zellij, which keep their own screen and drop or garble the commands)."""
    term = environ.get("TERM", "")
    if _multiplexed(environ) or _marked(environ):
        return False
    if environ.get("TERM_PROGRAM", "").lower() not in ("", "kitty", "ghostty"):
        return False
    # TERM, as every terminal sets its own: KITTY_WINDOW_ID and TERM_PROGRAM=ghostty are
    # inherited by a terminal that sets no marker of its own (xterm, st, foot).
    return term in ("xterm-kitty", "xterm-ghostty")


def iterm_terminal(environ: Mapping[str, str]) -> bool:
    """Whether the environment says this is iTerm2 or WezTerm (which reads iTerm2's inline
    images too), straight, and not another terminal started from one of them."""
    program = environ.get("TERM_PROGRAM", "")
    if _multiplexed(environ) or environ.get("XTERM_VERSION"):
        return False
    # TERM_PROGRAM and WEZTERM_PANE are inherited by a terminal started from either (foot,
    # st, urxvt, the Linux console), which sets its own TERM; iTerm2 and WezTerm set
    # xterm-256color (WezTerm's own: wezterm), and an xterm says XTERM_VERSION.
    if not ITERM_TERMS.fullmatch(environ.get("TERM", "")):
        return False
    if program == "WezTerm":
        return not _marked(environ, own="WEZTERM_PANE")
    return program == "iTerm.app" and not _marked(environ)


def sixel_terminal(environ: Mapping[str, str]) -> bool:
    """Whether TERM names a terminal known to draw Sixel (foot, mlterm, contour), straight,
    with no other terminal's mark beside it."""
    if _multiplexed(environ) or _marked(environ):
        return False
    if environ.get("TERM_PROGRAM", "") not in ("", "foot", "mlterm", "contour"):
        return False
    return environ.get("TERM", "") in SIXEL_TERMS


def drawing(setting: PictureSetting, environ: Mapping[str, str], truecolor: bool) -> Drawing:
    """How pictures are drawn for the `pictures` setting: Kitty's placeholders only where
    the id can reach the terminal (24-bit colour, as Kitty and Ghostty set COLORTERM)."""
    if setting not in get_args(PictureSetting):
        raise ValueError(f"pictures is {setting!r}, not one of {get_args(PictureSetting)}")
    if setting in ("off", "cells", "sixel", "iterm"):
        return setting
    if setting == "kitty" or kitty_terminal(environ):
        return "kitty" if truecolor else "cells"
    if iterm_terminal(environ):
        return "iterm"
    return "sixel" if sixel_terminal(environ) else "cells"
