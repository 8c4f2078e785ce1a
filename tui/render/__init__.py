"""Text handling for the reader: no Textual, so any script can use it, and no I/O but that
of ``convert.process`` and ``convert.child``, the two ends of the converting process.

- ``convert/``: message bodies into ``Document`` objects (``convert``, ``convert_body``)
  and activity-log entries into one line (``entry_text``); ``convert.process`` and
  ``convert.child`` do that in a process of its own, for the thread view.
- ``draw/``: a ``Document`` as terminal lines for a width (``render_document``).
- ``document``: ``Document``, ``Part``, ``Line``, ``Link``, ``TableData``: what converting
  hands to drawing.
- ``safety``: ``clean``/``safe_text``, the one way service strings reach the screen.
- ``styles``: the Rich styles of message text; ``colors``: ``color_hex`` parsing and label
  chips; ``when``: ages, times and counts as a reader wants them.
"""
