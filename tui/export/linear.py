"""A thread as plain linear text, for `less`, a braille display or a speech pipeline.

Words only, in reading order: each message starts with a heading that says which it is,
who wrote it and when ("Message 3 of 14, from Ana Souza, Sat 23 Nov 2024 09:46."); quotes
are one line ("[quoted, 12 lines]") unless asked for, then said in words as the reader
does in screen-reader mode; no box-drawing, block or braille characters.
"""

from __future__ import annotations

import textwrap
from collections.abc import Awaitable, Callable

from ..api.cursor import PageSource
from ..api.models.messages import Message, TopicPage
from ..render.convert import convert_body
from ..render.draw import render_document
from ..render.glyphs import plain
from ..render.safety import clean
from ..render.when import count, stamp

__all__ = ["linear_heading", "linear_message", "read_thread"]

Write = Callable[[str], Awaitable[None]]


def linear_heading(page: TopicPage, topic_id: int | str, saved_note: str = "") -> str:
    """The thread's first lines: its subject, where it is and how long."""
    topic = page.topic
    subject = clean(topic.subject) if topic is not None and topic.subject else ""
    group = clean(page.group.name) if page.group is not None and page.group.name else ""
    total = page.total_count or (topic.num_messages if topic is not None else 0)
    where = f"Topic {topic_id}" + (f" in {group}" if group else "")
    size = f", {count(total, 'message')}" if total else ""
    note = f" ({saved_note})" if saved_note else ""
    return plain(f"{subject or f'Topic {topic_id}'}\n{where}{size}.{note}\n\n")


def linear_message(
    message: Message, number: int, total: int | None, *, quotes: bool = False, width: int = 80
) -> str:
    """One message as plain lines under its heading of words."""
    of = f" of {total:,}" if total else ""
    name = clean(message.name) or f"member {message.user_id}"
    when = stamp(message.created) or "unknown time"
    heading = f"Message {number:,}{of}, from {name}, {when}."
    details = [f"Number {message.msg_num}"]
    if message.num_likes:
        details.append(f"{count(message.num_likes, 'like')}")
    tags = " ".join(f"#{clean(tag.name).lstrip('#')}" for tag in message.hashtags if tag.name)
    if tags:
        details.append(f"hashtags: {tags}")
    lines = render_document(
        convert_body(message), width, folded=not quotes, spoken=True, marked=not quotes
    )
    body = "\n".join(line.plain.rstrip() for line in lines)
    attachments = [
        f"Attachment: {clean(item.filename) or '(unnamed file)'}"
        + (f", {clean(item.media_type)}" if item.media_type else "")
        for item in message.attachments
    ]
    said = [heading, ", ".join(details) + ".", *attachments]
    heading, details_line, *attachments = (textwrap.fill(line, width) for line in said)
    parts = [heading, details_line, "", body, *attachments]
    return plain("\n".join(parts).rstrip("\n") + "\n\n")


async def read_thread(
    source: PageSource[TopicPage],
    topic_id: int | str,
    write: Write,
    *,
    quotes: bool = False,
    width: int = 80,
    saved_note: Callable[[], str] = lambda: "",
) -> int:
    """Write the whole thread a message at a time; returns how many were written."""
    written = 0
    while (page := await source.next_page()) is not None:
        if written == 0:
            await write(linear_heading(page, topic_id, saved_note()))
        total = page.total_count or source.total_count
        for message in page.data:
            written += 1
            await write(linear_message(message, written, total, quotes=quotes, width=width))
    if source.end_note:
        await write(plain(f"Note: {clean(source.end_note)}\n"))
    return written
