"""LurkerApp: owns the one client and the store's bookkeeper, starts, and holds the global
keys (its screen-reader mode in `spoken`, the screens it opens in `opening`)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterable
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..bookkeeper import Bookkeeper
from ..config.settings import DEMO_HINT, Settings
from ..config.theme import load_state, save_state
from ..render.safety import clean
from ..screens.groups import GroupsScreen
from ..screens.onward import Onward
from ..screens.palette import action_commands, group_commands, mode_commands
from ..screens.stylesheets import STYLES
from ..store.pages.summary import load_summary, summary_path
from ..widgets.feed import PageFailed, PageLoaded, WalkStopped
from ..widgets.spoken import SCREEN_READER
from . import memory
from .interrupt import EndOnInterrupt
from .opening import ScreenOpening
from .spoken import SPOKEN_CSS

if TYPE_CHECKING:
    from ..api.client import ServiceClient
    from ..api.library import Library
    from ..config.account import AccountSession
    from ..render.convert.process import ConvertingProcess

FRAME_OUT = 0.001
"""Seconds after a paint before what follows it runs (`_once_out`)."""

Connect = Callable[[], "AccountSession"]
"""Builds the client and its sign-in (imports httpx and pydantic: after the first paint)."""


class LurkerApp(ScreenOpening):
    """The reader: group list → topic list → thread, plus a group's activity log."""

    TITLE = "Lurker"
    CSS_PATH: ClassVar[list[str | PurePath]] = [STYLES / "app.tcss"]  # (+ SPOKEN_CSS in the mode)
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
        self.settings = settings  # (before App.__init__: `get_driver_class` reads it)
        super().__init__(css_path=[*self.CSS_PATH, SPOKEN_CSS] if settings.screen_reader else None)
        if settings.screen_reader:
            self.add_class(SCREEN_READER, update=False)
        self._client = client
        self.session = session
        self._connect = connect
        self._library: Library | None = None
        self._painted_at_once = False  # a group list saved last time is the first paint
        self._library_bare = False  # the library was made before the store opened
        self._bodies_in_process = bodies_in_process
        self._converting: ConvertingProcess | None = None  # bodies' own process, once wanted
        self._started = False  # the client, the service and the store are under way
        self._interrupt = EndOnInterrupt(self, lambda: self._started)
        self.news = Bookkeeper(self, settings)
        self.onward = Onward(  # where n and N go past the end
            self, self._open_topic, lambda group: self._push_topics(group, seek_unread=True)
        )
        self.keymap: dict[str, str] = {}  # binding id → keys, from config.toml's [keys]
        if settings.keys:
            from ..screens.keymap import checked_keymap  # SettingsError says what is wrong

            self.keymap = checked_keymap(settings.keys, settings.config_path)
            self.set_keymap(self.keymap)
        state = load_state()
        if state.get("theme") in self.available_themes:
            self.theme = state["theme"]

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
                from ..api.library import Library

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

    def on_load(self) -> None:
        # A SIGINT (kill -INT, or Ctrl+C before the terminal is raw) ends the reader as it
        # ends every command, with 130: raised inside one of Textual's tasks it would end
        # the app as a crash, with status 1 (seen on a loaded machine).
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.interrupted)

    def interrupted(self) -> None:
        """End on a SIGINT, with 130, once that cannot break the start (`interrupt`)."""
        self._interrupt.interrupted()

    def on_ready(self) -> None:
        self._interrupt.ready = True

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
            from ..api.errors import LurkerError, describe
            from ..config.errors import SettingsError

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
            from ..screens.login import LoginScreen

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

    @on(PageLoaded)
    def _page_loaded(self, event: PageLoaded) -> None:
        # Not between the pages of a walk: what is alive then is mostly on its way out (the
        # lines drawn for the page just passed), and frozen it could not be collected
        # until the screen closed. The walk's last page settles.
        if not event.walking:
            self._after_page()
        else:
            memory.walking(event.pages)

    @on(PageFailed)
    @on(WalkStopped)
    def _page_failed_or_walk_stopped(self) -> None:
        self._after_page()

    def _after_page(self) -> None:
        # Each waits for the paint of this page: it is what the user came for.
        if not self._started:  # the saved group list, painted at once: now the service
            self.call_after_refresh(self._once_out, self._start)  # (its imports after the frame)
            return
        # What a page brought stays while its screen is open. After the paint (collected
        # before it, 2 ms at an End walk's last page, the frame waited), and only while
        # its screen is still the one shown: one closed meanwhile was released, and frozen
        # now its widgets' cycles would stay until the next screen closed.
        stack = self.screen_stack
        if not stack:
            return  # (a page told as the app ends, its screens gone)
        self.call_after_refresh(self._once_out, self._settle_on, stack[-1])
        if not self.news.started:
            self.call_after_refresh(self._once_out, self.news.start)

    def _once_out(self, callback: Callable[..., None], *args: Any) -> None:
        """`callback(*args)` once the frame just painted is on its way to the terminal.

        Textual's writer thread sends a frame when it next holds the interpreter: a
        collection begun straight after the paint held it first (4 ms at the last page of
        End's walk, the frame out that much later). A timer lets the loop wait on its
        selector, so the writer goes first."""

        def if_still_open() -> None:
            if self.screen_stack:  # (not an app that ended meanwhile)
                callback(*args)

        self.set_timer(FRAME_OUT, if_still_open, name="after-frame-out")

    def _settle_on(self, screen: Screen[Any]) -> None:
        if screen is self.screen_stack[-1]:
            memory.settle()

    @on(PageFailed)
    def _sign_in_lost(self, event: PageFailed) -> None:
        session = self.session
        if session is None or not session.lost(event.error):
            return
        from ..screens.login import LoginScreen

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

    def _fatal_error(self) -> None:
        # Textual's crash report prints every frame's locals, and a local may be a credential
        # or a whole message. Textual has no public switch for it: this replaces the one
        # method that builds the report (tests/screens/test_crash_report.py fails if Textual
        # stops calling it).
        from ..screens.crash import crash_report

        self.bell()
        self.panic(crash_report())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title not in ("Keys", "Quit"):  # ours below: our help, every quit key
                yield command
        yield from action_commands(self, screen)
        yield from mode_commands(self.screen_reader, self.set_screen_reader)
        groups_screen = next((s for s in self.screen_stack if isinstance(s, GroupsScreen)), None)
        yield from group_commands(groups_screen.groups if groups_screen else [], self.open_group)
