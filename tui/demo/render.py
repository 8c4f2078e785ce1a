"""Render message blocks as the HTML a given mail client writes, or as plain text."""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape
from typing import Any

from .content import Block, Bullets, Code, Fresh, LinkPara, Para, Picture, Table, core_blocks
from .vocab import RTL_LANGUAGES

# How each client wraps a paragraph; "{dir}" becomes a dir attribute for RTL text.
_PARAGRAPH = {
    "gmail": "<div{dir}>{text}</div><div><br></div>",
    "outlook": "<p class=MsoNormal{dir}>{text}<o:p></o:p></p>"
    "<p class=MsoNormal><o:p>&nbsp;</o:p></p>",
    "apple": '<div class=""{dir}>{text}</div><div class=""><br class=""></div>',
    "web": "<p{dir}>{text}</p>",
}


def text_escape(text: str) -> str:
    """Escape text for an HTML text node; most generated text needs nothing, so check first."""
    if "&" in text or "<" in text or ">" in text:
        return escape(text, quote=False)
    return text


def _paragraph(flavor: str, text_html: str, language: str = "en") -> str:
    direction = ' dir="rtl"' if language in RTL_LANGUAGES else ""
    return _PARAGRAPH.get(flavor, _PARAGRAPH["web"]).format(dir=direction, text=text_html)


def _list_html(items: Bullets, flavor: str) -> str:
    tag = "ol" if items.ordered else "ul"
    item_class = ' class=MsoListParagraph style="margin-left:0cm"' if flavor == "outlook" else ""
    parts = []
    for item in items.items:
        if isinstance(item, Bullets):
            parts.append(f"<li{item_class}>{_list_html(item, flavor)}</li>")
        else:
            parts.append(f"<li{item_class}>{text_escape(item)}</li>")
    return f"<{tag}>{''.join(parts)}</{tag}>"


