"""``soup.parse`` builds exactly the tree bs4's own html.parser builder builds."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from bs4 import BeautifulSoup, Tag
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.render.conftest import corpus_body, corpus_cases
from tui.render import soup
from tui.render.dom import MailTag

_LINKS = ("parent", "previous_element", "next_element", "previous_sibling", "next_sibling")
# The parser's own state; the open-element stacks are empty after a parse either way.
_STATE = {"builder", "contents", "tagStack", "open_tag_counter", "markup", "parse_only"}
_STATE |= {"preserve_whitespace_tag_stack", "string_container_stack", "_namespaces"}


def _bs4_tree(body: str) -> BeautifulSoup:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return BeautifulSoup(body, "html.parser", element_classes={Tag: MailTag}, **soup._OPTIONS)


def _in_order(root: BeautifulSoup) -> list[Any]:
    nodes: list[Any] = []
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(reversed(getattr(node, "contents", [])))
    return nodes


def _assert_same_tree(ours: BeautifulSoup, theirs: BeautifulSoup) -> None:
    mine, reference = _in_order(ours), _in_order(theirs)
    assert len(mine) == len(reference)
    position = {id(node): index for index, node in enumerate(mine)}
    reference_position = {id(node): index for index, node in enumerate(reference)}

    def where(node: Any, positions: dict[int, int]) -> object:
        return None if node is None else positions.get(id(node), "outside")

    for node, other in zip(mine, reference, strict=True):
        assert type(node) is type(other)
        assert str(node) == str(other) if isinstance(node, str) else node.name == other.name
        assert node.__dict__.keys() == other.__dict__.keys()
        for key, value in node.__dict__.items():
            expected = other.__dict__[key]
            if key in _LINKS or key in ("_most_recent_element", "currentTag"):
                assert where(value, position) == where(expected, reference_position), key
            elif key == "attrs":
                assert type(value) is type(expected)
                assert value == expected
            elif key not in _STATE:
                assert value == expected, key
    walked = [position[id(node)] for node in ours.descendants]
    assert walked == [reference_position[id(node)] for node in theirs.descendants]


@pytest.mark.skipif(not soup._FAST, reason="bs4's own builder in use")
@pytest.mark.parametrize("name", corpus_cases())
def test_corpus_trees_alike(name: str) -> None:
    body = corpus_body(name)
    _assert_same_tree(soup.parse(body), _bs4_tree(body))


_PIECES = st.sampled_from(
    [
        *"<div>|</div>|<p>|</p>|<pre>|</pre>|<b>|</b>|<br>|<br/>|</br>|<img src=x>".split("|"),
        "<hr/>",
        *"<table>|<tr>|<td>|</td>|</table>|<li>|<ul>|</ul>|<style>|</style>|<script>".split("|"),
        *"</script>|<textarea>|</textarea>|<rt>|</rt>|<template>|<meta charset=utf-8>".split("|"),
        "<a href='x' href='y' class='c d'>", "</a>", "<p class>", "<o:p>", "</o:p>",
        "<!-- c -->", "<!DOCTYPE html>", "<![CDATA[x]]>", "<?xml x?>", "<!x>", "&amp;", "&#150;",
        "&nosuch", " ", "\n", "  \n ", "text", "\xa0", "<", ">", "</", "<//>",
    ]
)  # fmt: skip


@pytest.mark.skipif(not soup._FAST, reason="bs4's own builder in use")
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=50).map("".join))
def test_random_trees_alike(body: str) -> None:
    _assert_same_tree(soup.parse(body), _bs4_tree(body))


@pytest.mark.skipif(not soup._FAST, reason="bs4's own builder in use")
@pytest.mark.parametrize(
    "body",
    [
        "<div><blockquote><p><b>x " * 2000,
        "<pre>  \n <b>x</b>\n\n</pre> \n <textarea> </textarea><pre><pre> </pre> </pre>",
        "<style> </style><script>\n</script><rt> </rt><template> <p> </p></template>",
    ],
    ids=["deep", "whitespace kept", "string containers"],
)
def test_special_trees_alike(body: str) -> None:
    _assert_same_tree(soup.parse(body), _bs4_tree(body))
