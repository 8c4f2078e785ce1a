"""A group's activity log (or every log the user may see, merged): the screen (`screen`), its
rows (`rows`), the entry opened whole (`entry`), the filters (`filters`), the strip over the
log (`glance`), what was seen of it (`log`) and following it (`follow`)."""

from .screen import ActivityScreen

__all__ = ["ActivityScreen"]
