"""The seven demo groups: who the demo user is in each, and how big each archive is."""

from __future__ import annotations

from dataclasses import dataclass

from .config import DemoConfig
from .hostile import CLEAR, OSC_TITLE

SITE = "https://demo.lurker.invalid"
# Topic ids: group number x 100,000,000 + index + 1 for the history; live topic j of group
# n is (LIVE_ID_GROUP + n) x 100,000,000 + j + 1, which no history id can reach.
TOPIC_ID_STEP = 100_000_000
LIVE_ID_GROUP = 10


@dataclass(frozen=True)
class GroupSpec:
    """The fixed description of one group, from which all its data is generated."""

    number: int  # 1..7: keys ids and seeds
    id: int
    name: str
    title: str
    desc: str
    topics: int
    role: str  # the demo user's role: "owner", "moderator" or "member"
    subs_count: int
    archives_visible: bool = True
    view_activity: bool = False
    api_disabled: bool = False
    parent_id: int = 0
    stickies: tuple[int, ...] = ()
    special_sizes: tuple[tuple[int, int], ...] = ()  # (topic index, messages)
    mean_thread: int = 5
    max_thread: int = 30
    span_days: int = 730
    quiet_minutes: int = 60  # time between the newest message and "now"
    activity_entries: int = 0
    activity_burst: int = 0  # extra entries, mostly sign-ups, on one afternoon (log_days)
    poster_count: int = 20
    hostile: bool = False
    live: bool = False  # new topics arrive after the anchor (live.py)

    @property
    def url(self) -> str:
        """The group's web address."""
        return f"{SITE}/g/{self.name}"

    @property
    def email_address(self) -> str:
        """The address posts are sent to."""
        return f"{self.name}@demo.lurker.invalid"


def build_groups(config: DemoConfig) -> tuple[GroupSpec, ...]:
    """The demo groups for a configuration, in the order getsubs lists them."""
    big = min(max(1, config.big_group_topics), 99_999_999)  # topic ids hold 8 digits
    return (
        GroupSpec(
            number=1,
            id=41101,
            name="lurker-dev",
            title="Lurker Developers",
            desc="<p>Development of <b>Lurker</b>, the terminal reader. Bugs, releases, "
            "questions.</p>",
            topics=400,
            role="owner",
            subs_count=64,
            view_activity=True,
            stickies=(0, 3),
            special_sizes=((0, 14),),
            mean_thread=6,
            span_days=730,
            quiet_minutes=47,
            activity_entries=max(1, config.activity_entries),
            activity_burst=min(90, config.activity_entries // 40),
            poster_count=40,
            live=True,
        ),
        GroupSpec(
            number=2,
            id=41102,
            name="parent",
            title="Parent Project",
            desc="<p>The parent project: announcements and general discussion.</p>",
            topics=120,
            role="member",
            subs_count=212,
            stickies=(1,),
            mean_thread=5,
            span_days=1460,
            quiet_minutes=300,
            poster_count=25,
        ),
        GroupSpec(
            number=3,
            id=41103,
            name="parent+child",
            title="Parent Project — Child group",
            desc="<p>A subgroup of <i>parent</i> for the working group.</p>",
            topics=40,
            role="moderator",
            subs_count=18,
            view_activity=True,
            activity_entries=600,
            parent_id=41102,
            mean_thread=4,
            span_days=1095,
            quiet_minutes=2900,
            poster_count=12,
        ),
        GroupSpec(
            number=4,
            id=41104,
            name="big-archive",
            title="Linux Audio Users",
            desc="<p>Questions and answers about audio on Linux: JACK, PipeWire, ALSA, "
            "plugins.</p>",
            topics=big,
            role="member",
            subs_count=3412,
            stickies=tuple(i for i in (2, 7, 11) if i < big),
            special_sizes=tuple((i, n) for i, n in ((7, 500), (11, 650)) if i < big),
            mean_thread=8,
            max_thread=120,
            span_days=6570,
            quiet_minutes=12,
            poster_count=60,
            live=True,
        ),
        GroupSpec(
            number=5,
            id=41105,
            name="private-archives",
            title="Board Room",
            desc="<p>Board discussions. Archives are visible to the board only.</p>",
            topics=60,
            role="member",
            subs_count=9,
            archives_visible=False,
            span_days=730,
            poster_count=8,
        ),
        GroupSpec(
            number=6,
            id=41106,
            name="no-api",
            title="Old Timers",
            desc="<p>The owner has switched off API access for this group.</p>",
            topics=30,
            role="member",
            subs_count=150,
            api_disabled=True,
            archives_visible=False,
            span_days=3650,
            quiet_minutes=1_051_200,
            poster_count=10,
        ),
        GroupSpec(
            number=7,
            id=41107,
            name="sandbox",
            # Invisible once cleaned: a title change and a screen clear in the group's name.
            title=f"Hostile Input Sandbox{OSC_TITLE}{CLEAR}",
            desc="<p>Test data that tries to break terminals: <script>alert(1)</script></p>",
            topics=8,
            role="moderator",
            subs_count=13,
            view_activity=True,
            mean_thread=3,
            span_days=60,
            quiet_minutes=180,
            activity_entries=40,
            poster_count=6,
            hostile=True,
        ),
    )
