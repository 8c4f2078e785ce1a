"""Pure text handling for the reader: no I/O and no Textual, so any script can use it.

- ``safety``: ``clean``/``safe_text``, the one way service strings reach the screen.
- ``colors``: ``color_hex`` parsing, readable foregrounds, label chips.
- ``html``: ``convert``/``convert_cached`` (message bodies into ``Document``s) and
  ``entry_text`` (activity-log entries).
- ``document``: ``Document``, ``Part``, ``Link`` and ``quoted_line_count``.
- ``render``: ``render_document``, a ``Document`` as terminal lines for a width.

The rest are the converter's private stages: ``prepass``, ``depth``, ``quotes``,
``tables``, ``blocks`` (the HTML tree), ``converter`` (markdownify), ``markers``,
``lines``, ``quotelines``, ``parts``, ``plaintext`` (marked text), and ``layout``,
``tablelayout``, ``wrap`` (drawing).
"""
