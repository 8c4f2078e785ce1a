"""A whole thread as Markdown, text or JSON: every message with its header and body."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from ..api.library import Library
from ..api.models.messages import Message
from ..api.models.topics import Topic
from ..render.cells import cells
from ..render.convert import convert_body
from ..render.draw import render_document
from ..render.safety import clean
from ..render.when import iso_local, zone_name
from .markdown import body_markdown

__all__ = ["FORMATS", "export_topic", "message_markdown", "message_record", "message_text"]

FORMATS = ("md", "txt", "json")
TEXT_WIDTH = 80

Progress = Callable[[int, int | None], None]
Write = Callable[[str], Awaitable[None]]


def _time(moment: datetime | None) -> str:
    # As the reader shows it: local time, with its offset, to the second (the service
    # sends microseconds, which no one reads).
    return iso_local(moment.replace(microsecond=0) if moment is not None else None)


def times_note() -> str:
    """What the times of an export are, for its first lines."""
    return f"Times are local time ({zone_name()}), as Lurker shows them."


def _hashtags(message: Message) -> list[str]:
    return [clean(tag.name) for tag in message.hashtags if tag.name]


def _header(message: Message) -> str:
    """ "#12 · Ana Souza · 2026-11-20T13:00:00+01:00" (local time), then the hashtags."""
    name = clean(message.name) or f"member {message.user_id}"
    line = f"#{message.msg_num} · {name} · {_time(message.created)}"
    tags = " ".join(f"#{tag}" for tag in _hashtags(message))
    return f"{line} · {tags}" if tags else line


def message_markdown(message: Message) -> str:
    """One message as Markdown: a heading with its header, then its body."""
    body = body_markdown(message.body or message.remainder, is_plain_text=message.is_plain_text)
    return f"## {_header(message)}\n\n{body}\n"


def message_text(message: Message, width: int = TEXT_WIDTH) -> str:
    """One message as text, as the reader shows it with quotes unfolded."""
    lines = render_document(convert_body(message), width, folded=False)
    body = "\n".join(line.plain.rstrip() for line in lines)
    header = _header(message)
    return f"{header}\n{'=' * min(width, cells(header))}\n\n{body}\n"


def message_record(message: Message) -> dict[str, Any]:
    """One message with every field a reader keeps, for JSON."""
    return {
        "id": message.id,
        "topic_id": message.topic_id,
        "number": message.msg_num,
        "author": clean(message.name),
        "user_id": message.user_id,
        "created": _time(message.created),
        "subject": clean(message.subject),
        "hashtags": _hashtags(message),
        "body_markdown": body_markdown(
            message.body or message.remainder, is_plain_text=message.is_plain_text
        ),
        "body_text": convert_body(message).plain(),
    }


def _title(topic: Topic | None, topic_id: int | str) -> str:
    return clean(topic.subject) if topic is not None and topic.subject else f"Topic {topic_id}"


async def export_topic(
    library: Library, topic_id: int | str, form: str, write: Write, progress: Progress
) -> int:
    """Write the thread; returns how many messages were written.

    Markdown and text go out a message at a time; JSON is one document, written when
    the last message is in (an interrupted JSON export leaves the file empty).
    """
    cursor = library.thread(topic_id)
    records: list[dict[str, Any]] = []
    topic: Topic | None = None
    written = 0
    while (page := await cursor.next_page()) is not None:
        if written == 0:
            topic = page.topic
            if form != "json":
                heading = _title(topic, topic_id)
                note = times_note()
                await write(
                    f"# {heading}\n\n{note}\n\n" if form == "md" else f"{heading}\n{note}\n\n"
                )
        for message in page.data:
            if form == "md":
                await write(message_markdown(message) + "\n")
            elif form == "txt":
                await write(message_text(message) + "\n")
            else:
                records.append(message_record(message))
            written += 1
        progress(written, cursor.total_count)
    if form == "json":
        document = {
            "topic": {"id": topic_id, "subject": _title(topic, topic_id)},
            "times": times_note(),
            "messages": records,
        }
        await write(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    return written
