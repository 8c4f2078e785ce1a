"""Where the application's screens come from: each message a screen posts to open another
(a group, a topic, a log, a search) becomes that screen, pushed."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding

from ..screens.groups import GroupsScreen
from ..screens.navigation import (
    ActivityOpened,
    AllActivityOpened,
    GroupOpened,
    NoUnreadLeft,
    SavedSearchOpened,
    SearchHitOpened,
    ServiceSearchWanted,
    ThreadCounted,
    ThreadEnded,
    ThreadRead,
    TopicOpened,
)
from .spoken import SpokenApp

if TYPE_CHECKING:
    from textual.driver import Driver

    from ..api.group_info import GroupInfo
    from ..api.library import Library
    from ..bookkeeper import Bookkeeper
    from ..config.settings import Settings
    from ..query.language import Query
    from ..render.convert.process import ConvertingProcess
    from ..render.draw.pictures import PicturePolicy
    from ..render.inline_images import InlineImages
    from ..render.kitty_images import KittyImages
    from ..render.terminal_graphics import Drawing
    from ..screens.onward import Onward
    from ..screens.topic_rows import TopicRow
    from ..store.search.door import Search
    from .inline_pictures import PictureSettling


class ScreenOpening(SpokenApp):
    """The screens pushed on the messages of others, the help and the search."""

    # The reader's (`reader.LurkerApp`):
    settings: Settings
    news: Bookkeeper
    onward: Onward
    keymap: dict[str, str]
    _bodies_in_process: bool
    _converting: ConvertingProcess | None = None  # bodies' own process, once wanted
    picture_drawing: Drawing = "cells"  # how threads draw pictures (`render.terminal_graphics`)
    kitty_images: KittyImages | None = None  # the pictures sent to a Kitty terminal
    inline_images: InlineImages | None = None  # those drawn over their cells (Sixel, iTerm2)
    picture_settling: PictureSettling | None = None  # when those are drawn

    def get_driver_class(self) -> type[Driver]:
        # How pictures are drawn is settled here: App.__init__ asks once its console is made
        # (whose colours tell whether a picture's id can reach the terminal), and Kitty's
        # pictures go out through the driver (`widgets.kitty_driver` says why that is safe).
        driver = super().get_driver_class()
        from textual.drivers.linux_driver import LinuxDriver

        from ..render.terminal_graphics import drawing

        truecolor = self.console.color_system == "truecolor" and not self.no_color
        self.picture_drawing = drawing(self.settings.pictures, os.environ, truecolor)
        if self.picture_drawing in ("cells", "off"):
            return driver
        if not issubclass(driver, LinuxDriver):  # (Windows: not through this driver)
            self.picture_drawing = "cells"
            return driver
        if self.picture_drawing in ("sixel", "iterm"):
            from ..render.inline_images import InlineImages
            from ..widgets.inline_driver import inline_driver
            from .inline_pictures import PictureSettling

            self.inline_images = InlineImages(self.picture_drawing)
            self.picture_settling = PictureSettling(self, self.inline_images)
            return inline_driver(driver, self.inline_images)
        from ..render.kitty_images import KittyImages
        from ..widgets.kitty_driver import kitty_driver

        self.kitty_images = KittyImages()
        return kitty_driver(driver, self.kitty_images)

    def post_display_hook(self) -> None:
        # (Textual calls this after each display, whether a frame was written or not.)
        if self.picture_settling is not None:
            self.picture_settling.frame_shown()

    @property
    def kept_library(self) -> Library:
        """The library in front of the store (the reader's)."""
        raise NotImplementedError

    def _push_topics(
        self, group: GroupInfo | None, group_name: str = "", *, seek_unread: bool = False
    ) -> None:
        # Imported on first use: the group list is all a start needs.
        from ..screens.topics import TopicsScreen

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

    def action_help(self) -> None:
        """Show the keys of the current screen (in the keys in effect)."""
        from ..screens.help import HelpScreen, help_title, screen_keys

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
        from ..screens.activity.screen import ActivityScreen

        self.push_screen(ActivityScreen(self.kept_library, self.news, event.group))

    @on(AllActivityOpened)
    def _open_all_activity(self, event: AllActivityOpened) -> None:
        from ..screens.activity.screen import ActivityScreen

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
        from ..screens.thread import ThreadScreen

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
        from ..render.draw.pictures import PicturePolicy

        if self.picture_drawing == "off":
            return None
        origin = self.kept_library.client.root.removesuffix("/api/v1/")
        sharp = self.inline_images is not None
        remote = self.settings.remote_pictures
        return PicturePolicy(origin, remote=remote, kitty=self.kitty_images, sharp=sharp)

    def action_search(self) -> None:
        """Search everything fetched (from a group's topic list: that group to start with)."""
        from ..screens.search import SearchScreen
        from ..screens.topics import TopicsScreen

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
        from ..screens.search import SearchScreen

        saved = event.saved
        self.push_screen(SearchScreen(self.finder(), saved.query, name=saved.name))

    @on(SearchHitOpened)
    def _open_hit(self, event: SearchHitOpened) -> None:
        hit = event.hit
        self._push_thread(hit.topic_id, None, hit.group_name, (self.finder(), event.query))

    @on(ServiceSearchWanted)
    def _service_search(self, event: ServiceSearchWanted) -> None:
        from ..screens.topics import TopicsScreen

        # (The search screen asking may or may not have been dismissed yet.)
        lists = [s for s in self.screen_stack if isinstance(s, TopicsScreen)]
        if lists and lists[-1].group_name == event.group_name:
            lists[-1].search_service(event.words)

    def _converting_process(self) -> ConvertingProcess:
        """The process that converts threads' bodies, started on first want, and again
        after it died (until it runs, bodies convert in a thread)."""
        if self._converting is None:
            from ..render.convert.process import ConvertingProcess

            self._converting = ConvertingProcess(texts=self._index_texts)
        if not self._converting.running:  # (`start` does nothing while one starts)
            start = self._converting.start  # (Textual infers an async result as Never)
            self.run_worker(start, group="converting", exit_on_error=False)  # type: ignore[arg-type]
        return self._converting

    def _index_texts(self, texts: list[tuple[str, str]]) -> None:
        """Bodies' own text, as converted: the search index takes them."""
        if self.news.opened:
            self.news.house.search.take_texts(texts)

    @on(ThreadCounted)
    def _thread_counted(self, event: ThreadCounted) -> None:
        from ..screens.topics import TopicsScreen

        for screen in self.screen_stack:
            if isinstance(screen, TopicsScreen):
                screen.thread_counted(event)

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
