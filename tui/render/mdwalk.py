"""markdownify's walk over the tree, doing per node only the work its rules need.

markdownify 1.2 copies the set of parent tags, runs two regular expressions and a
``find_parent("pre")`` search for every element, and makes three calls per child; on
mail that was more time than all of our own conversion. ``WalkingConverter`` keeps its
rules to the letter (whitespace-only text dropped next to blocks, newlines collapsed at
child boundaries, ``_inline``/``_noformat`` pseudo-parents) with cheaper means: facts
about a tag name are looked up once per conversion, the ancestors' names already in
``parent_tags`` answer "inside a <pre>?", and parent sets are shared when unchanged.
``tests/render/test_mdwalk.py`` checks the output against markdownify's own walk.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from bs4 import Tag
from bs4.element import Comment, Doctype, NavigableString, PageElement
from markdownify import (  # type: ignore[attr-defined]  # not in its type stubs
    MarkdownConverter,
    should_remove_whitespace_inside,
)

__all__ = ["WalkingConverter"]

_ALL_WHITESPACE = re.compile(r"[\t \r\n]+")
_HEADING = re.compile(r"h(\d+)")
_NO_FORMAT = frozenset({"pre", "code", "kbd", "samp"})


class _NameFacts(NamedTuple):
    inside: bool  # whitespace next to its first and last child is dropped
    outside: bool  # whitespace next to the element is dropped
    inline: bool  # children get the "_inline" pseudo-parent
    noformat: bool  # children get the "_noformat" pseudo-parent


def _collapse_newlines(strings: list[str]) -> str:
    """Join child strings; newlines meeting at a boundary become the larger run, at most 2."""
    pieces = [""]  # leading newlines, content, trailing newlines of each child in turn
    for string in strings:
        if string[0] != "\n" and string[-1] != "\n":
            pieces += (string, "")
            continue
        stripped = string.lstrip("\n")
        lead = string[: len(string) - len(stripped)]
        content = stripped.rstrip("\n")
        trail = stripped[len(content) :]
        if pieces[-1] and lead:
            lead = "\n" * min(2, max(len(pieces.pop()), len(lead)))
        pieces += (lead, content, trail)
    return "".join(pieces)


class WalkingConverter(MarkdownConverter):
    """A ``MarkdownConverter`` whose tree walk costs less per node (same output)."""

    # markdownify's own attributes, which its type stubs leave out.
    options: dict[str, Any]
    get_conv_fn_cached: Callable[[str], Callable[..., str] | None]

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._facts: dict[str, _NameFacts] = {}
        escapes = ("escape_misc", "escape_asterisks", "escape_underscores")
        # Text is only collapsed and trimmed: markdownify's own method does the rest.
        self._plain_text = self.options["wrap"] and not any(self.options[e] for e in escapes)

    def _name_facts(self, tag: Tag) -> _NameFacts:
        facts = self._facts.get(tag.name)
        if facts is None:
            inside = bool(should_remove_whitespace_inside(tag))
            facts = _NameFacts(
                inside,
                inside or tag.name == "pre",
                _HEADING.match(tag.name) is not None or tag.name in ("td", "th"),
                tag.name in _NO_FORMAT,
            )
            self._facts[tag.name] = facts
        return facts

    def _drops_space_beside(self, node: PageElement | None) -> bool:
        return isinstance(node, Tag) and self._name_facts(node).outside

    def _ignored(self, node: PageElement, inside: bool) -> bool:
        """Whether a child that is not an element is left out of its parent's text."""
        if not isinstance(node, NavigableString) or isinstance(node, (Comment, Doctype)):
            return True
        if node.strip():
            return False
        previous, following = node.previous_sibling, node.next_sibling
        if inside and (not previous or not following):
            return True
        return self._drops_space_beside(previous) or self._drops_space_beside(following)

    def process_tag(self, node: Tag, parent_tags: set[str] | None = None) -> str:
        if parent_tags is None:
            parent_tags = set()
        facts = self._name_facts(node)
        name = node.name
        child_tags = parent_tags
        if (
            name not in parent_tags
            or (facts.inline and "_inline" not in parent_tags)
            or (facts.noformat and "_noformat" not in parent_tags)
        ):
            child_tags = set(parent_tags)
            child_tags.add(name)
            if facts.inline:
                child_tags.add("_inline")
            if facts.noformat:
                child_tags.add("_noformat")
        strings: list[str] = []
        for child in node.contents:
            if isinstance(child, Tag):
                string = self.process_tag(child, child_tags)
            elif self._ignored(child, facts.inside):
                continue
            else:
                string = self.process_text(child, child_tags)  # type: ignore[arg-type]
            if string:
                strings.append(string)
        if len(strings) == 1:
            text = strings[0]  # what either join below makes of one string
        elif name == "pre" or "pre" in parent_tags:  # parent_tags names every ancestor
            text = "".join(strings)
        else:
            text = _collapse_newlines(strings)
        convert = self.get_conv_fn_cached(name)
        if convert is not None:
            converted: str = convert(node, text, parent_tags=parent_tags)
            return converted
        return text

    def process_text(self, el: NavigableString, parent_tags: set[str] | None = None) -> str:
        if parent_tags is None:
            parent_tags = set()
        if not self._plain_text:
            return str(super().process_text(el, parent_tags))  # type: ignore[misc]
        text = str(el)
        if "pre" not in parent_tags:
            text = _ALL_WHITESPACE.sub(" ", text)
        previous, following = el.previous_sibling, el.next_sibling
        parent = el.parent
        in_block = parent is not None and self._name_facts(parent).inside
        if self._drops_space_beside(previous) or (in_block and not previous):
            text = text.lstrip(" \t\r\n")
        if self._drops_space_beside(following) or (in_block and not following):
            text = text.rstrip()
        return text

    def convert_blockquote(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        text = (text or "").strip(" \t\r\n")
        if "_inline" in parent_tags:
            return " " + text + " "
        if not text:
            return "\n"
        # markdownify's regex with a Python callback per line, as string operations.
        quoted = "\n".join("> " + line if line else ">" for line in text.split("\n"))
        return "\n" + quoted + "\n\n"
