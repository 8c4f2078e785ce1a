"""A group's activity log: entries generated on demand, newest ids highest.

Entries 1..N are history spread over the past, up to the anchor, day by day as
`log_days` shapes it (quiet weekends, busy days, a burst of sign-ups in lurker-dev); in a
live group, entry N+k appears k * live_activity_every seconds after the anchor (the burst
of `news` aside), which gives follow mode something new to show; a pace other than the
usual hour applies from the service's start only, the days before keeping an hour's.
Message entries among the live ones name the newest live topic, when there is one.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from .groups import SITE, GroupSpec
from .log_days import Burst, LogDays
from .lru import BoundedCache
from .people import Person, past_member
from .records import member_info_id
from .schedule import Evenly, FromStart, LivePlan, Regular, schedule_of
from .seeding import mix, salted
from .stats import GenerationStats
from .timefmt import format_ns
from .topics import Topics

CATEGORIES: dict[str, tuple[str, ...]] = {
    "member": (
        "subscribed",
        "accepted_invitation",
        "added_member",
        "approved_member",
        "unsubscribed",
        "removed_member",
        "ban_members",
        "expired_member",
        "made_moderator",
    ),
    "message": ("approved_message", "rejected_message", "deleted_message", "locked_topic"),
    "mod": (
        "created_group",
        "edited_settings",
        "created_subgroup",
        "deleted_subgroup",
        "created_hashtag",
    ),
    "pay": ("payment_received", "payment_failed"),
}
ACTIONS = frozenset(action for actions in CATEGORIES.values() for action in actions)
_LEAVING = frozenset({"unsubscribed", "removed_member", "ban_members", "expired_member"})
_ROBOT = frozenset({"expired_member", "payment_received", "payment_failed"})
# Relative frequency of each action after the first entry.
_WEIGHTS = (
    ("subscribed", 30),
    ("accepted_invitation", 6),
    ("added_member", 6),
    ("approved_member", 8),
    ("unsubscribed", 10),
    ("removed_member", 2),
    ("ban_members", 1),
    ("expired_member", 2),
    ("made_moderator", 1),
    ("approved_message", 14),
    ("rejected_message", 3),
    ("deleted_message", 2),
    ("locked_topic", 2),
    ("edited_settings", 3),
    ("created_subgroup", 1),
    ("deleted_subgroup", 1),
    ("created_hashtag", 1),
    ("payment_received", 4),
    ("payment_failed", 1),
)
_WHEEL = tuple(action for action, weight in _WEIGHTS for _ in range(weight))
_ACTION_LIST = tuple(sorted(ACTIONS))
_CODES = {action: code for code, action in enumerate(_ACTION_LIST)}
_PAST_MEMBERS = 200
USUAL_EVERY = 3600.0  # seconds between live entries from the anchor, unless asked otherwise
BURST_DAYS_BEFORE = 6  # the burst is on the day six days before the anchor's
_MEMBER_ACTIONS = frozenset(CATEGORIES["member"])
# Entries that only name the moderator who acted: they are about that moderator.
_BY_MODERATORS = frozenset(CATEGORIES["message"] + CATEGORIES["mod"])


def _live_pace(plan: LivePlan, salt: int) -> Regular | None:
    """When live entries come: `activity_every` apart, but from the service's start only
    when that is not the usual pace (the days since the anchor keep the usual one)."""
    every = plan.activity_every
    if every is None:
        return None
    if every == USUAL_EVERY or plan.start_ns <= plan.anchor_ns:
        return Evenly(plan.anchor_ns, every, salt)
    return FromStart(plan.anchor_ns, plan.start_ns, USUAL_EVERY, every, salt)


@dataclass(frozen=True)
class Filters:
    """Restrictions that need a scan of the entries (dates are handled by bisection)."""

    actions: frozenset[str] | None = None
    member_info_id: int | None = None
    past_member_info_id: int | None = None

    @property
    def empty(self) -> bool:
        """Whether nothing is restricted."""
        return self == Filters()


class ActivityLog:
    """The activity log of one group."""

    def __init__(
        self,
        spec: GroupSpec,
        seed: int,
        plan: LivePlan,
        topics: Topics,
        stats: GenerationStats,
    ) -> None:
        self.spec = spec
        self._salt = mix(seed, spec.number, 30)
        self._now_ns = plan.anchor_ns
        self._topics = topics
        self._members = topics.posters
        self._stats = stats
        self.history = spec.activity_entries
        burst = Burst(BURST_DAYS_BEFORE, spec.activity_burst) if spec.activity_burst else None
        self._days = LogDays(self._salt, self.history, spec.span_days, plan.anchor_ns, burst)
        self._burst = self._days.burst or (0, -1)
        regular = _live_pace(plan, self._salt)
        last = self.created_ns(self.history) if self.history else plan.anchor_ns - 1
        self._live = schedule_of(regular, plan.start_ns, plan.news_entries, last)
        self._scans: BoundedCache[list[int]] = BoundedCache(32)
        self._codes: bytes | None = None

    def created_ns(self, number: int) -> int:
        """When entry number (1-based) happened; grows with the number."""
        if number > self.history:
            assert self._live is not None
            return self._live.time(number - self.history - 1)
        return self._days.created_ns(number)

    def visible(self, current_ns: int) -> int:
        """How many entries exist at the given time."""
        if self._live is None:
            return self.history
        return self.history + self._live.count_by(current_ns)

    def action(self, number: int) -> str:
        """The action the entry records."""
        if number == 1:
            return "created_group"
        first, last = self._burst
        if first <= number <= last and salted(self._salt, number) % 10:
            return "subscribed"  # the burst: sign-ups from a link somewhere
        return _WHEEL[(salted(self._salt, number) >> 8) % len(_WHEEL)]

    def _subject_key(self, number: int) -> tuple[bool, int]:
        """Whom the entry is about: (True, past member number) or (False, member index)."""
        action = self.action(number)
        roll = salted(self._salt, number) >> 20
        if action in _LEAVING or (action in _MEMBER_ACTIONS and roll % 5 == 0):
            return True, roll % _PAST_MEMBERS
        if action == "created_group":
            return False, 0
        if action in _BY_MODERATORS:
            return False, number % 3 % len(self._members)
        return False, roll % len(self._members)

    def subject(self, number: int) -> tuple[Person, bool]:
        """Whom the entry is about, and whether that person has since left the group."""
        past, index = self._subject_key(number)
        return (past_member(index), True) if past else (self._members[index], False)

    def _actor(self, number: int) -> Person:
        """The moderator who did what the entry records."""
        return self._members[number % 3 % len(self._members)]

    def past_member_info_id(self, number: int) -> int:
        """The id the record of past member number keeps in the log."""
        return self.spec.id * 100_000 + 90_001 + number

    def _wanted_subjects(self, filters: Filters) -> set[tuple[bool, int]] | None:
        """The subject keys the member filters let through; None lets everyone through."""
        wanted: set[tuple[bool, int]] | None = None
        if filters.member_info_id is not None:
            wanted = {
                (False, index)
                for index, person in enumerate(self._members)
                if member_info_id(self.spec, person) == filters.member_info_id
            }
        if filters.past_member_info_id is not None:
            past = {
                (True, number)
                for number in range(_PAST_MEMBERS)
                if self.past_member_info_id(number) == filters.past_member_info_id
            }
            wanted = past if wanted is None else wanted & past
        return wanted

    def _history_codes(self) -> bytes:
        """The action code of every history entry, computed once for fast filtering."""
        if self._codes is None:
            self._codes = bytes(_CODES[self.action(n)] for n in range(1, self.history + 1))
        return self._codes

    def _scan(self, numbers: Sequence[int], filters: Filters) -> list[int]:
        wanted = self._wanted_subjects(filters)
        if filters.actions is not None:
            numbers = [n for n in numbers if self.action(n) in filters.actions]
        if wanted is None:
            return list(numbers)
        return [n for n in numbers if self._subject_key(n) in wanted]

    def _scan_history(self, filters: Filters) -> list[int]:
        numbers: Sequence[int] = range(1, self.history + 1)
        if filters.actions is not None:
            codes, wanted = self._history_codes(), {_CODES[action] for action in filters.actions}
            numbers = [n for n, code in enumerate(codes, 1) if code in wanted]
        return self._scan(numbers, replace(filters, actions=None))

    def select(
        self, current_ns: int, filters: Filters, since_ns: int | None, until_ns: int | None
    ) -> Sequence[int]:
        """Entry numbers (ascending) visible now that pass the filters and the date range."""
        count = self.visible(current_ns)
        numbers: Sequence[int] = range(1, count + 1)
        if not filters.empty:
            history = self._scans.get(filters, lambda: self._scan_history(filters))
            live = self._scan(range(self.history + 1, count + 1), filters)
            numbers = history + live
        low = 0 if since_ns is None else bisect_left(numbers, since_ns, key=self.created_ns)
        high = len(numbers)
        if until_ns is not None:
            high = bisect_right(numbers, until_ns, key=self.created_ns)
        return numbers[low:high]

    def _who(self, person: Person) -> str:
        return (
            f'<a href="{SITE}/g/{escape(self.spec.name)}/memberbyuid/{person.user_id}">'
            f"{escape(person.full_name)} &lt;{escape(person.email)}&gt;</a>"
        )

    def _topic_link(self, number: int) -> str:
        topic = (salted(self._salt, number) >> 28) % self.spec.topics
        if number > self.history:  # a live entry is about the newest live topic, if any
            newest = self._topics.timeline.posted(self.created_ns(number)).topics - 1
            if newest >= self.spec.topics:
                topic = newest
        subject = self._topics.headline(topic).subject
        url = f"{SITE}/g/{escape(self.spec.name)}/topic/{self._topics.topic_id(topic)}"
        return f'<a href="{url}">{escape(subject)}</a>'

    def _text(self, number: int) -> str:
        action = self.action(number)
        person, _ = self.subject(number)
        who, actor = self._who(person), self._who(self._actor(number))
        if action in CATEGORIES["message"]:
            verb = action.split("_")[0]
            noun = "topic" if action == "locked_topic" else "message"
            return f"{actor} {verb} the {noun} {self._topic_link(number)}."
        subgroup = f'<a href="{self.spec.url}+wg">{escape(self.spec.name)}+wg</a>'
        texts = {
            "subscribed": f"{who} subscribed.",
            "accepted_invitation": f"{who} accepted invitation.",
            "added_member": f"{actor} added {who}.",
            "approved_member": f"{actor} approved {who}'s membership.",
            "unsubscribed": f"{who} unsubscribed.",
            "removed_member": f"{actor} removed {who}.",
            "ban_members": f"{actor} banned {who}.",
            "expired_member": f"{who}'s membership expired.",
            "made_moderator": f"{actor} made {who} a moderator.",
            "created_group": f"{who} created the group.",
            "edited_settings": f"{actor} changed the group settings.",
            "created_subgroup": f"{actor} created the subgroup {subgroup}.",
            "deleted_subgroup": f"{actor} deleted the subgroup {subgroup}.",
            "created_hashtag": f"{actor} created a hashtag.",
            "payment_received": f"Received a payment of $5.00 from {who}.",
            "payment_failed": f"A payment from {who} failed.",
        }
        return texts[action]

    def entry(self, number: int) -> dict[str, Any]:
        """The activity_log object of the entry."""
        self._stats.activity_entries += 1
        action = self.action(number)
        robot = action in _ROBOT or (salted(self._salt, number) >> 36) % 10 < 3
        return {
            "id": self.spec.id * 10_000_000 + number,
            "object": "activity_log",
            "created": format_ns(self.created_ns(number)),
            "group_id": self.spec.id,
            "entry": self._text(number),
            "via": "via_robot" if robot else "",
        }
