"""Rules on the topic list and in a thread: the keys that hide, mute or follow the topic in
hand (each again undoes it), the key that shows the topics rules hide, and what each mark
says, in a letter and in words (never by colour or dimness alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from ..api.deferred import DeferredPage, item_id
from ..render.safety import clean
from ..store.reading.records import UNMARKED
from ..widgets.feed import PendingRows
from .topic_rows import MARKS, TopicRow

if TYPE_CHECKING:
    from ..api.models.page import Page
    from ..api.models.topics import Topic
    from .topic_base import TopicListBase

RULE_LEGEND = "F followed · Z muted · X hidden · ! highlighted · ~ dimmed"

TOPIC_KEYS = [
    Binding("F", "follow_topic", "Follow", show=False, id="follow_topic",
            tooltip="Follow the topic: its news first, and what lurker watch tells (F undoes)"),
    Binding("z", "mute_topic", "Mute", show=False, id="mute_topic",
            tooltip="Mute the topic: its news never count (z undoes)"),
    Binding("x", "hide_topic", "Hide", show=False, id="hide_topic",
            tooltip="Hide the topic: it leaves the lists (x undoes)"),
]  # fmt: skip
SHOW_HIDDEN = Binding(
    "H",
    "show_hidden",
    "Show hidden",
    show=False,
    id="show_hidden",
    tooltip="Show the topics rules hide, for the moment (H again hides them)",
)

_DONE = {
    "follow": "Followed: its news come first, and lurker watch tells them (F undoes).",
    "mute": "Muted: its news no longer count as new (z undoes).",
    "hide": "Hidden: it leaves the lists when they load again (x undoes).",
}
_UNDONE = {
    "follow": "No longer followed.",
    "mute": "No longer muted.",
    "hide": "No longer hidden.",
}


def toggled(current: str | None, wanted: str, ruled: str | None) -> str:
    """The key's mark after pressing the key for `wanted` on a topic the rules (or the
    service) make `ruled`: `wanted`, or undone: "" gives the topic back to the rules,
    `UNMARKED` undoes theirs (z on a topic the service mutes said "No longer muted." and
    left it muted)."""
    if current == wanted:
        return UNMARKED if ruled == wanted else ""
    return "" if ruled == wanted else wanted


def key_said(action: str, wanted: str, subject: str, ruled: str | None, why: str) -> str:
    """What pressing the key for `wanted` says, once it made the key's mark `action`."""
    subject = clean(subject)
    if action == wanted:
        return f"{subject}: {_DONE[action]}"
    if action == UNMARKED:  # (the rules' or the service's mark, undone here)
        key = UNDO_KEYS[wanted]
        return f"{subject}: {_UNDONE[wanted][:-1]} here ({clean(why)}; {key} undoes)."
    if ruled == wanted:
        return f"{subject}: {_AGAIN[wanted]} ({clean(why)})."
    undone = _UNDONE.get(wanted, "Mark undone.")
    if ruled in MARKS:  # (back to what a rule or the service makes of it: said)
        return f"{subject}: {undone[:-1]}; {MARKS[ruled][1]} ({clean(why)})."
    return f"{subject}: {undone}"


def hidden_note(count: int, by_key: int, shown: bool) -> str:
    """The title's note of the topics hidden here, `by_key` of them by key, the rest by
    rules (the service hides none: its hashtags' flags only mute or follow)."""
    if not count:
        return ""
    if by_key == count:
        who = "by key"
    elif by_key:
        who = f"by rules, {by_key:,} by key"
    else:
        who = "by rules"
    if shown:
        return f"{count:,} hidden {who}, shown (H hides)"
    return f"{count:,} hidden {who} (H shows)"


def rule_note(subject: str, action: str | None, why: str, keyed: bool) -> str:
    """What `?` says of the topic in hand: which rule (or key, or flag) acted on it."""
    if not action:
        return ""
    word = MARKS[action][1]
    reason = "by key" if keyed else why
    return f"This topic, “{clean(subject)}”: {word} ({reason})."


