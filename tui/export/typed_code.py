"""Code spans a sender typed across formatting, made the ``<code>`` elements they stand for.

A sender who types `` `a b c_d` `` and makes ``b`` bold sends "`a <b>b</b> c_d`": three
nodes, none holding the whole span, so escaping each text node on its own puts ``\\_`` (shown
as it is, inside a code span) after the bold part. Made a ``<code>`` element, the span gets
markdownify's own handling of code: nothing inside escaped or formatted. Only a span whose
two backticks lie in text directly under one element is rewritten; one that starts or ends
inside a nested element is left as it was, escaped.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Comment, Tag
from bs4.element import NavigableString, PageElement

__all__ = ["CODE_SPAN", "as_code_elements"]

# A run of backticks, then the first run of exactly as many (CommonMark's code span; it
# may cross lines, which makes ``` fences typed in one text node a span too).
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)

# Elements that keep a line of text one line: a span may run through them.
_INLINE = frozenset(
    "a abbr b bdi bdo cite data del dfn em font i ins mark q s small span strike strong"
    " sub sup time tt u var".split()
)
_CODE = frozenset({"code", "kbd", "samp", "pre"})  # markdownify leaves these unescaped
_IN_A_LINE = _INLINE | (_CODE - {"pre"})


def as_code_elements(soup: BeautifulSoup) -> None:
    """Rewrite, in place, every typed code span of `soup` that crosses elements."""
    if "`" not in soup.get_text():
        return
    for element in [soup, *soup.find_all(True)]:
        if not _within_code(element):
            while _wrap_first_span(soup, element):
                pass


def _within_code(element: Tag) -> bool:
    return element.name in _CODE or element.find_parent(list(_CODE)) is not None


def _wrap_first_span(soup: BeautifulSoup, parent: Tag) -> bool:
    """Make the first typed span among `parent`'s children that crosses one of them a
    ``<code>`` element; False when there is none to make."""
    for run in _inline_runs(parent):
        text = "".join(piece for _, piece in run)
        for span in CODE_SPAN.finditer(text):
            start, end = _at(run, span.start()), _at(run, span.end() - 1)
            if start[0] == end[0]:
                continue  # within one child: its own escaping, or its own children's
            first, last = run[start[0]][0], run[end[0]][0]
            if _is_text(first) and _is_text(last):
                middle = [child for child, _ in run[start[0] + 1 : end[0]]]
                _wrap(soup, first, start[1], middle, last, end[1] + 1)
                return True
    return False


def _inline_runs(parent: Tag) -> list[list[tuple[PageElement, str]]]:
    """`parent`'s children in runs that make one line of text, each with its text (a code
    element's without backticks, which open no span of the text around it)."""
    runs: list[list[tuple[PageElement, str]]] = [[]]
    for child in parent.children:
        if isinstance(child, Comment):
            continue
        if _is_text(child):
            runs[-1].append((child, str(child)))
        elif isinstance(child, Tag) and child.name in _IN_A_LINE:
            piece = child.get_text()
            runs[-1].append((child, piece.replace("`", "'") if _within_code(child) else piece))
        else:
            runs.append([])
    return [run for run in runs if len(run) > 1]


def _at(run: list[tuple[PageElement, str]], offset: int) -> tuple[int, int]:
    """The child of `run` that holds character `offset` of its text, and where in it."""
    for index, (_, piece) in enumerate(run):
        if offset < len(piece):
            return index, offset
        offset -= len(piece)
    raise IndexError(offset)


def _is_text(element: PageElement) -> bool:
    return type(element) is NavigableString  # (not a comment, which is one too)


def _wrap(
    soup: BeautifulSoup,
    first: PageElement,
    begin: int,
    middle: list[PageElement],
    last: PageElement,
    end: int,
) -> None:
    """Put text `first[begin:]`, `middle` and `last[:end]` in a ``<code>`` element, the
    span's own backticks left out (markdownify writes the ones it needs)."""
    opening, closing = str(first)[begin:], str(last)[:end]
    ticks = len(opening) - len(opening.lstrip("`"))
    code = soup.new_tag("code")
    first.insert_before(code)
    if before := str(first)[:begin]:
        code.insert_before(NavigableString(before))
    if after := str(last)[end:]:
        code.insert_after(NavigableString(after))
    code.append(NavigableString(opening[ticks:]))
    for element in middle:
        code.append(element.extract())
    code.append(NavigableString(closing[:-ticks]))
    first.extract()
    last.extract()
