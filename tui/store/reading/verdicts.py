"""What the rules make of a topic or a message, and which rule (or key, or flag) said so.

The order: a topic hidden, muted or followed by key is as the key said (so that `follow`
by key beats a rule's `mute`); else the first rule of config.toml whose query matches
decides; else the service's own flags on its hashtags (a hashtag served `muted: true`
mutes the topics that carry it, one served `followed: true` follows them). Pure.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...query.judge import Facts
from ...query.rules import QUIET, Rule
from .records import UNMARKED, KeyMark

if TYPE_CHECKING:
    from ...api.models.messages import Message
    from ...api.models.topics import Topic

__all__ = ["NOTHING", "Rulebook", "Verdict", "message_facts", "topic_facts"]

KEYED = {"hide": "hidden by key", "mute": "muted by key", "follow": "followed by key"}


@dataclass(frozen=True, slots=True)
class Verdict:
    """What is done with a topic (None: nothing), and why, in words."""

    action: str | None = None
    why: str = ""
    served: bool = False  # said by the service's flags on a hashtag, no rule nor key

    @property
    def quiet(self) -> bool:
        """Whether its news never count (hidden or muted)."""
        return self.action in QUIET

    @property
    def hidden(self) -> bool:
        return self.action == "hide"


NOTHING = Verdict()


def topic_facts(topic: Topic, groups: Sequence[str] = ()) -> Facts:
    """What a rule may judge of a topic, by what its row knows (`groups`: its group's short
    name and title, as far as they are known)."""
    named = topic.group_subject_tag.strip().strip("[]")
    last = topic.most_recent_message or topic.updated or topic.created
    return Facts(
        topic.subject,
        topic.summary,
        topic.name,
        tuple(tag.name for tag in topic.hashtags if tag.name),
        tuple(name for name in (*groups, named) if name),
        last.timestamp() if last is not None else None,
        topic.has_attachments,
    )


def message_facts(message: Message, group: str = "") -> Facts:
    """What a rule may judge of a message: its own fields (its text is not known before
    it is converted: its snippet stands for it)."""
    return Facts(
        message.subject,
        message.snippet,
        message.name,
        tuple(tag.name for tag in message.hashtags if tag.name),
        (group,) if group else (),
        message.created.timestamp() if message.created is not None else None,
        bool(message.attachments),
    )


def served(topic: Topic) -> Verdict:
    """What the service's flags on a topic's hashtags say (following beats muting)."""
    followed = [tag.name for tag in topic.hashtags if tag.followed]
    if followed:
        return Verdict("follow", f"hashtag #{followed[0]}, followed on the service", True)
    muted = [tag.name for tag in topic.hashtags if tag.muted]
    if muted:
        return Verdict("mute", f"hashtag #{muted[0]}, muted on the service", True)
    return NOTHING


class Rulebook:
    """The rules in effect, judging facts (each verdict cached by what it was asked of)."""

    def __init__(self, rules: Sequence[Rule] = (), clock: Callable[[], float] = time.time):
        self.rules = tuple(rules)
        self.clock = clock
        self.follows = any(rule.action == "follow" for rule in self.rules)
        self.hides = any(rule.action == "hide" for rule in self.rules)

    def judge(self, facts: Facts, served: Verdict = NOTHING) -> Verdict:
        """The first rule's verdict on these facts, else the service's."""
        now = self.clock()
        for rule in self.rules:
            if rule.matches(facts, now):
                return Verdict(rule.action, f"rule: {rule.match} ({rule.source})")
        return served

    def of_topic(self, topic: Topic, groups: Sequence[str] = ()) -> Verdict:
        """A topic's verdict as its row will carry it (keys aside)."""
        if not self.rules and not any(tag.muted or tag.followed for tag in topic.hashtags):
            return NOTHING
        return self.judge(topic_facts(topic, groups), served(topic))


def with_key(ruled: Verdict, key: KeyMark | None) -> Verdict:
    """A verdict with a key's mark over it (a key undone leaves the rules' verdict)."""
    if key is None or not key.action:
        return ruled
    if key.action == UNMARKED:
        return NOTHING
    return Verdict(key.action, KEYED[key.action])
