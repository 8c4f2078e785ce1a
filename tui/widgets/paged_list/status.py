"""The row after the last row: "Loading…", the walk's progress, a failure, why it ended."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.scroll_view import ScrollView

from ...render.safety import clean
from ..spoken import glyphs_of
from .strips import wrap_words


class StatusRow(ScrollView):
    """The status row's text (a part of `PagedList`: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use

        def __getattr__(self, name: str) -> Any: ...

    # The stop key's hint and the row wrapped, kept while what they depend on stays: a walk
    # asks for them several times a page, and looking the key up (the screen's bindings)
    # and wrapping cost more than drawing the row.
    _stop_hint: tuple[tuple[object, str], str] | None = None
    _wrapped: tuple[tuple[str, int], list[Text]] | None = None

    def _status(self) -> tuple[str, str] | None:
        """The text and component class of the row after the last row, if any."""
        feed = self.feed
        glyphs = glyphs_of(self)
        if not feed.walking:
            self._stop_hint = None  # the next walk looks the key up again (remapped, say)
        if feed.error is not None:
            # The reason first: at 80 columns the end of the row is what gets cut.
            hint = f"{glyphs.separator}Enter or r: retry" if feed.retryable else ""
            return f"{glyphs.warning}{clean(feed.error)}{hint}", "paged-list--error"
        if feed.walking and glyphs.spoken:  # said once: a count going up is said again each page
            return f"Loading every page to the end{self._stops()}…", "paged-list--loading"
        if feed.walking:
            count = f"{len(self._rows):,}"
            total = feed.total
            progress = f"{count} of {total:,}" if total else f"{count} rows"
            return f"Loading… {progress}{self._stops(glyphs.separator)}", "paged-list--loading"
        if feed.loading:
            return "Loading…", "paged-list--loading"
        if feed.end_note:
            return f"{glyphs.note}{clean(feed.end_note)}", "paged-list--note"
        return None

    def _stops(self, separator: str = ", ") -> str:
        """What stops a walk, said on its row (the footer leaves the key out: it would be
        rebuilt twice a walk): ", Esc stops", or the key the keymap gave it; nothing where
        no key stops it."""
        asked = (self.screen.focused, separator)
        if self._stop_hint is not None and self._stop_hint[0] == asked:
            return self._stop_hint[1]
        hint = ""
        for _node, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if binding.id == "stop_loading":
                key = self.app.get_key_display(binding)
                hint = f"{separator}{key[:1].upper()}{key[1:]} stops"
                break
        self._stop_hint = (asked, hint)
        return hint

    def _status_lines(self) -> list[Text]:
        """The row after the last row, wrapped to the list's width (never cut: its end
        says what to do)."""
        status = self._status()
        if status is None:
            return []
        # As wide as the rows beside a scroll bar, whether or not one shows: the count of
        # lines must not depend on the scroll bar it may bring.
        width = self.size.width - self.styles.scrollbar_size_vertical
        asked = (status[0], width)
        if self._wrapped is None or self._wrapped[0] != asked:
            self._wrapped = (asked, wrap_words(status[0], width, self.app.console))
        return self._wrapped[1]
