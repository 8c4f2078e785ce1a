"""Messages of one group, generated on demand from the seed and the message's index."""

from __future__ import annotations

from typing import Any, NamedTuple

from . import hostile
from .content import Fresh, fresh_content
from .downloads import file_path, thumb_path
from .files import has_thumbnail
from .groups import GroupSpec
from .lru import BoundedCache
from .mailers import CLIENTS, Composed, Quote, compose
from .people import Person
from .records import profile_photo_url
from .seeding import mix, salted
from .stats import GenerationStats
from .timefmt import NS_PER_SECOND, format_ns
from .topics import Topics

_ATTACHMENTS = (
    ("screenshot.png", "image/png"),
    ("xrun-log.txt", "text/plain"),
    ("session.ardour", "application/xml"),
    ("spectrum.pdf", "application/pdf"),
    ("take-3.flac", "audio/flac"),
    ("wiring.jpg", "image/jpeg"),
)


class Place(NamedTuple):
    """Where a message sits: its group-wide index, its topic and the topic's first message."""

    message: int
    topic: int
    first: int

    @property
    def is_first(self) -> bool:
        """Whether the message starts its topic."""
        return self.message == self.first


class Messages:
    """Message objects of one group, addressed by their 0-based group-wide index."""

    def __init__(self, spec: GroupSpec, seed: int, topics: Topics, stats: GenerationStats):
        self.spec = spec
        self.topics = topics
        self.timeline = topics.timeline
        self._client_salt = mix(seed, spec.number, 15)
        self._flag_salt = mix(seed, spec.number, 14)
        self._salts = tuple(mix(seed, spec.number, 16 + i) for i in range(4))
        self._stats = stats
        self._fresh_cache: BoundedCache[Fresh] = BoundedCache(4096)
        self._messages: BoundedCache[dict[str, Any]] = BoundedCache(2048)

    def message(self, index: int) -> dict[str, Any]:
        """The message object for the group's message with this index."""
        return self._messages.get(index, lambda: self._make(self._place(index)))

    def _place(self, index: int, topic: int | None = None) -> Place:
        if topic is None:
            topic = self.timeline.topic_of_message(index)
        return Place(index, topic, self.timeline.first_message(topic))

    def subject(self, place: Place) -> str:
        """The subject line of the message: the topic's, with "Re: " on replies."""
        subject = self.topics.headline(place.topic).subject
        return subject if place.is_first else f"Re: {subject}"

    def _poster(self, place: Place) -> Person:
        return self.topics.poster(place.message, place.topic, place.first)

    def _fresh(self, place: Place) -> Fresh:
        def make() -> Fresh:
            lead = self.topics.headline(place.topic).lead if place.is_first else None
            noise = sum(
                salted(salt, place.message) << (64 * i) for i, salt in enumerate(self._salts)
            )
            return fresh_content(noise, self._poster(place), lead)

        return self._fresh_cache.get(place.message, make)

    def _body(self, place: Place) -> Composed:
        if self.spec.hostile:
            return self._hostile_body(place)
        noise = salted(self._client_salt, place.message)
        poster = self._poster(place)
        favourite = CLIENTS[mix(poster.user_id, 13) % len(CLIENTS)]
        client = favourite if noise % 100 < 80 else CLIENTS[(noise >> 8) % len(CLIENTS)]
        quote = None
        if not place.is_first and (noise >> 16) % 100 < 60:
            parent = Place(place.message - 1, place.topic, place.first)
            quote = Quote(
                self._fresh(parent),
                self._poster(parent),
                self.timeline.message_ns(parent.message),
                self.subject(parent),
            )
        return compose(client, self._fresh(place), quote, self.spec.email_address)

    def _hostile_body(self, place: Place) -> Composed:
        if place.is_first:
            spec = hostile.topics()[place.topic % len(hostile.topics())]
            body, plain = spec.body, spec.plain
        else:
            body, plain = hostile.reply_body(place.message - place.first)
        return Composed(body, "", body, body[:140], plain)

    def _attachments(self, place: Place, noise: int) -> list[dict[str, Any]]:
        files: tuple[tuple[str, str], ...] = ()
        if self.spec.hostile and place.is_first:
            files = hostile.topics()[place.topic % len(hostile.topics())].attachments
        if not files and self.topics.message_has_attachments(place.message):
            count = 1 + noise % 2
            files = tuple(_ATTACHMENTS[(noise // 3 + j) % len(_ATTACHMENTS)] for j in range(count))
        attachments = []
        msg_num = place.message + 1
        for number, (filename, media_type) in enumerate(files):
            # Paths: each answer signs them for the origin it was asked on (`downloads`).
            image = has_thumbnail(filename, media_type)
            attachments.append(
                {
                    "id": self.spec.number * 10**11 + place.message * 10 + number,
                    "media_type": media_type,
                    "download_url": file_path(self.spec.number, msg_num, number, filename),
                    "image_thumbnail_url": thumb_path(self.spec.number, msg_num, number)
                    if image
                    else "",
                    "filename": filename,
                }
            )
        return attachments

    def _make(self, place: Place) -> dict[str, Any]:
        self._stats.messages += 1
        headline = self.topics.headline(place.topic)
        poster = self._poster(place)
        created_ns = self.timeline.message_ns(place.message)
        roll = salted(self._flag_salt, place.message)
        edited = roll % 20 == 0
        subject = self.subject(place)
        tags = [self.topics.hashtags[i] for i in headline.hashtags] if place.is_first else []
        tag_suffix = "".join(f" #{tag['name']}" for tag in tags)
        body = self._body(place)
        likes = 0 if roll % 100 < 70 else (1 + roll % 3 if roll % 100 < 90 else 4 + roll % 17)
        msg_num = place.message + 1
        return {
            "id": self.spec.number * 10_000_000_000 + msg_num,
            "object": "message",
            "created": format_ns(created_ns),
            "updated": format_ns(created_ns + (roll % 3600) * NS_PER_SECOND * edited),
            "user_id": poster.user_id,
            "group_id": self.spec.id,
            "topic_id": self.topics.topic_id(place.topic),
            "body": body.body,
            "quoted": body.quoted,
            "remainder": body.remainder,
            "snippet": body.snippet,
            "subject": subject,
            "subject_with_tags": f"[{self.spec.name}] {subject}{tag_suffix}",
            "name": poster.full_name,
            "profile_photo_url": profile_photo_url(poster),
            "is_plain_text": body.is_plain_text,
            "msg_num": msg_num,
            "is_reply": not place.is_first,
            "has_liked": roll % 50 == 7,
            "num_likes": likes,
            "is_closed": headline.closed,
            "is_moderated": False,
            "reply_to": "group_reply_only_to_sender"
            if headline.reply_to == "thread_reply_to_sender"
            else "group_reply_to_group",
            "can_repost": False,
            "hashtags": tags,
            "poll_id": 0,
            "attachments": self._attachments(place, roll >> 12),
        }
