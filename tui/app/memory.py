"""Full garbage collections kept short, so that no key waits for one.

Python's full collection visits every container object alive; with Textual, the demo
service and a long list loaded that is a few hundred thousand objects and 100 to 250 ms, and
it falls on whatever key happens to be pressed (tests/bench scenario 2 showed every key
over 100 ms coinciding with one). What is alive once a page is shown mostly stays alive
while its screen is open, so it is frozen: full collections then visit only what came
after. Closing a screen unfreezes everything, so its widgets (which hold reference
cycles) can be collected; the next page freezes again.

Start-up allocates a few hundred thousand long-lived objects (modules, classes, styles);
collecting while they are made only walks them again and again, so collection waits
until the first frame is drawn (`pause_until_settled`, about a tenth of start-up). The
first `settle` after that pause freezes without collecting: with collection off,
everything start-up made is still in the young generation, and walking it (20 to 40 ms, for
some 750 garbage objects) would fall just before the first list is painted. That
garbage becomes collectable again at the next `release`.

A walk to the end (End) makes long-lived rows a page every few milliseconds, and the
collections it set off visited them again and again: a tenth of a walk over 1,234 topics,
more over 10,000 (`walking`). Between its pages nothing is collected but, every
`WALK_COLLECT_EVERY` pages, the young generation, frozen after: a long walk's garbage still
goes, and the next collection does not visit its rows.
"""

from __future__ import annotations

import gc

__all__ = ["pause_until_settled", "release", "settle", "walking"]

WALK_COLLECT_EVERY = 20
"""Pages of a walk between two collections of what they left (some 5 ms each)."""
_walk_pages = 0  # pages of the walk under way since its young objects were collected


def pause_until_settled() -> None:
    """No collections until the next `settle` (for start-up, before the big imports)."""
    gc.disable()


def walking(pages: int = 1) -> None:
    """`pages` of a walk came (more to come): no collection until the walk settles, but
    the young generation's every `WALK_COLLECT_EVERY` pages."""
    global _walk_pages
    gc.disable()
    _walk_pages += pages
    if _walk_pages >= WALK_COLLECT_EVERY:
        _walk_pages = 0
        gc.collect(1)
        gc.freeze()


def settle() -> None:
    """A page or screen is in: collect the young garbage (cheap), then freeze the rest."""
    global _walk_pages
    # Off in start-up's pause, whose young objects mostly live on, and in a walk's, whose
    # garbage is collected as it would have been.
    if gc.isenabled() or _walk_pages:
        gc.collect(1)
    _walk_pages = 0
    gc.freeze()
    gc.enable()


def release() -> None:
    """A screen closed, or the app is ending: let collections see every object again."""
    global _walk_pages
    _walk_pages = 0
    gc.unfreeze()
    gc.enable()  # also after a start-up that ended before its first frame
