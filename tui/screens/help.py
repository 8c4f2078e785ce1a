"""`?`: the keys of the screen in front, grouped, in the keys in effect (after [keys])."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from .keymap import ACTIONS

_PACKAGE = __name__.split(".")[0]

# Which part of the help each binding id is listed in; the rest go in "On this screen".
MOVE = ("up", "down", "page_up", "page_down", "first", "last", "next", "previous")
LEAVE = ("back", "leave", "stop_loading")
ANYWHERE = ("help", "quit", "search_all")
HERE = "On this screen"
# Listed even while switched off: the key is worth knowing before it is needed.
SHOWN_WHEN_OFF = ("reload",)

Entry = tuple[str, str, str]  # (section, keys as shown, what it does)
CLOSES = "Esc, ? or q closes this"
SCROLLS = "↓ j ↑ k PgDn PgUp: more keys"

TITLES = {
    "GroupsScreen": "the group list",
    "TopicsScreen": "a topic list",
    "ThreadScreen": "a thread",
    "ActivityScreen": "an activity log",
    "SearchScreen": "the search",
}


def help_title(screen: Screen[Any]) -> str:
    """What the help is about: "a thread"."""
    return TITLES.get(type(screen).__name__, "this screen")


def _own_bindings(node: DOMNode) -> list[Binding]:
    """The bindings Lurker's own classes give `node` (not Textual's scrolling and focus keys)."""
    found: list[Binding] = []
    for cls in reversed(type(node).__mro__):
        if cls.__module__.split(".")[0] == _PACKAGE and "BINDINGS" in cls.__dict__:
            declared: list[BindingType] = cls.__dict__["BINDINGS"]
            found.extend(binding for binding in declared if isinstance(binding, Binding))
    return found


def screen_keys(app: App[Any], screen: Screen[Any], keymap: Mapping[str, str]) -> list[Entry]:
    """Every key of `screen`, its widgets and the app, with `keymap` applied, in the order
    of the catalogue: one entry per binding id (the screen's own meaning first)."""
    nodes: list[DOMNode] = [screen, *screen.walk_children(), app]
    entries: dict[str, tuple[list[str], str]] = {}
    for node in nodes:
        bindings = _own_bindings(node)
        if not bindings:
            continue
        mapped = BindingsMap(bindings)
        mapped.apply_keymap(keymap)
        for key, binding in mapped:
            if _off(node, binding):
                continue  # (N through what a search found, in a thread it did not open)
            name = binding.id or f"{binding.action}:{binding.description}"
            keys, _text = entries.setdefault(name, ([], binding.tooltip or binding.description))
            shown = app.get_key_display(binding)
            if shown not in keys and not _shifted_duplicate(key, mapped):
                keys.append(shown)
    order = {name: index for index, name in enumerate(ACTIONS)}
    ranked = sorted(entries, key=lambda name: order.get(name, len(order)))
    return [(_section(name), " ".join(entries[name][0]), entries[name][1]) for name in ranked]


def _off(node: DOMNode, binding: Binding) -> bool:
    """Whether the binding is switched off where it is and not listed then (its node's
    `check_action` says False; None, shown but not now, still counts as on)."""
    if binding.id in SHOWN_WHEN_OFF:
        return False
    action = binding.action.removeprefix("app.")
    return node.check_action(action, ()) is False


def _shifted_duplicate(key: str, mapped: BindingsMap) -> bool:
    """`shift+g` beside `G`: the same key, shown once."""
    return key.startswith("shift+") and key[6:].upper() in mapped.key_to_bindings


def _section(name: str) -> str:
    if name in MOVE:
        return "Move"
    if name in LEAVE:
        return "Leave"
    if name in ANYWHERE:
        return "Anywhere"
    return HERE


def _table(title: str, entries: Iterable[Entry]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    table.title = Text(title, style="bold underline")
    table.title_justify = "left"
    for _section_name, keys, text in entries:
        table.add_row(Text(keys), Text(text))
    return table


class HelpScreen(ModalScreen[None]):
    """The keys of one screen, in four groups; Esc, `?` or `q` closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background 60%; }
    #help-dialog {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    #help-title { text-style: bold; dock: top; }
    #help-note { margin-top: 1; }
    #help-body { height: auto; max-height: 1fr; }
    #help-columns { height: auto; }
    #help-columns > Vertical { width: 1fr; height: auto; padding-right: 2; }
    .help-section { margin-top: 1; }
    #help-foot {
        dock: bottom; height: auto; max-width: 50%; padding-right: 2; margin-top: 1;
        color: $text-muted;
    }
    #help-more { visibility: hidden; }
    """
    # The last lines stay in the box's left half, two columns clear of its middle: Textual
    # puts a toast ("Marked read.") at the bottom right, at most half the screen wide, and
    # it covered their end. Both lines take their room from the first layout, the first
    # hidden while nothing scrolls: showing it later moves nothing.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close"),
        Binding("question_mark", "close", "Close", id="help"),  # the key that opened it
        Binding("j", "line(1)", "Down", show=False),  # (↓ and PgDn scroll it as Textual's)
        Binding("k", "line(-1)", "Up", show=False),
    ]

    def __init__(self, title: str, entries: list[Entry], palette_key: str, note: str = "") -> None:
        """`note`: what the screen says of the row in hand (which rule acted on it)."""
        super().__init__()
        self._title = title
        self._entries = entries
        self._palette_key = palette_key
        self._note = note

    def compose(self) -> ComposeResult:
        anywhere = [entry for entry in self._entries if entry[0] == "Anywhere"]
        anywhere.insert(1, ("Anywhere", self._palette_key, "Palette: actions, themes, groups"))
        left = [("Move", self._in("Move")), ("Leave", self._in("Leave"))]
        right = [(HERE, self._in(HERE)), ("Anywhere", anywhere)]
        with Vertical(id="help-dialog"):
            yield Static(Text(f"Keys · {self._title}"), id="help-title")
            if self._note:
                yield Static(Text(self._note), id="help-note")
            with VerticalScroll(id="help-body"), Horizontal(id="help-columns"):
                for column in (left, right):
                    with Vertical():
                        for title, entries in column:
                            if entries:
                                yield Static(_table(title, entries), classes="help-section")
            with Vertical(id="help-foot"):
                yield Static(SCROLLS, id="help-more", markup=False)
                yield Static(CLOSES, id="help-close", markup=False)

    def on_mount(self) -> None:
        body = self.query_one("#help-body", VerticalScroll)
        self.watch(body, "show_vertical_scrollbar", self._say_if_it_scrolls)

    def _say_if_it_scrolls(self, scrolls: bool) -> None:
        """On a small terminal the keys scroll: the line above the last says so (a screen
        reader has no scroll bar to see). The body's layout decides, whenever it changes."""
        self.query_one("#help-more", Static).visible = scrolls

    def action_line(self, step: int) -> None:
        """Scroll the keys a line."""
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=step, animate=False)

    def _in(self, section: str) -> list[Entry]:
        return [entry for entry in self._entries if entry[0] == section]

    def action_close(self) -> None:
        """Back to the screen the help is about."""
        self.dismiss()
