"""Small typed helpers over BeautifulSoup's loosely typed tree."""

from __future__ import annotations

from typing import Any

from bs4 import Tag
from bs4.element import NavigableString, PageElement

__all__ = ["BLOCK_TAGS", "MailTag", "Mark", "attr", "child_tags", "classes", "inside", "tags"]

BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "dd", "details", "dialog",
        "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main",
        "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "tr", "ul", "caption", "legend", "noscript",
    }
)  # fmt: skip


def attr(tag: Tag, name: str) -> str:
    """An attribute as one string ("" when absent); multi-valued ones joined by spaces."""
    value = tag.get(name)
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return " ".join(value)


def classes(tag: Tag) -> list[str]:
    """The element's class names, lower-cased."""
    return attr(tag, "class").lower().split()


def tags(root: Tag) -> list[Tag]:
    """Every element below ``root`` in document order, as ``find_all(True)`` gives them.

    bs4's ``find_all`` with names runs its general filter machinery on every node, which
    costs more than the work the passes do; a name test on this list does not.
    """
    return [node for node in root.descendants if isinstance(node, Tag)]


def child_tags(tag: Tag) -> list[Tag]:
    """The element children of ``tag``, in order."""
    return [node for node in tag.contents if isinstance(node, Tag)]


class Mark(NavigableString):
    """A marker string inserted by the pre-pass; the converter passes it through uncleaned."""


def inside(node: PageElement, name: str) -> bool:
    """True when ``node`` has an ancestor element called ``name``."""
    parent = node.parent
    while parent is not None:
        if parent.name == name:
            return True
        parent = parent.parent
    return False


class MailTag(Tag):
    """The tree's element class, with a fast path for ``find_parent("pre")``.

    markdownify asks every element whether it is inside a ``<pre>``; bs4's general
    search machinery makes that the slowest step on deep mail threads.
    """

    def find_parent(self, name: Any = None, attrs: Any = None, **kwargs: Any) -> Any:
        if isinstance(name, str) and not attrs and not kwargs:
            parent = self.parent
            while parent is not None:
                if parent.name == name:
                    return parent
                parent = parent.parent
            return None
        return super().find_parent(name, attrs, **kwargs)
