"""An option list that screen readers can follow: in screen-reader mode the terminal cursor
stands on the highlighted option, as it does on a list's highlighted row."""

from __future__ import annotations

from textual.widgets import OptionList

from .spoken import place_cursor, screen_reader


class CursorOptionList(OptionList):
    """`OptionList` with the terminal cursor on the highlighted option in screen-reader
    mode. Its options are one line each there (styles/screen_reader.tcss cuts them), so
    that an option's index, less the scroll, is its line."""

    def on_option_list_option_highlighted(self) -> None:
        self.call_after_refresh(self._place_cursor)  # once it has scrolled to the option

    def on_focus(self) -> None:
        self.call_after_refresh(self._place_cursor)

    def _place_cursor(self) -> None:
        if self.highlighted is not None and screen_reader(self):
            place_cursor(self, 0, self.highlighted - round(self.scroll_offset.y))
            self.refresh()  # a frame, which ends with the cursor's move
