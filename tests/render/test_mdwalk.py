"""The converter's own tree walk writes what markdownify's walk would write."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdownify import MarkdownConverter

from tests.render.conftest import corpus_body, corpus_cases
from tui.render.converter import MailConverter
from tui.render.dom import Mark
from tui.render.html import prepared_tree
from tui.render.safety import clean


class _MarkdownifyWalk(MailConverter):
    """MailConverter's conversions, walked by markdownify's own code."""

    process_tag = MarkdownConverter.process_tag  # type: ignore[attr-defined]
    process_element = MarkdownConverter.process_element  # type: ignore[attr-defined]
    convert_blockquote = MarkdownConverter.convert_blockquote  # type: ignore[attr-defined]

    def process_text(self, el: Any, parent_tags: Any = None) -> str:
        if isinstance(el, Mark):
            return str(el)
        text = MarkdownConverter.process_text(self, el, parent_tags)  # type: ignore[attr-defined]
        return clean(text, multiline=True)


def _both(body: str) -> tuple[tuple[str, list[Any]], tuple[str, list[Any]]]:
    ours, theirs = MailConverter(), _MarkdownifyWalk()
    mine = ours.convert_soup(prepared_tree(body))
    reference = theirs.convert_soup(prepared_tree(body))
    return (mine, ours.links), (reference, theirs.links)


@pytest.mark.parametrize("name", corpus_cases())
def test_corpus_walks_alike(name: str) -> None:
    mine, reference = _both(corpus_body(name))
    assert mine == reference


_PIECES = st.sampled_from(
    [
        *"<div>|</div>|<p>|</p>|<pre>|</pre>|<code>|</code>|<b>|</b>|<span>|</span>".split("|"),
        *"<td>|</td>|<tr>|<table>|</table>|<h2>|</h2>|<li>|<ul>|</ul>|<br>|<hr>".split("|"),
        *"<blockquote>|</blockquote>|<a href='https://x.org'>|</a>|<kbd>|<dl><dt>|<dd>".split("|"),
        " ", "  ", "\n", "\n\n", " x ", "y", "\t", "&nbsp;", "<!-- c -->", "<img alt=i>",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_random_html_walks_alike(body: str) -> None:
    mine, reference = _both(body)
    assert mine == reference
