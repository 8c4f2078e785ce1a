"""Search everything fetched, offline: results as you type, best first then newest."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Input, Static

from ..query.language import Query, QueryError, parse
from ..render.safety import clean
from ..store.problems import StoreError
from ..store.search.door import Search
from ..store.search.finding import Hit
from ..store.search.hits import HitPage, HitSource
from ..widgets.app_header import AppHeader
from ..widgets.column_heads import ColumnHeads
from ..widgets.key_footer import KeyFooter
from ..widgets.paged_list import PagedList
from ..widgets.spoken import screen_reader
from ..widgets.title_bar import TitleBar
from .name_prompt import NamePrompt
from .navigation import SearchHitOpened, ServiceSearchWanted
from .paged import PagedScreen
from .search_rows import one_group, render_hit_row, say_hit_row, search_heads

# Seconds of quiet in the search line before its query runs: a fast typist's next key
# comes sooner, and a query over 100,000 messages takes a few milliseconds.
TYPING_PAUSE = 0.12
HINT = (
    'Words and "phrases" · -word · from:NAME · group:NAME · #tag · in:subject · '
    "before:/after: 2026-11-03, 2d, 3w · is:unread · is:read · has:attachment"
)
# Before a query the list has searched nothing (not "nothing found"), and the line holds a
# short prompt: the query's syntax is longer than a line at 100 columns, so it is said once,
# in the note under the line, which wraps (4 lines: with the fresh store's advice at 80).
PROMPT = "Type what to find"
NOT_YET = "Nothing searched yet: type a search above."
FRESH = "Search finds what Lurker has fetched: open groups and threads first"
ASK_HERE = ", or Ctrl+O asks the service to search this group."
ASK_THERE = ", or Ctrl+O asks the service from a group's topic list."


class SearchScreen(PagedScreen[Hit]):
    """The search line over the topics found; Enter opens one at its first match."""

    AUTO_FOCUS = "#search-line"
    DEFAULT_CSS = """
    SearchScreen #search-note { height: auto; max-height: 4; padding: 0 1; }
    SearchScreen #search-note.hint { color: $text-muted; }
    SearchScreen #search-note.warning { color: $text-warning; }
    SearchScreen #search-note.error { color: $text-error; text-style: bold; }
    SearchScreen #search-note.quiet { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "edit", "Search", id="search_line", tooltip="Back to the search line"),
        Binding(
            "down",
            "results",
            "Results",
            key_display="↓/Tab",
            id="results",
            tooltip="From the search line to the results (Esc too)",
            priority=True,  # (the line, a scroll view, would take ↓ first; off it, ↓ moves)
        ),
        Binding("s", "save", "Save search", id="save_search", tooltip="Keep it as a group"),
        Binding(
            "ctrl+o",
            "service_search",
            "Ask the service",
            id="service_search",
            tooltip="The service's own search of this group (finds what was never fetched)",
        ),
        Binding("escape", "back", "Back", id="back", tooltip="To the results, or back"),
        Binding("q", "back", "Back", show=False, id="leave", tooltip="Back"),
    ]

    def __init__(
        self, finder: Search, text: str = "", group: str | None = None, name: str = ""
    ) -> None:
        super().__init__()
        self.finder = finder
        self.text = text
        self.group = group  # opened from this group's topic list (its short name): its
        # service search is offered too
        self.saved_name = name  # opened as this saved search
        self.search_query: Query | None = None
        self._timer: Timer | None = None
        self._words: tuple[str, ...] = ()  # the query's words, highlighted in subjects
        self._fresh = False  # nothing indexed yet: the empty list says how to fill it
        self._shown: str | None = None  # the words whose results the list shows

    def compose(self) -> ComposeResult:
        yield AppHeader()
        yield TitleBar()
        yield Input(value=self.text, placeholder=PROMPT, id="search-line", select_on_focus=False)
        yield Static(id="search-note", markup=False)
        rows: PagedList[Hit] = PagedList(
            self._render_row,
            key=lambda hit: hit.topic_id,
            empty_text=NOT_YET,
            classes="with-heads",
        )
        yield ColumnHeads(lambda width: search_heads(width, groups=self._groups), rows, id="heads")
        yield rows
        yield KeyFooter()

    def _render_row(self, hit: Hit, width: int, selected: bool) -> Text:
        if screen_reader(self):
            return say_hit_row(hit, words=self._words)
        return render_hit_row(hit, width, selected, words=self._words, groups=self._groups)

    @property
    def _groups(self) -> bool:
        """Whether the results show their group (not when the query names the one group)."""
        return not one_group(self.search_query)

    def on_mount(self) -> None:
        self.sub_title = f"Saved search {self.saved_name}" if self.saved_name else "Search"
        self._check_index()
        self._run(self.text)
        if self.saved_name:
            self.paged_list.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "service_search":
            return self.group is not None
        if action == "results":
            return self.focused is self.query_one("#search-line", Input)
        if action == "save":
            return self.search_query is not None
        return True

    @work(group="problem", exit_on_error=False)
    async def _check_index(self) -> None:
        problem = await self.finder.problem()
        if problem:
            self._note(problem, "warning")
        elif await self.finder.empty():
            self._fresh = True
            if self.search_query is not None:
                self._note(self._fresh_hint(), "hint")
            elif self.text == self.query_one("#search-line", Input).value:
                self._run(self.text)  # an empty line: the hint goes with the query's help

    def _fresh_hint(self) -> str:
        """How to fill an empty index (said under the line on a fresh store)."""
        return FRESH + (ASK_HERE if self.group is not None else ASK_THERE)

    @on(Input.Changed, "#search-line")
    def _typed(self, event: Input.Changed) -> None:
        if self._timer is not None:
            self._timer.stop()
        value = event.value
        self._timer = self.set_timer(TYPING_PAUSE, lambda: self._run(value))

    @on(Input.Submitted, "#search-line")
    def _submitted(self, event: Input.Submitted) -> None:
        if self._timer is not None:
            self._timer.stop()
        rows = self.paged_list
        rows.focus()
        if event.value != self._shown:
            self._run(event.value)
        elif rows.rows:  # these words' results are up: Enter opens the one highlighted
            rows.action_select()

    def _run(self, text: str) -> None:
        """Search for `text`: its results in the list, or the mistake in the note."""
        self.text = text
        try:
            query = parse(text)
        except QueryError as error:
            self._note(f"{error.reason} (column {error.column}) · {HINT}", "error")
            return
        self._shown = text  # (a mistake leaves the results of the words before)
        if query.empty:
            self.search_query = None
            self._note(f"{self._fresh_hint()} · {HINT}" if self._fresh else HINT, "hint")
            self.paged_list.empty_text = NOT_YET
            self.paged_list.show(_Nothing(), _rows_of)
            self._update_title()
            return
        new_words = self.search_query is None or str(query) != str(self.search_query)
        self.search_query = query
        self._words = tuple(term.text for term in query.words)
        self._note("", "quiet")
        self.paged_list.empty_text = f"Nothing found for {clean(str(query))} in what was fetched."
        if self._fresh:
            self._note(self._fresh_hint(), "hint")
        if query.cut:
            self._note(query.cut, "warning")
        # New words start at their best result; the same words again keep the place.
        source = HitSource(self.finder, query)
        self.paged_list.show(source, _rows_of, keep=True, at_top=new_words)
        self.query_one("#heads", ColumnHeads).refresh()  # (its group column may go or come)
        self._update_title()
        self.refresh_bindings()

    def _note(self, text: str, kind: str) -> None:
        note = self.query_one("#search-note", Static)
        note.set_classes(f"search-note {kind}".strip())
        note.update(Text(text))

    def page_arrived(self, page: object) -> None:
        self._update_title()

    def _update_title(self) -> None:
        what = f"Saved search {clean(self.saved_name)}" if self.saved_name else "Search"
        where = "everything fetched, offline"
        total = self.paged_list.known_total if self.search_query is not None else None
        found = f"{total:,} topic{'s' if total != 1 else ''}" if total is not None else ""
        parts = [what, where, found]
        self.title_bar.show_title(" · ".join(part for part in parts if part))

    @on(PagedList.RowActivated)
    def _open(self, event: PagedList.RowActivated[Hit]) -> None:
        if self.search_query is not None:
            self.post_message(SearchHitOpened(event.row, self.search_query))

    def action_edit(self) -> None:
        """Back to the search line."""
        # At once, not after the keys already waiting: those typed after S go in the line.
        self.set_focus(self.query_one("#search-line", Input))

    def action_results(self) -> None:
        """From the search line to the results."""
        self.paged_list.focus()

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def action_back(self) -> None:
        """From the search line to the results (if any), else back a screen."""
        line = self.query_one("#search-line", Input)
        if line.has_focus and self.paged_list.rows:
            self.paged_list.focus()
            return
        self.dismiss()

    def action_save(self) -> None:
        """Keep the query as a saved search, shown in the group list."""
        query = self.search_query
        if query is None:
            self.notify("Type a search first.", markup=False)
            return
        suggested = self.saved_name or str(query)

        def named(name: str | None) -> None:
            if name:
                self._save(name, str(query))

        self.app.push_screen(NamePrompt("Save this search as:", suggested), named)

    @work(group="save", exit_on_error=False)
    async def _save(self, name: str, text: str) -> None:
        try:
            await self.finder.save(name, text)
        except (StoreError, OSError) as error:
            self.notify(f"The search could not be saved: {error}", severity="error", markup=False)
            return
        self.saved_name = name
        self._update_title()
        self.notify(
            f"Saved as “{name}”: it shows in the group list with its unread count.",
            title="Saved search",
            markup=False,
        )

    def action_service_search(self) -> None:
        """Hand the words to the group's topic list, whose search asks the service."""
        if self.group is None:
            return
        try:  # the line as it is now (its query may still wait for the typing to pause)
            query = parse(self.query_one("#search-line", Input).value)
        except QueryError as error:
            self.notify(str(error), severity="warning", markup=False)
            return
        words = " ".join(term.text for term in query.words)
        if not words:
            self.notify("The service's search takes words, not operators.", markup=False)
            return
        self.app.post_message(ServiceSearchWanted(self.group, words))
        self.dismiss()


def _rows_of(page: HitPage | None) -> list[Hit]:
    return page.data if page is not None else []


class _Nothing:
    """The page source of an empty search line."""

    ended = True
    total_count: int | None = None
    end_note = ""
    saved_at: float | None = None

    async def next_page(self) -> HitPage | None:
        return None

    def reset(self) -> None:
        pass
