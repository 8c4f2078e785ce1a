"""LurkerApp: owns the one client, moves between screens, and holds the global keys."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar
from urllib.parse import urlsplit

from textual import on
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.dom import DOMNode
from textual.markup import escape
from textual.screen import Screen

from . import memory
from .api.client import ServiceClient
from .api.library import Library
from .api.models.memberships import Membership
from .config.account import AccountSession
from .config.settings import DEMO_HINT, Settings
from .news import News, open_reading
from .render.safety import clean
from .screens.groups import GroupsScreen
from .screens.navigation import (
    ActivityOpened,
    GroupOpened,
    NoUnreadLeft,
    ThreadRead,
    TopicOpened,
)
from .state import load_state, save_state
from .store.library import StoredLibrary
from .stylesheets import STYLES
from .widgets.feed import PageFailed, PageLoaded

if TYPE_CHECKING:
    from .screens.topic_rows import TopicRow


class LurkerApp(App[None]):
    """The reader: group list → topic list → thread, plus a group's activity log."""

    TITLE = "Lurker"
    CSS_PATH = STYLES / "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            priority=True,
            show=False,
            id="quit",
            tooltip="Quit, from any screen",
        ),
        Binding("question_mark", "help", "Keys", id="help", tooltip="These keys"),
    ]

    def __init__(
        self, settings: Settings, client: ServiceClient, session: AccountSession | None = None
    ) -> None:
        super().__init__()
        self.settings = settings
        self.client = client
        self.session = session
        reading = open_reading(settings, client, session)
        store = reading.store
        self.library = StoredLibrary(client, store) if store is not None else Library(client)
        self.news = News(self, reading)
        self.keymap: dict[str, str] = {}  # binding id → keys, from config.toml's [keys]
        if settings.keys:
            from .screens.keymap import checked_keymap  # SettingsError says what is wrong

            self.keymap = checked_keymap(settings.keys, settings.config_path)
            self.set_keymap(self.keymap)
        state = load_state()
        if state.get("theme") in self.available_themes:
            self.theme = state["theme"]

    def _must_sign_in(self) -> bool:
        return self.session is not None and not self.session.signed_in

    def get_default_screen(self) -> Screen[Any]:
        # The group list is the first screen itself, not pushed over a blank one: that
        # would draw the screen twice before the first paint with data.
        banner = DEMO_HINT if self.settings.demo else ""
        load = not self._must_sign_in()
        return GroupsScreen(
            self.library, self.news, banner=banner, load=load, account=self.account()
        )

    def account(self) -> str:
        """Whose groups, from where: "demo data", or "ana@example.com at groups.io"."""
        if self.settings.demo:
            return "demo data"
        host = urlsplit(self.settings.origin).hostname or self.settings.origin
        email = self.session.email if self.session is not None else ""
        return f"{email} at {host}" if email else f"{host} (profile {self.settings.profile})"

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, lambda theme: save_state(theme=theme.name))
        self.news.start()
        session = self.session
        if session is not None and self._must_sign_in():
            # Imported on first use: the demo and a saved sign-in never show it.
            from .screens.login import LoginScreen

            login = LoginScreen.for_session(session, can_cancel=False)
            self.push_screen(login, lambda _signed_in: self._open_start_screens())
        else:
            self._open_start_screens()

    def _open_start_screens(self) -> None:
        groups = self.screen_stack[0]
        if isinstance(groups, GroupsScreen):
            if groups.account != self.account():  # the sign-in told who
                groups.show_account(self.account())
            groups.load()
        if self.settings.group:
            self._push_topics(None, group_name=self.settings.group)
        if self.settings.topic:
            self._push_thread(self.settings.topic)

    def _push_topics(
        self, group: Membership | None, group_name: str = "", *, seek_unread: bool = False
    ) -> None:
        # Imported on first use: the group list is all a start needs.
        from .screens.topics import TopicsScreen

        screen = TopicsScreen(
            self.library, self.news, group, group_name=group_name, seek_unread=seek_unread
        )
        self.push_screen(screen)

    def on_ready(self) -> None:
        memory.settle()  # the first frame is drawn: start-up's objects are here to stay

    @on(PageLoaded)
    def _page_loaded(self) -> None:
        memory.settle()  # what a page brought stays while its screen is open

    @on(PageFailed)
    def _sign_in_lost(self, event: PageFailed) -> None:
        session = self.session
        if session is None or not session.lost(event.error):
            return
        from .screens.login import LoginScreen

        if isinstance(self.screen, LoginScreen):
            return  # already asking; that sign-in will serve this screen too
        session.sign_in_needed(event.error)
        retry = event.retry

        def signed_in(result: object) -> None:
            if result is not None:
                retry()

        self.push_screen(LoginScreen.for_session(session), signed_in)

    async def on_unmount(self) -> None:
        memory.release()  # what was frozen must be collectable once the app is gone
        self.news.close()
        await self.client.aclose()

    def pop_screen(self) -> AwaitComplete:
        popped = super().pop_screen()
        memory.release()  # the closed screen's widgets are garbage in reference cycles
        return popped

    def action_help(self) -> None:
        """Show the keys of the current screen (in the keys in effect)."""
        from .screens.help import HelpScreen, help_title, screen_keys

        screen = self.screen
        palette = self.get_key_display(Binding(self.COMMAND_PALETTE_BINDING, "palette"))
        keys = screen_keys(self, screen, self.keymap)
        self.push_screen(HelpScreen(help_title(screen), keys, palette))

    @on(GroupOpened)
    def _open_group(self, event: GroupOpened) -> None:
        self._push_topics(event.group)

    @on(ActivityOpened)
    def _open_activity(self, event: ActivityOpened) -> None:
        # Imported on first use: the converter behind it is not needed to start.
        from .screens.activity import ActivityScreen

        self.push_screen(ActivityScreen(self.library, self.news, event.group))

    @on(TopicOpened)
    def _open_topic(self, event: TopicOpened) -> None:
        self._push_thread(event.topic.id, event.topic)

    def _push_thread(self, topic_id: int | str, topic: TopicRow | None = None) -> None:
        # Imported on first use: the converter behind it is not needed to start.
        from .screens.thread import ThreadScreen

        self.push_screen(ThreadScreen(self.library, self.news, topic_id, topic=topic))

    def open_group(self, group: Membership) -> None:
        """Go to a group's topics from anywhere (the command palette)."""
        self._push_topics(group)

    @on(ThreadRead)
    def _thread_read(self, event: ThreadRead) -> None:
        # N past the last unread message: on to the next topic with something unread.
        from .screens.topics import TopicsScreen

        below = self.screen_stack[-2] if len(self.screen_stack) > 1 else None
        if not isinstance(below, TopicsScreen):
            self.notify("Nothing unread is left in this topic.", markup=False)
            return
        self.pop_screen()
        after = below.paged_list.cursor
        if below.open_next_unread(after=after):
            row = below.paged_list.highlighted_row
            subject = clean(row.subject) if row is not None else ""
            self.notify(f"Next unread topic: {subject}", title="N", markup=False)
        else:
            self._next_group(below.group)

    @on(NoUnreadLeft)
    def _group_read(self, event: NoUnreadLeft) -> None:
        self._next_group(event.group)

    def _next_group(self, group: Membership | None) -> None:
        """Leave a group with nothing unread for the next one with unread topics."""
        groups = self.screen_stack[0]
        if not isinstance(groups, GroupsScreen):
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        found = groups.next_unread_group(after=group)
        if found is None:
            self.notify("Nothing unread is left in your groups.", title="N", markup=False)
            return
        name = clean(found.display_name)
        self.notify(f"Next group with unread topics: {name}", title="N", markup=False)
        self._push_topics(found, seek_unread=True)

    def _fatal_error(self) -> None:
        # Textual's crash report prints every frame's locals, and a local may be a credential
        # or a whole message. Textual has no public switch for it: this replaces the one
        # method that builds the report (tests/screens/test_crash_report.py fails if Textual
        # stops calling it).
        import rich
        from rich.console import Group
        from rich.traceback import Traceback

        self.bell()
        note = "Lurker hit a bug and closed. Please report the error below.\n"
        self.panic(Group(note, Traceback(show_locals=False, width=None, suppress=[rich])))

    def format_title(self, title: str, sub_title: str) -> Content:
        # Screens set sub_title from service text; the header draws it as-is, escape
        # sequences included, so it is cleaned here once more whatever a screen did.
        return super().format_title(clean(title), clean(sub_title))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title not in ("Keys", "Quit"):  # ours below: our help, every quit key
                yield command
        # One command per action, with every key that does it ("Back · Keys: esc ⌫ q").
        actions: dict[tuple[str, DOMNode], tuple[str, list[str]]] = {}
        for active in screen.active_bindings.values():
            binding, node = active.binding, active.node
            if not (binding.id and binding.description and active.enabled):
                continue  # Textual's own scrolling, focus and copy keys are not ours to list
            action = binding.action
            if action.startswith("app."):
                node, action = self, action.removeprefix("app.")
            _title, keys = actions.setdefault((action, node), (binding.description, []))
            shown = self.get_key_display(binding)
            if shown not in keys:
                keys.append(shown)
        for (action, node), (title, keys) in actions.items():
            yield SystemCommand(
                title,
                f"{'Keys' if len(keys) > 1 else 'Key'}: {' '.join(keys)}",
                lambda action=action, node=node: self.run_action(action, node),
            )
        groups_screen = next((s for s in self.screen_stack if isinstance(s, GroupsScreen)), None)
        for group in groups_screen.groups if groups_screen else []:
            if group.perms.archives_visible:
                yield SystemCommand(
                    # The palette reads its prompts as markup: group names are escaped.
                    f"Group: {escape(clean(group.display_name))}",
                    f"Open the topics of {escape(clean(group.group_name))}",
                    lambda group=group: self.open_group(group),
                )