def _table_html(table: Table) -> str:
    head = "".join(f"<th>{text_escape(cell)}</th>" for cell in table.header)
    rows = "".join(
        "<tr>" + "".join(f"<td>{text_escape(cell)}</td>" for cell in row) + "</tr>"
        for row in table.rows
    )
    return (
        '<table border="1" cellpadding="4" cellspacing="0" style="border-collapse:collapse">'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _code_html(code: Code, flavor: str) -> str:
    if flavor == "gmail":
        # As Gmail writes an indent: spaces collapse in HTML, so each is a no-break space.
        lines = "<br>".join(_indented(text_escape(line)) for line in code.text.split("\n"))
        return f'<div><font face="monospace">{lines}</font></div><div><br></div>'
    return f"<pre>{text_escape(code.text)}</pre>"


def _indented(line: str) -> str:
    bare = line.lstrip(" ")
    return "&nbsp;" * (len(line) - len(bare)) + bare


def _para_html(block: Para, flavor: str) -> str:
    return _paragraph(flavor, text_escape(block.text), block.language)


def _link_html(block: LinkPara, flavor: str) -> str:
    link = f'<a href="{escape(block.url)}">{text_escape(block.label)}</a>'
    return _paragraph(flavor, f"{text_escape(block.before)}{link}{text_escape(block.after)}")


def _picture_html(block: Picture, flavor: str) -> str:
    size = f'width="{block.width}" height="{block.height}"'
    return _paragraph(flavor, f'<img src="{escape(block.url)}" alt="{escape(block.alt)}" {size}>')


# Dispatch on the block's type: cheaper than a match statement in this hot path.
_BLOCK_HTML: dict[type, Callable[[Any, str], str]] = {
    Para: _para_html,
    LinkPara: _link_html,
    Bullets: _list_html,
    Code: _code_html,
    Table: lambda block, flavor: _table_html(block),
    Picture: _picture_html,
}


def block_html(block: Block, flavor: str) -> str:
    """One block as the client's HTML."""
    return _BLOCK_HTML[type(block)](block, flavor)


@functools.lru_cache(maxsize=4096)
def _core_html(core: int, flavor: str) -> str:
    return "".join(block_html(block, flavor) for block in core_blocks(core))


def fresh_html(fresh: Fresh, flavor: str) -> str:
    """The new text of a message as the client's HTML, signature and pixels included."""
    html = "".join(
        (
            *(block_html(block, flavor) for block in fresh.head),
            _core_html(fresh.core, flavor),
            *(block_html(block, flavor) for block in fresh.tail),
        )
    )
    if fresh.signature:
        lines = "<br>".join(text_escape(line) for line in fresh.signature)
        if flavor == "gmail":
            html += f'<div dir="ltr" class="gmail_signature">-- <br>{lines}</div>'
        elif flavor == "thunderbird":
            text = text_escape("\n".join(fresh.signature))
            html += f'<pre class="moz-signature" cols="72">-- \n{text}</pre>'
        else:
            html += _paragraph(flavor, f"-- <br>{lines}")
    if fresh.layout_table:
        layout = '<table width="100%" cellpadding="0" cellspacing="0" border="0">'
        html = f"{layout}<tr><td>{html}</td></tr></table>"
    if fresh.tracking_pixel:
        html += (
            f'<img src="{escape(fresh.tracking_pixel)}" width="1" height="1" alt="" '
            'style="display:none;border:0">'
        )
    return html


def _list_text(items: Bullets, depth: int) -> list[str]:
    lines = []
    number = 0
    for item in items.items:
        if isinstance(item, Bullets):
            lines.extend(_list_text(item, depth + 1))
            continue
        number += 1
        marker = f"{number}." if items.ordered else "-"
        lines.append("    " * depth + f"{marker} {item}")
    return lines


def _wrap(text: str, width: int = 72) -> str:
    """Fill words into lines of at most width characters (long words stay whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def block_text(block: Block) -> str:
    """One block as plain text."""
    match block:
        case Para(text, _):
            return _wrap(text)
        case LinkPara(before, url, label, after):
            middle = url if label == url else f"{label} <{url}>"
            return _wrap(f"{before}{middle}{after}")
        case Bullets():
            return "\n".join(_list_text(block, 0))
        case Code(text):
            return text
        case Table(header, rows):
            widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
            return "\n".join(
                "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
                for row in (header, *rows)
            )
        case Picture(url, alt, _, _):
            return f"[{alt}: {url}]"
    raise TypeError(block)


@functools.lru_cache(maxsize=1024)
def _core_text(core: int) -> str:
    return "\n\n".join(block_text(block) for block in core_blocks(core))


def fresh_text(fresh: Fresh) -> str:
    """The new text of a message as plain text, with a '-- ' signature."""
    parts = [block_text(block) for block in fresh.head]
    parts.append(_core_text(fresh.core))
    parts.extend(block_text(block) for block in fresh.tail)
    text = "\n\n".join(parts)
    if fresh.signature:
        text += "\n\n-- \n" + "\n".join(fresh.signature)
    return text


def quote_lines(text: str) -> str:
    """Prefix every line with '> ', as plain-text mailers quote."""
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def _gist(block: Block) -> str:
    match block:
        case Para(text, _) | Code(text):
            return text
        case LinkPara(before, _, label, after):
            return f"{before}{label}{after}"
        case Bullets(items, _):
            return " ".join(item for item in items if isinstance(item, str))
        case Table(header, _):
            return " ".join(header)
    return ""


@functools.lru_cache(maxsize=1024)
def _core_gist(core: int) -> str:
    return " ".join(" ".join(_gist(block) for block in core_blocks(core)[:3]).split())[:300]


def snippet(fresh: Fresh, length: int = 140) -> str:
    """The opening of the message as one line of plain text, cut at a word."""
    head = " ".join(_gist(block) for block in fresh.head)
    text = " ".join(f"{head} {_core_gist(fresh.core)}".split())
    return text if len(text) <= length else text[: length - 3].rsplit(" ", 1)[0] + "..."
