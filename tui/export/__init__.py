"""Exports: a thread or an activity log written to a file, for keeping outside the service.

``topic`` writes a whole thread as Markdown (bodies through markdownify, ``markdown``),
text (our own converter) or JSON; ``activity`` writes an activity log as CSV or JSON
Lines, a page at a time; ``output`` is where they go: standard output, or a file locked
against a second writer and written in whole lines, so that an interrupted export leaves
only complete records. Every string from the service passes ``safety.clean`` on the way.
Used by ``lurker export`` (``tui/cli``) and by the reader's ``y`` and ``e`` keys.
"""