def rows_of(
    screen: TopicListBase, page: Page[Topic] | DeferredPage[Page[Topic]] | None
) -> list[TopicRow] | PendingRows[TopicRow]:
    """A page's topics as rows, each with the rules' verdict; those hidden left out
    (and counted), unless shown for the moment (H). A deferred page's rows are made when
    first looked at, where no rule can hide a topic (which to leave out is then known by
    the keys alone)."""
    if page is None:
        return []
    if isinstance(page, DeferredPage):
        if not screen.news.reading.rulebook.hides:
            return _pending_rows(screen, page)
        page = page.validated()
    rows = []
    for topic in page.data:
        row = _row(screen, topic)
        if screen.news.state.action(str(row.id), row.ruled) == "hide":
            screen.hidden += 1
            key = screen.news.state.key_mark(str(row.id))
            screen.hidden_by_key += key is not None and key.action == "hide"
            if not screen._show_hidden:
                continue
        rows.append(row)
    return rows


def _pending_rows(screen: TopicListBase, page: DeferredPage[Page[Topic]]) -> PendingRows[TopicRow]:
    """The rows of a page whose topics are validated when one is first looked at; those
    hidden by key are left out (and counted) now, by their ids as sent."""
    state, items = screen.news.state, page.data
    shown = list(range(len(items)))
    if state.keyed:  # (most readers have marked no topic by key)
        keyed = [state.action(str(item_id(item)), None) == "hide" for item in items]
        screen.hidden += sum(keyed)
        screen.hidden_by_key += sum(keyed)
        if not screen._show_hidden:
            shown = [at for at in shown if not keyed[at]]

    def make() -> list[TopicRow]:
        topics = page.validated().data
        return [_row(screen, topics[at]) for at in shown]

    return PendingRows(len(shown), make)


def _row(screen: TopicListBase, topic: Topic) -> TopicRow:
    verdict = screen.news.reading.rulebook.of_topic(topic, _names_of(screen, topic))
    row = TopicRow.of(topic, verdict.action, verdict.why, verdict.served)
    screen.saw(row)
    if screen.action_of(row):  # (a key's mark too)
        screen.show_marks()
    return row


UNDO_KEYS = {"follow": "F", "mute": "z", "hide": "x"}  # (each key marks and undoes)
_AGAIN = {"follow": "Followed again", "mute": "Muted again", "hide": "Hidden again"}


def _names_of(screen: TopicListBase, topic: Topic) -> tuple[str, ...]:
    """The names of a topic's group that `group:` may use."""
    group = screen.group or screen.groups.get(str(topic.group_id))
    if group is None:
        return (screen.group_name,) if screen.group_name else ()
    return (group.group_name, group.display_name)


def key_mark(screen: TopicListBase, wanted: str) -> None:
    row = screen.paged_list.highlighted_row
    if row is None:
        return
    current = screen.action_of(row)
    action = toggled(current, wanted, row.ruled)
    screen.news.mark_by_key(str(row.id), str(row.group_id), action)
    screen.show_marks()
    screen.notify(key_said(action, wanted, row.subject, row.ruled, row.why), markup=False)


def show_hidden(screen: TopicListBase) -> None:
    """Show the topics the rules hide, for the moment (again: hide them)."""
    if not screen.hidden and not screen._show_hidden:
        screen.notify("No topic here is hidden by a rule or a key.", markup=False)
        return
    screen._show_hidden = not screen._show_hidden
    screen.restart(keep=True)


def row_rule_note(screen: TopicListBase) -> str:
    """What `?` says of the highlighted topic: which rule acted on it, if one did."""
    row = screen.paged_list.highlighted_row
    if row is None:
        return ""
    key = screen.news.state.key_mark(str(row.id))
    if key is not None and key.action == UNMARKED and row.ruled in MARKS:
        word = MARKS[row.ruled][1]
        why = f"{clean(row.why)}; undone by key"
        return f"This topic, “{clean(row.subject)}”: not {word} here ({why})."
    keyed = key is not None and bool(key.action)
    return rule_note(row.subject, screen.action_of(row), row.why, keyed)
