"""What `lurker watch` tells: a new message or a log entry, as a text line, a JSON object
(named as `lurker export` and `lurker activity` name them) and a notification's words.

Every string from the service is cleaned of what could drive a terminal, in every form.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...export.activity import merged_row
from ...render.safety import clean
from ...render.when import iso_local

if TYPE_CHECKING:
    from ...api.models.activity import ActivityEntry
    from ...api.models.messages import Message
    from ...api.models.topics import Topic

__all__ = ["Event", "log_event", "message_event"]


@dataclass(frozen=True)
class Event:
    """One thing told: its JSON object, its text line and what a notification says."""

    row: dict[str, Any]
    text: str
    title: str  # a notification's title (its group)
    body: str  # and its words
    written: float  # when it happened (events are told oldest first)

    def json_line(self) -> str:
        """The event as one line of JSON Lines (what a hook reads on its standard input)."""
        return json.dumps(self.row, ensure_ascii=False) + "\n"

    def line(self, form: str) -> str:
        """The event as `--format` prints it."""
        return self.json_line() if form == "jsonl" else self.text + "\n"


def message_event(message: Message, topic: Topic, group: str, group_url: str) -> Event:
    """A new message of a topic in `group` (its short name)."""
    group = clean(group)
    subject = clean(message.subject or topic.subject)
    author = clean(message.name) or f"member {message.user_id}"
    link = f"{clean(group_url).rstrip('/')}/message/{message.msg_num}" if group_url else ""
    row = {
        "event": "message",
        "id": message.id,
        "topic_id": message.topic_id or topic.id,
        "group_id": message.group_id or topic.group_id,
        "group_name": group,
        "number": message.msg_num,
        "subject": subject,
        "author": author,
        "created": iso_local(message.created),
        "snippet": clean(message.snippet),
        "link": link,
    }
    text = f"{group}  {author}  {subject}  (topic {row['topic_id']})"
    written = message.created.timestamp() if message.created is not None else 0.0
    return Event(row, text, group, f"{author}: {subject}", written)


def log_event(entry: ActivityEntry, group: str) -> Event:
    """A new entry of `group`'s activity log."""
    row = {"event": "log", **merged_row(entry, group)}
    text = f"{row['group_name']}  log  {row['kind']}  {row['text']}"
    written = entry.created.timestamp() if entry.created is not None else 0.0
    return Event(row, text, row["group_name"], f"{row['kind']}: {row['text']}", written)
