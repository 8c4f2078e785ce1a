"""LurkerApp: owns the one client, moves between screens, and holds the global keys."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from . import memory
from .api.group_info import GroupInfo
from .bookkeeper import Bookkeeper
from .config.settings import DEMO_HINT, Settings
from .config.theme import load_state, save_state
from .render.glyphs import plain
from .render.safety import clean
from .screens.groups import GroupsScreen
from .screens.navigation import (
    ActivityOpened,
    AllActivityOpened,
    GroupOpened,
    NoUnreadLeft,
    SavedSearchOpened,
    SearchHitOpened,
    ServiceSearchWanted,
    ThreadEnded,
    ThreadRead,
    TopicOpened,
)
from .screens.onward import Onward
from .screens.palette import action_commands, group_commands, mode_commands
from .screens.stylesheets import STYLES
from .store.pages.summary import load_summary, summary_path
from .widgets.feed import PageFailed, PageLoaded, WalkStopped
from .widgets.key_footer import KeyFooter
from .widgets.note_line import NoteLine
from .widgets.spoken import SCREEN_READER, cursor_home

if TYPE_CHECKING:
    from .api.client import ServiceClient
    from .api.library import Library
    from .config.account import AccountSession
    from .query.language import Query
    from .render.convert.process import ConvertingProcess
    from .render.draw.pictures import PicturePolicy
    from .screens.topic_rows import TopicRow
    from .store.search.door import Search

Connect = Callable[[], "AccountSession"]
"""Builds the client and its sign-in (imports httpx and pydantic: after the first paint)."""


class LurkerApp(App[None]):
    """The reader: group list → topic list → thread, plus a group's activity log."""

    TITLE = "Lurker"
    CSS_PATH: ClassVar[list[str | PurePath]] = [STYLES / "app.tcss", STYLES / "screen_reader.tcss"]
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
        Binding(
            "S",
            "search",
            "Search all",
            show=False,  # (every footer would carry it: the help and the palette list it)
            id="search_all",
            tooltip="Search everything fetched, in every group, offline",
            # Taken as it arrives, so the search line is up before the next key is routed:
            # keys typed at once after it reach the line, not the screen it was typed on.
            # (An input's own S is still typed: Textual leaves keys it consumes to it.)
            priority=True,
        ),
    ]

    def __init__(
        self,
        settings: Settings,
        client: ServiceClient | None = None,
        session: AccountSession | None = None,
        *,
        connect: Connect | None = None,
        bodies_in_process: bool = True,
    ) -> None:
        """`bodies_in_process`: threads' bodies are converted in a process of their own
        (`render.convert.process`); without it, in a thread of this one."""
        super().__init__()
        if settings.screen_reader:
            self.add_class(SCREEN_READER, update=False)
        self.settings = settings
        self._client = client
        self.session = session
        self._connect = connect
        self._library: Library | None = None
        self._painted_at_once = False  # a group list saved last time is the first paint
        self._library_bare = False  # the library was made before the store opened
        self._bodies_in_process = bodies_in_process
        self._converting: ConvertingProcess | None = None  # bodies' own process, once wanted
        self._started = False  # the client, the service and the store are under way
        self._noted: NoteLine | None = None  # a note said in screen-reader mode, until a key
        self.news = Bookkeeper(self, settings)
        self.onward = Onward(  # where n and N go past the end
            self, self._open_topic, lambda group: self._push_topics(group, seek_unread=True)
        )
        self.keymap: dict[str, str] = {}  # binding id → keys, from config.toml's [keys]
        if settings.keys:
            from .screens.keymap import checked_keymap  # SettingsError says what is wrong

            self.keymap = checked_keymap(settings.keys, settings.config_path)
            self.set_keymap(self.keymap)
        state = load_state()
        if state.get("theme") in self.available_themes:
            self.theme = state["theme"]

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if sys.platform == "win32":
            return driver
        from textual.drivers.linux_driver import LinuxDriver

        if driver is not LinuxDriver:
            return driver  # one chosen with TEXTUAL_DRIVER
        from .widgets.terminal_cursor import CursorDriver  # shows the cursor in screen-reader mode

        return CursorDriver

    @property
    def screen_reader(self) -> bool:
        """Whether screen-reader mode is on: the cursor where the reader is, words for
        glyphs, rows read important-first (`widgets.spoken`)."""
        return self.has_class(SCREEN_READER)

    def set_screen_reader(self, on: bool) -> None:
        """Turn screen-reader mode on or off, on every screen of the stack."""
        if on == self.screen_reader:
            return
        from textual.widgets import Input

        self.set_class(on, SCREEN_READER)
        for screen in self.screen_stack:  # (Textual restyles only the screens in view)
            screen.update_node_styles(animate=False)
            for box in screen.query(Input):
                box.cursor_blink = not on
        self.refresh(layout=True)
        said = "on: the cursor follows the current row" if on else "off"
        self.notify(f"Screen-reader mode {said}.", markup=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.screen_reader:
            from textual.widgets import Input

            if isinstance(event.widget, Input):  # a screen reader says each blink again
                event.widget.cursor_blink = False
            self.call_after_refresh(cursor_home, self.screen)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        if self.screen_reader:
            self.call_after_refresh(cursor_home, screen)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        if self.screen_reader:  # also where a screen reader meets it: a line, and the cursor
            self._say(Content.from_markup(message).plain if markup else message, title)

    def _say(self, message: str, title: str) -> None:
        screen = self.screen
        notes = screen.query(NoteLine)
        if notes:
            note = notes.first()
        else:
            footers = screen.query(KeyFooter)
            if not footers:
                return  # a dialog: its own lines say what went wrong
            note = NoteLine()
            screen.mount(note, before=footers.first())
        note.say(message, title)  # (it takes the cursor when drawn)
        self._noted = note

    def on_key(self, event: events.Key) -> None:
        # A key after a note: the note has been met, and the cursor goes back to the row.
        if self._noted is not None:
            self._noted.clear()
            self._noted = None

    @property
    def client(self) -> ServiceClient:
        """The one client of this run (built on first use: after the first paint)."""
        if self._client is None:
            assert self._connect is not None, "LurkerApp needs a client or a way to connect"
            session = self._connect()
            self._client = session.client
            self.session = None if self.settings.demo else session
        return self._client

    @property
    def library(self) -> Library:
        """The lists the screens page through, in front of the store once it is open (a
        first run asks for its group list before opening it: see `_start`)."""
        if self._library is None or (self._library_bare and self.news.opened):
            client = self.client
            if self.news.opened:
                self._library = self.news.house.pages.library(client)
            else:
                from .api.library import Library

                self._library = Library(client)
            self._library_bare = not self.news.opened
        return self._library

    @property
    def kept_library(self) -> Library:
        """The library, in front of the store: for every screen but the first group list,
        which may be opened before `_start` opened the store (a key pressed at once)."""
        self.news.start()
        return self.library

    def _must_sign_in(self) -> bool:
        self.client  # noqa: B018 - connecting tells whether a sign-in was saved
        return self.session is not None and not self.session.signed_in

    def get_default_screen(self) -> Screen[Any]:
        # The group list is the first screen itself, not pushed over a blank one: that
        # would draw the screen twice before the first paint with data. It shows the list
        # saved last time at once; the service's comes once connected (after that paint).
        banner = DEMO_HINT if self.settings.demo else ""
        summary = load_summary(summary_path(self.settings.store))
        self._painted_at_once = summary is not None
        return GroupsScreen(
            lambda: self.library,
            self.news,
            banner=banner,
            load=False,
            account=self.account(),
            summary=summary,
        )

    def account(self) -> str:
        """Whose groups, from where: "demo data", or "ana@example.com at groups.io"."""
        return self.settings.whose(self.session.email if self.session is not None else "")

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, lambda theme: save_state(theme=theme.name))
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if not self._painted_at_once:
            self._start()  # nothing to paint before the service answers: ask it at once

    def _start(self) -> None:
        # What the saved group list did not need: the store, the client, the service.
        # Collections stay paused through those imports too (collecting while some 200
        # modules are made only walks them again and again): the first page of the service
        # to arrive, or fail, settles. Without a saved list (a first run) the store opens
        # after the service's list is painted: there is nothing in it to show before.
        self._started = True
        if self._painted_at_once or self.settings.group or self.settings.topic:
            self.news.start()  # (a start in a group or thread keeps its first page too)
        try:
            must_sign_in = self._must_sign_in()
        except Exception as error:  # a CA bundle that cannot be read, say: said on exit
            from .api.errors import LurkerError, describe
            from .config.errors import SettingsError

            known = isinstance(error, LurkerError | SettingsError)
            text = str(error) if known else describe(error)
            # Once the first screen is mounted: an exit before it ends that screen half-made,
            # and its mounting then fails as a second error, which Textual calls a crash.
            message = f"lurker: {clean(text)}"
            self.call_after_refresh(self.exit, return_code=2, message=message)
            return
        if must_sign_in:
            session = self.session
            assert session is not None
            # Imported on first use: the demo and a saved sign-in never show it.
            from .screens.login import LoginScreen

            login = LoginScreen.for_session(session, can_cancel=False)
            memory.settle()  # a person types now: no page comes for a while
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
        self, group: GroupInfo | None, group_name: str = "", *, seek_unread: bool = False
    ) -> None:
        # Imported on first use: the group list is all a start needs.
        from .screens.topics import TopicsScreen

        if self._bodies_in_process:
            self._converting_process()  # a thread may open next: have its converter ready

        screen = TopicsScreen(
            self.kept_library,
            self.news,
            group,
            group_name=group_name,
            seek_unread=seek_unread,
            groups=self._groups_by_id() if group is None and not group_name else None,
        )
        self.push_screen(screen)

    def _groups_by_id(self) -> dict[str, GroupInfo]:
        """The groups the group list holds, by id (for ★ All groups)."""
        groups = self.screen_stack[0] if self.screen_stack else None
        listed = groups.groups if isinstance(groups, GroupsScreen) else []
        return {str(group.group_id): group for group in listed}

    @on(PageLoaded)
    def _page_loaded(self, event: PageLoaded) -> None:
        # Not between the pages of a walk: what is alive then is mostly on its way out (the
        # lines drawn for the page just passed), and frozen it could not be collected
        # until the screen closed. The walk's last page settles.
        if not event.walking:
            self._after_page()

    @on(PageFailed)
    @on(WalkStopped)
    def _page_failed_or_walk_stopped(self) -> None:
        self._after_page()

    def _after_page(self) -> None:
        # Each waits for the paint of this page: it is what the user came for.
        if not self._started:  # the saved group list, painted at once: now the service
            self.call_after_refresh(self._start)
            return
        memory.settle()  # what a page brought stays while its screen is open
        if not self.news.started:
            self.call_after_refresh(self.news.start)

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
        if self._converting is not None:
            await self._converting.close()
        if self._client is not None:
            await self._client.aclose()

    def pop_screen(self) -> AwaitComplete:
        popped = super().pop_screen()
        memory.release()  # the closed screen's widgets are garbage in reference cycles
        return popped

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "search":  # (a priority key: a window over a screen keeps its keys)
            return not self.screen.is_modal
        return True

    def action_help(self) -> None:
        """Show the keys of the current screen (in the keys in effect)."""
        from .screens.help import HelpScreen, help_title, screen_keys

        screen = self.screen
        palette = self.get_key_display(Binding(self.COMMAND_PALETTE_BINDING, "palette"))
        keys = screen_keys(self, screen, self.keymap)
        note = getattr(screen, "rule_note", lambda: "")()
        self.push_screen(HelpScreen(help_title(screen), keys, palette, note))

    @on(GroupOpened)
    def _open_group(self, event: GroupOpened) -> None:
        self._push_topics(event.group, seek_unread=event.seek_unread)

    @on(ActivityOpened)
    def _open_activity(self, event: ActivityOpened) -> None:
        # Imported on first use: the converter behind it is not needed to start.
        from .screens.activity.screen import ActivityScreen

        self.push_screen(ActivityScreen(self.kept_library, self.news, event.group))

    @on(AllActivityOpened)
    def _open_all_activity(self, event: AllActivityOpened) -> None:
        from .screens.activity.screen import ActivityScreen

        self.push_screen(ActivityScreen(self.kept_library, self.news, groups=event.groups))

    @on(TopicOpened)
    def _open_topic(self, event: TopicOpened) -> None:
        self._push_thread(event.topic.id, event.topic, event.group)

    def _push_thread(
        self,
        topic_id: int | str,
        topic: TopicRow | None = None,
        group: str = "",
        search: tuple[Search, Query] | None = None,
    ) -> None:
        # Imported on first use: the converter behind it is not needed to start.
        from .screens.thread import ThreadScreen

        convert_many = self._converting_process().convert if self._bodies_in_process else None
        self.push_screen(
            ThreadScreen(
                self.kept_library,
                self.news,
                topic_id,
                topic,
                group,
                convert_many,
                search,
                self._index_texts,
                pictures=self._picture_policy(),
                download_bytes=self.settings.download_bytes,
            )
        )

    def _picture_policy(self) -> PicturePolicy | None:
        """Where a thread's pictures may come from (None: the settings turn them off)."""
        from .render.draw.pictures import PicturePolicy

        if not self.settings.pictures:
            return None
        origin = self.kept_library.client.root.removesuffix("/api/v1/")
        return PicturePolicy(origin, remote=self.settings.remote_pictures)

    def action_search(self) -> None:
        """Search everything fetched (from a group's topic list: that group to start with)."""
        from .screens.search import SearchScreen
        from .screens.topics import TopicsScreen

        if isinstance(self.screen, SearchScreen):
            self.screen.action_edit()
            return
        group = self.screen.group_name if isinstance(self.screen, TopicsScreen) else None
        text = f"group:{group} " if group else ""
        self.push_screen(SearchScreen(self.finder(), text, group))

    def finder(self) -> Search:
        """The search index and the saved searches, in the store."""
        return self.news.house.search

    @on(SavedSearchOpened)
    def _open_saved(self, event: SavedSearchOpened) -> None:
        from .screens.search import SearchScreen

        saved = event.saved
        self.push_screen(SearchScreen(self.finder(), saved.query, name=saved.name))

    @on(SearchHitOpened)
    def _open_hit(self, event: SearchHitOpened) -> None:
        hit = event.hit
        self._push_thread(hit.topic_id, None, hit.group_name, (self.finder(), event.query))

    @on(ServiceSearchWanted)
    def _service_search(self, event: ServiceSearchWanted) -> None:
        from .screens.topics import TopicsScreen

        # (The search screen asking may or may not have been dismissed yet.)
        lists = [s for s in self.screen_stack if isinstance(s, TopicsScreen)]
        if lists and lists[-1].group_name == event.group_name:
            lists[-1].search_service(event.words)

    def _converting_process(self) -> ConvertingProcess:
        """The process that converts threads' bodies, started on first want, and again
        after it died (until it runs, bodies convert in a thread)."""
        if self._converting is None:
            from .render.convert.process import ConvertingProcess

            self._converting = ConvertingProcess(texts=self._index_texts)
        if not self._converting.running:  # (`start` does nothing while one starts)
            start = self._converting.start  # (Textual infers an async result as Never)
            self.run_worker(start, group="converting", exit_on_error=False)  # type: ignore[arg-type]
        return self._converting

    def _index_texts(self, texts: list[tuple[str, str]]) -> None:
        """Bodies' own text, as converted: the search index takes them."""
        if self.news.opened:
            self.news.house.search.take_texts(texts)

    @on(ThreadEnded)
    def _thread_ended(self, event: ThreadEnded) -> None:
        self.onward.thread_ended(event.topic_id)

    @on(ThreadRead)
    def _thread_read(self, event: ThreadRead) -> None:
        self.onward.thread_read(event.topic_id)

    @on(NoUnreadLeft)
    def _group_read(self, event: NoUnreadLeft) -> None:
        self.onward.next_group(event.group)

    def open_group(self, group: GroupInfo) -> None:
        """Go to a group's topics from anywhere (the command palette)."""
        self._push_topics(group)

    def _fatal_error(self) -> None:
        # Textual's crash report prints every frame's locals, and a local may be a credential
        # or a whole message. Textual has no public switch for it: this replaces the one
        # method that builds the report (tests/screens/test_crash_report.py fails if Textual
        # stops calling it).
        from .screens.crash import crash_report

        self.bell()
        self.panic(crash_report())

    def format_title(self, title: str, sub_title: str) -> Content:
        # Screens set sub_title from service text; the header draws it as-is, escape
        # sequences included, so it is cleaned here once more whatever a screen did.
        title, sub_title = clean(title), clean(sub_title)
        if self.screen_reader:
            title, sub_title = plain(title), plain(sub_title)
        return super().format_title(title, sub_title)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title not in ("Keys", "Quit"):  # ours below: our help, every quit key
                yield command
        yield from action_commands(self, screen)
        yield from mode_commands(self.screen_reader, self.set_screen_reader)
        groups_screen = next((s for s in self.screen_stack if isinstance(s, GroupsScreen)), None)
        yield from group_commands(groups_screen.groups if groups_screen else [], self.open_group)
