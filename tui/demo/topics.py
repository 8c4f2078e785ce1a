"""Topics of one group, generated on demand from the seed and the topic's index."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import hostile, vocab
from .groups import LIVE_ID_GROUP, TOPIC_ID_STEP, GroupSpec
from .lru import BoundedCache
from .people import Person
from .records import profile_photo_url
from .seeding import mix, salted
from .stats import GenerationStats
from .timefmt import format_ns
from .timeline import Posted, Timeline

_ATTACHMENT_ODDS = int(0.07 * 2**64)


@dataclass(frozen=True)
class Headline:
    """What a topic list shows of a topic, and the opening paragraph of its first message."""

    subject: str
    lead: str
    poster: Person
    hashtags: tuple[int, ...]
    closed: bool
    reply_to: str


class Topics:
    """Topic objects of one group and the facts about them that other parts need."""

    def __init__(
        self,
        spec: GroupSpec,
        seed: int,
        timeline: Timeline,
        posters: tuple[Person, ...],
        hashtags: list[dict[str, Any]],
        stats: GenerationStats,
    ) -> None:
        self.spec = spec
        self.timeline = timeline
        self.posters = posters
        self.hashtags = hashtags
        self._poster_salt = mix(seed, spec.number, 3)
        self._attachment_salt = mix(seed, spec.number, 11)
        self._headline_salt = mix(seed, spec.number, 12)
        self._flag_salt = mix(seed, spec.number, 13)
        self._stats = stats
        self._hostile = hostile.topics() if spec.hostile else ()
        self._headlines: BoundedCache[Headline] = BoundedCache(8192)
        self._topics: BoundedCache[dict[str, Any]] = BoundedCache(4096)
        self._searches: BoundedCache[list[int]] = BoundedCache(32)

    def topic_id(self, topic: int) -> int:
        """The public id of the topic with this index (groups.py tells the scheme)."""
        if self.spec.hostile and topic == hostile.HUGE_TOPIC_INDEX:
            return hostile.HUGE_TOPIC_ID
        if topic >= self.spec.topics:
            live = topic - self.spec.topics
            return (LIVE_ID_GROUP + self.spec.number) * TOPIC_ID_STEP + live + 1
        return self.spec.number * TOPIC_ID_STEP + topic + 1

    def index_of_id(self, topic_id: int) -> int | None:
        """The index of the topic with this public id, if it belongs to this group (a live
        topic's index is given whether or not it has been posted yet)."""
        if self.spec.hostile and topic_id == hostile.HUGE_TOPIC_ID:
            return hostile.HUGE_TOPIC_INDEX
        number, rest = divmod(topic_id, TOPIC_ID_STEP)
        if number == self.spec.number and 0 <= rest - 1 < self.spec.topics:
            index = rest - 1
        elif self.spec.live and number == LIVE_ID_GROUP + self.spec.number and rest:
            index = self.spec.topics + rest - 1
        else:
            return None
        return index if self.topic_id(index) == topic_id else None

    def headline(self, topic: int) -> Headline:
        """Subject, opening text and starter of the topic."""
        return self._headlines.get(topic, lambda: self._make_headline(topic))

    def _picks(self, topic: int) -> tuple[int, int, int, int]:
        """Bank positions of the subject and the two lead sentences, and the poster's index."""
        noise = salted(self._headline_salt, topic)
        return (
            noise % len(vocab.subjects()),
            (noise >> 9) % len(vocab.sentences()),
            (noise >> 19) % len(vocab.sentences()),
            (noise >> 29) % len(self.posters),
        )

    def _make_headline(self, topic: int) -> Headline:
        noise = salted(self._flag_salt, topic)
        tags: tuple[int, ...] = ()
        if self.hashtags and noise % 100 < 35:
            count = len(self.hashtags)
            tags = tuple(sorted({(noise >> 7) % count, (noise >> 15) % count}))[: 1 + noise % 2]
        # A live topic still takes replies, so it is never closed.
        closed = (noise >> 24) % 100 < 3 and topic < self.spec.topics
        sender = (noise >> 31) % 100 < 5
        reply_to = "thread_reply_to_sender" if sender else "thread_reply_group_default"
        if self._hostile:
            spec = self._hostile[topic % len(self._hostile)]
            poster = hostile.PEOPLE[spec.poster]
            said = spec.subject
            if topic >= self.spec.topics:  # (live: only with --messages-in sandbox)
                said = f"{said} {hostile.SHELL}"
            return Headline(said, spec.summary, poster, tags, closed, reply_to)
        subject, first, second, poster_index = self._picks(topic)
        lead = f"{vocab.sentences()[first]} {vocab.sentences()[second]}"
        poster = self.posters[poster_index]
        return Headline(vocab.subjects()[subject], lead, poster, tags, closed, reply_to)

    def poster(self, message: int, topic: int, first: int | None = None) -> Person:
        """Who wrote the group's message with this index; first is the topic's first message."""
        if first is None:
            first = self.timeline.first_message(topic)
        if message == first:
            return self.headline(topic).poster
        pool = hostile.PEOPLE if self._hostile else self.posters
        return pool[salted(self._poster_salt, message) % len(pool)]

    def message_has_attachments(self, message: int) -> bool:
        """Whether the group's message with this index carries attachments."""
        return salted(self._attachment_salt, message) < _ATTACHMENT_ODDS

    def is_sticky(self, topic: int) -> bool:
        """Whether the topic is pinned to the top of the list."""
        return topic in self.spec.stickies

    def topic(self, topic: int, posted: Posted) -> dict[str, Any]:
        """The topic object as it stands at the posted moment, as gettopics and gettopic
        return it."""
        if topic < self.spec.topics:
            return self._topics.get(topic, lambda: self._make_topic(topic, posted))
        # A live topic grows: its object depends on how many messages it has so far.
        key = (topic, posted.size(topic))
        return self._topics.get(key, lambda: self._make_topic(topic, posted))

    def _make_topic(self, topic: int, posted: Posted) -> dict[str, Any]:
        self._stats.topics += 1
        headline = self.headline(topic)
        first = self.timeline.first_message(topic)
        size = posted.size(topic)
        last_ns = posted.last_ns(topic)
        summary = " ".join(headline.lead.split())
        if len(summary) > 120:
            summary = summary[:117].rsplit(" ", 1)[0] + "..."
        return {
            "id": self.topic_id(topic),
            "object": "topic",
            "created": format_ns(self.timeline.message_ns(first)),
            "updated": format_ns(last_ns),
            "group_id": self.spec.id,
            "group_subject_tag": f"[{self.spec.name}]",
            "subject": headline.subject,
            "summary": summary,
            "name": headline.poster.full_name,
            "profile_photo_url": profile_photo_url(headline.poster),
            "num_messages": size,
            "is_sticky": self.is_sticky(topic),
            "is_moderated": False,
            "is_closed": headline.closed,
            "has_attachments": any(
                self.message_has_attachments(m) for m in range(first, first + size)
            ),
            "reply_to": headline.reply_to,
            "most_recent_message": format_ns(last_ns),
            "hashtags": [self.hashtags[i] for i in headline.hashtags] or None,
        }

    def matches(self, query: str, posted: Posted) -> list[int]:
        """Indexes (ascending) of topics posted by the moment whose subject, summary or
        starter contain the query."""
        needle = query.casefold()
        first_live = self.spec.topics
        history = self._searches.get(needle, lambda: self._search(needle, range(first_live)))
        if posted.topics <= first_live:
            return history
        live = range(first_live, posted.topics)
        return history + self._searches.get(
            (needle, posted.topics), lambda: self._search(needle, live)
        )

    def _search(self, needle: str, indexes: range) -> list[int]:
        if self._hostile:
            found = []
            for topic in indexes:
                headline = self.headline(topic)
                haystack = f"{headline.subject}\n{headline.lead}\n{headline.poster.full_name}"
                if needle in haystack.casefold():
                    found.append(topic)
            return found
        # Match the banks once, then each topic by the bank positions it picked.
        subjects = {i for i, text in enumerate(vocab.subjects()) if needle in text.casefold()}
        sentences = {i for i, text in enumerate(vocab.sentences()) if needle in text.casefold()}
        posters = {i for i, who in enumerate(self.posters) if needle in who.full_name.casefold()}
        return [
            topic
            for topic in indexes
            for subject, first, second, poster in [self._picks(topic)]
            if subject in subjects or first in sentences or second in sentences or poster in posters
        ]
