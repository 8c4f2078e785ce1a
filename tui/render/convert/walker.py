"""One walk over the parsed tree, in document order, writing typed lines as it goes.

The walk keeps its own stack (no recursion, so nesting of any depth is walked whole) and
looks each element up by its tag (``elements`` says what each is): invisible elements are
skipped with everything in them, blocks start and end lines with their margins, inline
elements style their text, lists, quotes, tables, rules and breaks do what a browser
shows. Mail-client containers
(``clients.role``) add quote depth, move an attribution into its quote, and mark reply
headers and signatures for the line rules of ``quotelines``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text
from selectolax.lexbor import LexborNode

from .. import styles
from ..safety import clean
from .clients import follows_separator, is_quote_container, opens_reply_header, role
from .elements import (
    BULLETS,
    CODE,
    HEADINGS,
    INLINE_STYLES,
    LINES,
    LISTS,
    MARGIN_ZERO,
    MAX_LIST_DEPTH,
    Links,
    only_a_wrapper,
)
from .lines import LineBuilder
from .links import link_target, same_target
from .parse import JUNK_TAGS, Attributes, is_hidden, next_element, previous_element
from .quotelines import MAX_DEPTH
from .tables import is_data_table, table_data
from .textlinks import OpenLink, may_hold_url, write_linked_text

__all__ = ["Walker"]

Exit = tuple[Callable[[Any], None], Any]


class Walker:
    """Walks one tree into a ``LineBuilder``."""

    def __init__(self, out: LineBuilder, links: Links, *, margins_reset: bool) -> None:
        self.out = out
        self.links = links
        self.margins_reset = margins_reset
        self._stack: list[LexborNode | Exit] = []
        self._deferred: dict[int, LexborNode] = {}  # attributions, by the quote they name
        self._moved: set[int] = set()  # attributions already moved into their quote
        self._lists: list[list[int]] = []  # per open list: is it an <ol>, its next number
        self._ul_depth = 0
        self._li_depth = 0
        self._noformat = 0

    def walk(self, root: LexborNode) -> None:
        """Walk ``root`` and everything below it."""
        stack = self._stack
        stack.append(root)
        while stack:
            item = stack.pop()
            if type(item) is tuple:
                item[0](item[1])
                continue
            assert isinstance(item, LexborNode)
            tag = item.tag
            if tag == "-text":
                text = item.text_content
                if text:
                    if self.out.link_words is None and may_hold_url(text):
                        # Cleaned first, or a URL inside an escape sequence (OSC 8) splits
                        # it. (A form feed is HTML's white space: `clean` would drop it.)
                        text = clean(text.replace("\f", " "), multiline=True)
                        write_linked_text(self.out, self.links, text)
                    else:
                        self.out.text(text)  # cleaned there, after whitespace is collapsed
            elif tag is not None and tag[0] != "-" and tag not in JUNK_TAGS:
                self._element(item, tag)

    def _children(self, node: LexborNode) -> None:
        self._stack.extend(reversed(list(node.iter(include_text=True))))

    def _exit(self, action: Callable[[Any], None], value: Any = None) -> None:
        self._stack.append((action, value))

    # Elements -----------------------------------------------------------------------

    def _element(self, node: LexborNode, tag: str) -> None:
        attributes = node.attributes
        if attributes:
            if is_hidden(attributes):
                return
            if "class" in attributes or "id" in attributes or "style" in attributes:
                found = role(tag, attributes, node)
                if found and self._client_container(node, found):
                    return
        handler = _BY_TAG.get(tag)
        if handler is None:  # inline containers (span, font, u, o:p …) and unknown elements
            self._stack.extend(reversed(list(node.iter(include_text=True))))
        else:
            handler(self, node, tag, attributes)

    def _line(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        self._block(node, 0)

    def _paragraph(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        self._block(node, 0 if tag == "p" and self._marginless(attributes) else 1)

    def _break(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        self.out.line_break()

    def _image(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        label = self.links.image(attributes, quoted=self.out.depth > 0)
        if label:
            self._atom(label, styles.IMAGE)

    def _rule(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        if opens_reply_header(node):
            self.out.control("quote")
        self.out.rule()

    def _term(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        self.out.block(0)
        self._exit(self.out.end_block, 0)
        self._styled(node, tag, attributes)

    def _inline_quote(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        self._atom('"', None)
        self._exit(self._atom_exit, '"')
        self._children(node)

    def _block(self, node: LexborNode, gap: int) -> None:
        self.out.block(gap)
        self._exit(self.out.end_block, gap)
        self._children(node)

    def _div(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        children = list(node.iter(include_text=True))
        if only_a_wrapper(children):
            self._stack.extend(reversed(children))
            return
        self.out.block(0)
        self._exit(self.out.end_block, 0)
        self._stack.extend(reversed(children))

    def _marginless(self, attributes: Attributes) -> bool:
        # Outlook's MsoNormal and OWA's style sheets draw paragraphs as lines.
        if self.margins_reset:
            return True
        classes = attributes.get("class")
        if classes and "mso" in classes.lower():
            if any(name.startswith("mso") for name in classes.lower().split()):
                return True
        style = attributes.get("style")
        return style is not None and MARGIN_ZERO.search(style) is not None

    def _styled(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        style = INLINE_STYLES.get(tag, styles.BOLD)  # <dt> is drawn bold too
        if self._noformat:
            self._children(node)
            return
        self.out.push_style(style)
        self._exit(self._pop_style)
        self._children(node)

    def _pop_style(self, _: None) -> None:
        self.out.pop_style()

    def _atom(self, text: str, style: Style | None) -> None:
        if self.out.link_words is not None:
            self.out.link_words.append(text)
        self.out.atom(text, style or Style())

    def _atom_exit(self, text: str) -> None:
        self._atom(text, None)

    def _code(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        self._noformat += 1
        self._exit(self._code_exit)
        if self._noformat == 1:
            self.out.push_style(styles.CODE)
        self._children(node)

    def _code_exit(self, _: None) -> None:
        self._noformat -= 1
        if not self._noformat:
            self.out.pop_style()

    def _definition(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        columns = 4  # a <dd> under its term
        self.out.block(0)
        self.out.indent += columns
        self._exit(self._dedent, columns)
        self._children(node)

    def _dedent(self, columns: int) -> None:
        self.out.end_block(0)
        self.out.indent -= columns

    # Links ----------------------------------------------------------------------------

    def _link(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        url = link_target(attributes.get("href") or "")
        if url is None:
            self._children(node)
            return
        link = OpenLink(url, self.out.link_words)
        self.out.link_words = link.words
        self.out.push_style(styles.LINK + Style(meta={"href": url}))
        self._exit(self._link_exit, link)
        self._children(node)

    def _link_exit(self, link: OpenLink) -> None:
        self.out.pop_style()
        self.out.link_words = link.outer
        words = " ".join("".join(link.words).split())
        if link.outer is not None:
            link.outer.extend(link.words)
        if not words:
            return
        if same_target(words, link.url):  # Gmail's <a href=X>X</a>: the URL is in view
            self.links.bare(link.url)
            return
        number = self.links.number(link.url, words)
        self.out.suffix(f"[{number}]", styles.REF)

    # Lists ----------------------------------------------------------------------------

    def _list(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        gap = 0 if self._li_depth else 1
        self.out.block(gap)
        start = (attributes.get("start") or "").strip()
        first = int(start) if start.isdigit() and len(start) < 7 else 1
        self._lists.append([int(tag == "ol"), first])
        self._ul_depth += tag != "ol"
        self._exit(self._list_exit, (gap, tag))
        self._children(node)

    def _list_exit(self, value: tuple[int, str]) -> None:
        gap, tag = value
        self._lists.pop()
        self._ul_depth -= tag != "ol"
        self.out.end_block(gap)

    def _item(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        parent = node.parent
        in_list = parent is not None and parent.tag in LISTS and bool(self._lists)
        if in_list and self._lists[-1][0]:
            bullet = f"{self._lists[-1][1]}."
            self._lists[-1][1] += 1
        else:
            # An item outside any list (hand-written "Features<li>One<li>Two") is drawn
            # as one of a list one level deeper.
            depth = self._ul_depth if in_list else self._ul_depth + 1
            bullet = BULLETS[max(0, depth - 1) % len(BULLETS)]
        stray = not in_list and _stray_item(previous_element(node))
        if not in_list:
            self.out.block(0 if stray else 1)  # as if in a list with the items beside it
        indent = len(bullet) + 1 if self._li_depth < MAX_LIST_DEPTH else 0
        self.out.start_item(bullet, indent)
        self._li_depth += 1
        self._exit(self._item_exit, (in_list, node))
        self._children(node)

    def _item_exit(self, value: tuple[bool, LexborNode]) -> None:
        in_list, node = value
        self._li_depth -= 1
        self.out.end_item()
        if not in_list:
            self.out.end_block(0 if _stray_item(next_element(node)) else 1)

    # Quotes and other mail-client containers ------------------------------------------

    def _quote(self, node: LexborNode, tag: str = "", attributes: Attributes | None = None) -> None:
        level = int(self.out.depth < MAX_DEPTH)  # deeper levels join the deepest drawn one
        self.out.block(0)
        self.out.depth += level
        self._exit(self._quote_exit, level)
        self._children(node)
        attribution = self._deferred.pop(node.mem_id, None)
        if attribution is not None:  # walked first, inside the quote it names
            self._stack.append(attribution)

    def _quote_exit(self, level: int) -> None:
        self.out.end_block(level)  # a blank line after a quote, none after a folded level
        self.out.depth -= level

    def _client_container(self, node: LexborNode, found: str) -> bool:
        """Act on a mail client's container; True when that replaces the usual handling."""
        if found == "quote" or (found == "quote_container" and is_quote_container(node)):
            self._quote(node)
            return True
        if found == "attribution" and node.mem_id not in self._moved:
            following = next_element(node)
            if following is not None and following.tag == "blockquote":
                self._deferred[following.mem_id] = node  # walked first inside that quote
                self._moved.add(node.mem_id)
                return True
        elif found == "reply_header":
            if not follows_separator(node):
                self.out.control("quote")
        elif found == "signature":
            # Around the element: Thunderbird's signature is a <pre>.
            self.out.control("sig_start")
            self._exit(self.out.control, "sig_end")
        return False

    # Headings, code, tables -----------------------------------------------------------

    def _heading(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        level = HEADINGS[tag]
        out = self.out
        if out.inline or out.pre:
            self._children(node)
            return
        out.block(1)
        out.kind, out.base = "heading", styles.HEADINGS.get(level, styles.HEADING)
        out.inline += 1
        self._exit(self._heading_exit)
        self._children(node)

    def _heading_exit(self, _: None) -> None:
        out = self.out
        out.inline -= 1
        out.flush()
        out.kind, out.base = "text", None
        out.end_block(1)

    def _pre(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        if self.out.inline:
            self._children(node)
            return
        self.out.block(1)
        self.out.start_pre()
        self._noformat += 1
        self._exit(self._pre_exit)
        self._children(node)

    def _pre_exit(self, _: None) -> None:
        self._noformat -= 1
        self.out.end_pre()
        self.out.end_block(1)

    def _table(self, node: LexborNode, tag: str, attributes: Attributes) -> None:
        if self.out.inline or self.out.pre or not is_data_table(node):
            self._block(node, 0)  # a layout table: its cells are lines
            return
        for child in node.iter():
            if child.tag == "caption":  # drawn above the grid, as a paragraph
                self.out.block(1)
                self._sub_walk(child, self.out)
                self.out.end_block(1)
        table = table_data(node, self._cell_text)
        if table is not None:
            self.out.table(table)

    def _cell_text(self, cell: LexborNode) -> Text:
        builder = LineBuilder(inline=True)
        self._sub_walk(cell, builder)
        return builder.inline_text()

    def _sub_walk(self, node: LexborNode, out: LineBuilder) -> None:
        Walker(out, self.links, margins_reset=self.margins_reset).walk(node)


def _stray_item(node: LexborNode | None) -> bool:
    return node is not None and node.tag == "li"


# Plain functions, not bound methods kept on each walker: a walker holding its own bound
# methods is a reference cycle, and a thread's worth of them (with the lines they reach)
# left tens of thousands of objects to the full garbage collections of its opening.
_BY_TAG: dict[str, Callable[[Walker, LexborNode, str, Attributes], None]] = {
    "div": Walker._div,
    "p": Walker._paragraph,
    "br": Walker._break,
    "a": Walker._link,
    "img": Walker._image,
    "blockquote": Walker._quote,
    "li": Walker._item,
    "table": Walker._table,
    "pre": Walker._pre,
    "hr": Walker._rule,
    "dl": Walker._paragraph,
    "dt": Walker._term,
    "dd": Walker._definition,
    "q": Walker._inline_quote,
}
_BY_TAG.update(dict.fromkeys(INLINE_STYLES, Walker._styled))
_BY_TAG.update(dict.fromkeys(LINES - {"div"}, Walker._line))
_BY_TAG.update(dict.fromkeys(LISTS, Walker._list))
_BY_TAG.update(dict.fromkeys(CODE, Walker._code))
_BY_TAG.update(dict.fromkeys(HEADINGS, Walker._heading))
