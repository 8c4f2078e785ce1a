"""Pure text handling for the reader: no I/O and no Textual, so any script can use it.

- ``convert/``: message bodies into ``Document`` objects (``convert``, ``convert_body``)
  and activity-log entries into one line (``entry_text``).
- ``draw/``: a ``Document`` as terminal lines for a width (``render_document``).
- ``document``: ``Document``, ``Part``, ``Line``, ``Link``, ``TableData``: what converting
  hands to drawing.
- ``safety``: ``clean``/``safe_text``, the one way service strings reach the screen.
- ``styles``: the Rich styles of message text; ``colors``: ``color_hex`` parsing and label
  chips; ``when``: ages, times and counts as a reader wants them.
"""
