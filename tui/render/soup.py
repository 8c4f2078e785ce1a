"""Parse HTML into BeautifulSoup's tree with html.parser, with less work per node.

bs4's tree builder spends more time on each element than html.parser spends reading
it: a general ``Tag`` constructor, a string-container lookup through ``typing.cast``,
a walk up every open element to repair links after each text node (a parse in
document order never breaks them), line numbers nobody reads. ``parse`` builds the
same tree, node for node, attribute for attribute and link for link, doing only what
a parse in document order needs; ``tests/render/test_soup.py`` compares it with bs4's
own builder. It is written against bs4 4.15's internals: other versions get bs4's
builder.
"""

from __future__ import annotations

import warnings
from typing import Any

import bs4
from bs4 import BeautifulSoup, Tag
from bs4.builder._htmlparser import BeautifulSoupHTMLParser, HTMLParserTreeBuilder
from bs4.element import NavigableString

from .dom import MailTag

__all__ = ["parse"]

# Class names are plain strings (no multi-valued lists) and line numbers are not kept:
# neither is used, and both cost time in either builder.
_OPTIONS: dict[str, Any] = {"multi_valued_attributes": None, "store_line_numbers": False}
_FAST = bs4.__version__.startswith("4.15.")
_SPACES = "\x20\x0a\x09\x0c\x0d"  # BeautifulSoup.ASCII_SPACES


def parse(body: str) -> BeautifulSoup:
    """Parse HTML with the standard-library parser, without bs4's advice warnings."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if _FAST:
            return BeautifulSoup(
                body, builder=_TreeBuilder(**_OPTIONS), element_classes={Tag: MailTag}
            )
        return BeautifulSoup(body, "html.parser", element_classes={Tag: MailTag}, **_OPTIONS)


class _TreeBuilder(HTMLParserTreeBuilder):
    def feed(self, markup: Any, _parser_class: Any = None) -> None:
        super().feed(markup, _Parser)


class _Parser(BeautifulSoupHTMLParser):
    """bs4's html.parser handler with the tree building of ``BeautifulSoup`` inlined."""

    def updatepos(self, i: int, j: int) -> int:
        return j  # line and column are only for error messages and sourceline

    def handle_data(self, data: str) -> None:
        self.soup.current_data.append(data)

    def handle_starttag(
        self, name: str, attrs: list[tuple[str, str | None]], handle_empty_element: bool = True
    ) -> None:
        soup: Any = self.soup
        builder = soup.builder
        # Later duplicates win, as with bs4's default on_duplicate_attribute.
        attr_dict = self.attribute_dict_class(
            [(key, "" if value is None else value) for key, value in attrs]
        )
        if soup.current_data:
            _end_data(soup)
        tag = _new_tag(soup, builder, name, attr_dict)
        soup._most_recent_element = tag
        soup.tagStack.append(tag)
        soup.currentTag = tag
        soup.open_tag_counter[name] += 1
        if name in builder.preserve_whitespace_tags:
            soup.preserve_whitespace_tag_stack.append(tag)
        if name in builder.string_containers:
            soup.string_container_stack.append(tag)
        if handle_empty_element and tag.can_be_empty_element:
            # html.parser sends no end event for a void element written without "/>".
            self.handle_endtag(name, check_already_closed=False)
            self.already_closed_empty_element.append(name)
        if self._root_tag_name is None:
            self._root_tag_encountered(name)

    def handle_endtag(self, name: str, check_already_closed: bool = True) -> None:
        if check_already_closed and name in self.already_closed_empty_element:
            self.already_closed_empty_element.remove(name)
            return
        soup: Any = self.soup
        if soup.current_data:
            _end_data(soup)
        counter = soup.open_tag_counter
        if name == soup.ROOT_TAG_NAME:
            return
        stack = soup.tagStack
        while len(stack) > 1 and counter.get(name):
            tag = stack[-1]
            _pop_tag(soup, stack, counter)
            if tag.name == name and tag.prefix is None:
                break


def _new_tag(soup: Any, builder: Any, name: str, attrs: Any) -> MailTag:
    """What ``Tag.__init__`` and ``PageElement.setup`` make of a parsed start tag."""
    parent = soup.currentTag
    previous = soup._most_recent_element
    siblings = parent.contents
    before = siblings[-1] if siblings else None
    tag = MailTag.__new__(MailTag)
    tag.__dict__ = {
        "parser_class": soup.__class__,
        "name": name,
        "namespace": None,
        "_namespaces": {},
        "prefix": None,
        "sourceline": None,
        "sourcepos": None,
        "attribute_value_list_class": builder.attribute_value_list_class,
        "attrs": attrs,
        "known_xml": False,
        "contents": [],
        "parent": parent,
        "previous_element": previous,
        "next_element": None,
        "next_sibling": None,
        "previous_sibling": before,
        "hidden": False,
        "can_be_empty_element": builder.can_be_empty_element(name),
        "cdata_list_attributes": builder.cdata_list_attributes,
        "preserve_whitespace_tags": builder.preserve_whitespace_tags,
        "interesting_string_types": (
            {builder.string_containers[name]}
            if name in builder.string_containers
            else Tag.MAIN_CONTENT_STRING_TYPES
        ),
    }
    if previous is not None:
        previous.next_element = tag
    if before is not None:
        before.next_sibling = tag
    if name == "meta":
        builder.set_up_substitutions(tag)
    siblings.append(tag)
    return tag


def _pop_tag(soup: Any, stack: list[Tag], counter: Any) -> None:
    tag = stack.pop()
    if tag.name in counter:
        counter[tag.name] -= 1
    preserving = soup.preserve_whitespace_tag_stack
    if preserving and tag == preserving[-1]:
        preserving.pop()
    containing = soup.string_container_stack
    if containing and tag == containing[-1]:
        containing.pop()
    if stack:
        soup.currentTag = stack[-1]


def _end_data(soup: Any) -> None:
    """``BeautifulSoup.endData`` for text at the end of the open element."""
    chunks = soup.current_data
    data = chunks[0] if len(chunks) == 1 else "".join(chunks)
    if not soup.preserve_whitespace_tag_stack and not data.strip(_SPACES):
        data = "\n" if "\n" in data else " "
    soup.current_data = []
    container = soup.element_classes.get(NavigableString, NavigableString)
    if soup.string_container_stack and container is NavigableString:
        name = soup.string_container_stack[-1].name
        container = soup.builder.string_containers.get(name, container)
    if container is not NavigableString:
        soup.object_was_parsed(container(data))
        return
    parent = soup.currentTag
    previous = soup._most_recent_element
    siblings = parent.contents
    before = siblings[-1] if siblings else None
    string = str.__new__(NavigableString, data)
    string.__dict__ = {
        "hidden": False,
        "parent": parent,
        "previous_element": previous,
        "next_element": None,
        "next_sibling": None,
        "previous_sibling": before,
    }
    if previous is not None:
        previous.next_element = string
    if before is not None:
        before.next_sibling = string
    soup._most_recent_element = string
    siblings.append(string)
