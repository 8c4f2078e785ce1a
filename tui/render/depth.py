"""Keep the tree shallow enough for markdownify's recursion, without losing text.

The converter walks the tree recursively (a Python frame per element), so depth must stay
well inside Python's recursion limit; a real Gmail thread reaches 213 levels. Everything
here is iterative:

- ``fold_quotes`` turns blockquotes nested deeper than the deepest level the reader
  draws into plain blocks, so their text joins the deepest drawn level;
- ``collapse_wrappers`` unwraps a ``<div>`` whose only content is another block (Gmail
  and Outlook stack these), which changes no line break;
- ``flatten_deep`` replaces any subtree below a depth limit with its text, line breaks,
  links and images, as one flat run. Only pathological nesting ever reaches it.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag
from bs4.element import NavigableString, PageElement

from .dom import BLOCK_TAGS, attr, tags

__all__ = ["collapse_wrappers", "flatten_deep", "fold_quotes"]

_KEEP_AS_IS = frozenset({"br", "img", "hr"})


def _level(root: Tag, depth: int) -> list[Tag]:
    """The elements ``depth`` (at least 1) levels below ``root``, in document order."""
    level = [root]
    for _ in range(depth):
        level = [child for tag in level for child in tag.contents if isinstance(child, Tag)]
        if not level:  # mail never gets near the limits: stop at the deepest level
            break
    return level


def fold_quotes(soup: BeautifulSoup, max_quotes: int) -> None:
    """Make blockquotes nested more than ``max_quotes`` deep plain blocks of the deepest one.

    Renamed rather than unwrapped: unwrapping moves every child one by one, and bs4 finds
    each child's position by a linear search, which is quadratic on wide flattened trees.
    """
    levels: dict[int, int] = {}
    deep: list[Tag] = []
    for tag in tags(soup):  # document order: a quote's outer quotes come first
        if tag.name != "blockquote":
            continue
        outer = tag.parent
        while outer is not None and outer.name != "blockquote":
            outer = outer.parent
        level = levels[id(tag)] = 1 + (levels[id(outer)] if outer is not None else 0)
        if level > max_quotes:
            deep.append(tag)
    for tag in deep:
        tag.name = "div"


def _only_child_block(tag: Tag) -> bool:
    content = [
        child
        for child in tag.contents
        if isinstance(child, Tag) or (isinstance(child, NavigableString) and child.strip())
    ]
    return (
        len(content) == 1
        and isinstance(content[0], Tag)
        and content[0].name in BLOCK_TAGS
        and content[0].name not in ("li", "td", "th", "tr", "dd", "dt")
    )


def collapse_wrappers(soup: BeautifulSoup) -> None:
    """Unwrap plain ``<div>`` wrappers whose whole content is one block element."""
    wrappers = [tag for tag in tags(soup) if tag.name == "div" and _only_child_block(tag)]
    for tag in wrappers:
        tag.unwrap()


def flatten_deep(soup: BeautifulSoup, max_depth: int) -> None:
    """Replace the content of every element at ``max_depth`` by a flat run of text."""
    boundary = [tag for tag in _level(soup, max_depth) if tag.contents]
    for tag in boundary:
        # Filled while detached: appending inside the tree walks up every ancestor.
        flat = soup.new_tag(tag.name, attrs={name: attr(tag, name) for name in tag.attrs})
        flat.extend(_flat_pieces(soup, tag))
        tag.replace_with(flat)


def _flat_pieces(soup: BeautifulSoup, root: Tag) -> list[Tag | NavigableString]:
    """Text, links, images and a ``<br>`` at every block boundary, in document order."""
    pieces: list[Tag | NavigableString] = []
    stack: list[tuple[PageElement, bool]] = [(child, False) for child in reversed(root.contents)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            pieces.append(soup.new_tag("br"))
        elif isinstance(node, NavigableString):
            pieces.append(NavigableString(str(node)))
        elif not isinstance(node, Tag):
            continue  # comments and the like were removed before; nothing to keep
        elif node.name in _KEEP_AS_IS:
            attrs = {name: attr(node, name) for name in node.attrs}
            pieces.append(soup.new_tag(node.name, attrs=attrs))
        elif node.name == "a" and attr(node, "href"):
            link = soup.new_tag("a", attrs={"href": attr(node, "href")})
            link.string = node.get_text()
            pieces.append(link)
        else:
            if node.name in BLOCK_TAGS:
                pieces.append(soup.new_tag("br"))
                stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.contents))
    return pieces
