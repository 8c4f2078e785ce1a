"""Drawing: a converted ``Document`` as terminal lines for a width, knowing nothing of HTML.

``render_document`` lays a message body out for the thread view: ``wrap`` breaks lines
at words (and over-long tokens after punctuation), ``layout`` gives each typed line its
indentation, hanging indent or table, ``tables`` fits a data table into the width (or
draws it as records), ``quotes`` draws quote bars and the one line a folded quote becomes,
``links`` the numbered URL list and OSC 8 hyperlinks; ``message`` a whole thread message
(header, body, attachments) as lines for the thread view. Everything returned is a Rich
``Text`` no wider than the width asked for; nothing here reads or writes anything.
"""

from __future__ import annotations

from .body import render_document, render_part
from .links import hyperlink, render_links
from .quotes import fold_label, quote_runs
from .wrap import wrap

__all__ = [
    "fold_label",
    "hyperlink",
    "quote_runs",
    "render_document",
    "render_links",
    "render_part",
    "wrap",
]
