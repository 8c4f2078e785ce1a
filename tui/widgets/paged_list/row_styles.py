"""The styles a frame of `PagedList` draws its rows in (a part of the list)."""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Region
from textual.scroll_view import ScrollView
from textual.strip import Strip

CURSOR = "paged-list--cursor"


class RowStyles(ScrollView):
    """A row's base style walks the widget's ancestors for their backgrounds: asked once a
    frame, not once a row (a screenful after End's walk spent a sixth of its time there)."""

    _in_frame = False  # inside `render_lines`
    _frame_styles: tuple[Style, Style] | None = None  # (row, cursor), once asked in a frame

    def render_lines(self, crop: Region) -> list[Strip]:
        self._in_frame, self._frame_styles = True, None
        try:
            return super().render_lines(crop)
        finally:
            self._in_frame, self._frame_styles = False, None

    def _row_style(self, selected: bool) -> Style:
        """The base style of a row, the cursor's or another."""
        if not self._in_frame:  # a line asked for outside a frame
            return self.get_component_rich_style(CURSOR) if selected else self.rich_style
        styles = self._frame_styles
        if styles is None:  # (asked for on first use: a frame may draw no row at all)
            styles = self._frame_styles = (
                self.rich_style,
                self.get_component_rich_style(CURSOR),
            )
        return styles[1] if selected else styles[0]
