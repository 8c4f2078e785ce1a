"""Message bodies as Markdown, through markdownify's public API.

markdownify turns HTML into Markdown well; ``MailMarkdown`` only adds what mail needs,
through its documented ``convert_*`` hooks: nothing of ``<title>``, no tracking pixels,
and an image's ``data:`` URI (kilobytes of base64) left out; and a code span the sender
typed in the text itself (`` `jack_lsp -c` ``, also with formatting inside) is not escaped
inside, where a backslash would be shown as it is. Quotes stay ``>`` blockquotes. A body
nested deeper than markdownify's recursion can follow falls back to our own converter's
text, quotes marked with ``>``, so no export loses a body. Paragraphs that hold nothing but
no-break spaces (Outlook's ``<p><o:p>&nbsp;</o:p></p>`` between paragraphs) are left out.
"""

from __future__ import annotations

import re
from typing import Any

from markdownify import MarkdownConverter

from ..render.convert import convert
from ..render.convert.depth import FLATTENED_NOTE, cap_nesting
from ..render.convert.links import is_tracking_pixel
from ..render.document import Document
from ..render.safety import clean
from .typed_code import CODE_SPAN, as_code_elements

__all__ = ["body_markdown", "document_markdown"]


class MailMarkdown(MarkdownConverter):
    """markdownify's converter with ATX headings, ``-`` bullets and mail's images."""

    def __init__(self, **options: Any) -> None:
        options = {"heading_style": "ATX", "bullets": "-", "escape_misc": False, **options}
        super().__init__(**options)

    def escape(self, text: str, parent_tags: set[str]) -> str:
        """markdownify's escaping, but not inside the code spans of the text itself.

        Mail often holds Markdown its sender typed (`` `jack_lsp -c` ``). Left as
        backticks, they make a code span in the export, and inside one a backslash is
        literal: ``jack\\_lsp`` would be shown. markdownify leaves ``<code>`` and ``<pre>``
        alone already; this does the same for spans within one text node (one that
        crosses formatting was made a ``<code>`` before: ``typed_code``). A backtick with
        no closing run opens no span (CommonMark), so what follows it is escaped.
        """
        # markdownify's own escape, which its type stubs leave out.
        escape = super().escape  # type: ignore[misc]
        pieces: list[str] = []
        start = 0
        for span in CODE_SPAN.finditer(text):
            pieces.append(str(escape(text[start : span.start()], parent_tags)))
            pieces.append(span[0])
            start = span.end()
        pieces.append(str(escape(text[start:], parent_tags)))
        return "".join(pieces)

    def convert_soup(self, soup: Any) -> str:
        as_code_elements(soup)  # a typed span across formatting, as the code it stands for
        return super().convert_soup(soup)

    def convert_title(self, el: Any, text: str, parent_tags: set[str]) -> str:
        return ""

    def convert_img(self, el: Any, text: str, parent_tags: set[str]) -> str:
        attributes: dict[str, str | None] = {k: str(v) for k, v in el.attrs.items()}
        if is_tracking_pixel(attributes):
            return ""
        src = attributes.get("src") or ""
        if src.strip().lower().startswith("data:"):
            alt = el.attrs.get("alt") or "image"
            return f"[image: {alt}]"
        # A documented hook that markdownify's type stubs leave out.
        return str(super().convert_img(el, text, parent_tags))  # type: ignore[misc]


def document_markdown(document: Document) -> str:
    """Our own conversion as Markdown-shaped text: quote parts get ``>`` per level."""
    chunks = []
    for part in document.parts:
        lines = part.text.plain.split("\n")
        if part.kind == "quote":
            lines = [("> " * part.depth + line).rstrip() for line in lines]
        chunks.append("\n".join(lines))
    chunks.extend(f"[{link.number}]: {link.url}" for link in document.links)
    return "\n\n".join(chunks)


def body_markdown(body: str, *, is_plain_text: bool = False) -> str:
    """A message body as Markdown, cleaned of anything that could drive a terminal."""
    if is_plain_text:
        return clean(body, multiline=True).strip()
    html, flattened = cap_nesting(body)  # n² to parse at n levels: capped, and said
    try:
        markdown = MailMarkdown().convert(html)
        if flattened:
            markdown = f"{markdown}\n\n{FLATTENED_NOTE}"
    except RecursionError:
        markdown = document_markdown(convert(body))  # (which says it, if it was capped)
    return _without_empty_paragraphs(clean(str(markdown), multiline=True)).strip()


_FENCE = re.compile(r"\s*(```|~~~)")
_EMPTY = re.compile(r"((?:\s*>)*)\s*")  # (quote marks), then only spaces, no-break ones too


def _without_empty_paragraphs(markdown: str) -> str:
    """`markdown` with lines of only spaces (no-break ones too) made empty, and the empty
    lines that makes in a row made one; code blocks are kept as they are."""
    lines: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (empty := _EMPTY.fullmatch(line)) is not None:
            line = empty[1].replace(" ", "")
            if lines and lines[-1] == line:
                continue
        lines.append(line)
    return "\n".join(lines)
