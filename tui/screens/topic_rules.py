"""Rules on the topic list and in a thread: the keys that hide, mute or follow the topic in
hand (each again undoes it), the key that shows the topics rules hide, and what each mark
says, in a letter and in words (never by colour or dimness alone)."""

from __future__ import annotations

from textual.binding import Binding

from ..render.safety import clean

# The letter before a topic's subject, and the word a screen reader says.
MARKS = {
    "follow": ("F", "followed"),
    "mute": ("Z", "muted"),
    "hide": ("X", "hidden"),
    "highlight": ("!", "highlighted"),
    "dim": ("~", "dimmed"),
}
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


def toggled(current: str | None, wanted: str) -> str:
    """The key's mark after pressing the key for `wanted` ("": undone)."""
    return "" if current == wanted else wanted


def said(action: str, subject: str) -> str:
    """What pressing a key for `action` ("": undone, `was` it) says."""
    return f"{clean(subject)}: {_DONE[action]}" if action else ""


def undone(was: str, subject: str) -> str:
    """What undoing `was` says."""
    return f"{clean(subject)}: {_UNDONE.get(was, 'Mark undone.')}"


def hidden_note(count: int, shown: bool) -> str:
    """The title's note of the topics rules hide here."""
    if not count:
        return ""
    if shown:
        return f"{count:,} hidden by rules, shown (H hides)"
    return f"{count:,} hidden by rules (H shows)"


def rule_note(subject: str, action: str | None, why: str, keyed: bool) -> str:
    """What `?` says of the topic in hand: which rule (or key, or flag) acted on it."""
    if not action:
        return ""
    word = MARKS[action][1]
    reason = "by key" if keyed else why
    return f"This topic, “{clean(subject)}”: {word} ({reason})."
