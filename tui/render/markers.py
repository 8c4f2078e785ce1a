"""The private mark-up the converter writes and the line parser reads.

The intermediate between HTML and terminal text is Markdown-shaped (one line per output
line, ``>`` for quote levels) but every formatting mark is a two-character code starting
with SUB (``\\x1a``). Text from the service never contains SUB (``clean`` removes all
control characters first), so nothing the sender wrote can be mistaken for formatting:
``2*3*4`` and ``snake_case`` need no escaping and are never read as emphasis.

A line is: quote and indent prefixes (``>`` / ``> `` and ``INDENT``, any order), then at
most one block mark, then inline text with inline marks.
"""

from __future__ import annotations

import re

SUB = "\x1a"

# Line prefixes.
INDENT = SUB + " "  # one column of list indentation
BULLET = SUB + "*"  # a list bullet follows, up to and including the next space

# Block marks (start of line content).
HEADING = SUB + "H"  # followed by the level digit, 1 to 6
PRE = SUB + "P"  # preformatted line, spacing kept
VERBATIM = SUB + "V"  # plain-text body line: prose, but spacing kept
RULE = SUB + "R"
TABLE = SUB + "T"  # the whole table on one line, see ROW / HEAD_ROW / CELL
BLANK = SUB + "."  # an intentional empty line (<div><br></div>)
QUOTE_START = SUB + "Q"  # a reply header starts here: the rest of its container is quoted
SIG_START = SUB + "S"
SIG_END = SUB + "E"

# Table structure inside a TABLE line.
ROW = SUB + "/"
HEAD_ROW = SUB + "%"
CELL = SUB + "|"

# Inline marks, opened by the upper-case and closed by the lower-case letter.
BOLD = (SUB + "B", SUB + "b")
ITALIC = (SUB + "I", SUB + "i")
CODE = (SUB + "C", SUB + "c")
STRIKE = (SUB + "X", SUB + "x")
REF = (SUB + "K", SUB + "k")  # a link's reference number, "[3]"
IMAGE = (SUB + "M", SUB + "m")  # an image placeholder, "[image: logo.png]"
LINK_OPEN = SUB + "L"  # LINK_OPEN url URL_END link text LINK_CLOSE
URL_END = SUB + ";"
LINK_CLOSE = SUB + "l"

MARK = re.compile(SUB + r"(?:L[^\x1a]*\x1a;|H[1-6]|.)", re.DOTALL)


def strip_marks(text: str) -> str:
    """Remove every mark (and any link target) from intermediate text."""
    return MARK.sub("", text) if SUB in text else text
