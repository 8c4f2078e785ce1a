"""How the paged list looks: its default styles and the parts they name."""

from __future__ import annotations

LIST_CSS = """
    PagedList {
        height: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
        & > .paged-list--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .paged-list--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
        /* NO_COLOR turns the cursor's colours into two close greys: reverse video instead. */
        &:nocolor > .paged-list--cursor, &:nocolor:focus > .paged-list--cursor {
            background: $background;
            color: $foreground;
            text-style: reverse;
        }
        & > .paged-list--loading { color: $text-muted; text-style: italic; }
        & > .paged-list--error { color: $text-error; text-style: bold; }
        &:focus > .paged-list--error-cursor { background: $error 25%; }
        & > .paged-list--empty { color: $text-muted; }
        & > .paged-list--note { color: $text-warning; text-style: italic; }
    }
    """

LIST_PARTS = {
    "paged-list--cursor",
    "paged-list--loading",
    "paged-list--error",
    "paged-list--error-cursor",
    "paged-list--empty",
    "paged-list--note",
}
"""The component classes of `LIST_CSS`: the cursor, and the rows after the last."""
