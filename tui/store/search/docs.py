"""What of a topic or a message the index keeps, taken from the API's models."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ...api.models.messages import TopicPage
from ...api.models.topics import Hashtag, Topic
from ..reading.verdicts import served

__all__ = ["MessageDoc", "TopicDoc", "message_docs", "topic_docs"]


@dataclass(frozen=True, slots=True)
class TopicDoc:
    """A topic as listed: subject, summary, who started it, hashtags, group."""

    topic_id: str
    group_id: str
    group_name: str
    author: str
    created: float  # its most recent message
    messages: int  # how many it has (is:unread on a topic needs it)
    subject: str
    summary: str
    tags: str
    attachment: bool
    served: str | None = None  # what its hashtags' flags on the service do ("mute", "follow")


@dataclass(frozen=True, slots=True)
class MessageDoc:
    """A message of a thread; `text` is "" until the reader's text of its body is known."""

    message_id: str
    topic_id: str
    group_id: str
    group_name: str
    author: str
    created: float
    subject: str
    text: str
    tags: str
    attachment: bool


def _seconds(moment: datetime | None) -> float:
    return moment.timestamp() if moment is not None else 0.0


def _tags(hashtags: list[Hashtag]) -> str:
    return " ".join(tag.name for tag in hashtags if tag.name)


def topic_docs(topics: list[Topic], group_name: str = "") -> list[TopicDoc]:
    """The topics of a gettopics page (their group's name if known)."""
    return [
        TopicDoc(
            str(topic.id), str(topic.group_id),
            group_name or topic.group_subject_tag.strip().strip("[]"), topic.name,
            _seconds(topic.most_recent_message or topic.updated or topic.created),
            topic.num_messages, topic.subject, topic.summary, _tags(topic.hashtags),
            topic.has_attachments, served(topic).action,
        )
        for topic in topics
        if topic.id
    ]  # fmt: skip


def message_docs(page: TopicPage) -> list[MessageDoc]:
    """The messages of a gettopic page (their text to come from the converter)."""
    group = page.group.name if page.group is not None else ""
    return [
        MessageDoc(
            str(message.id), str(message.topic_id or (page.topic.id if page.topic else "")),
            str(message.group_id), group, message.name, _seconds(message.created),
            message.subject, "", _tags(message.hashtags), bool(message.attachments),
        )
        for message in page.data or []
        if message.id
    ]  # fmt: skip
