"""Lurker: a terminal reader for mailing-list style groups."""

__version__ = "0.1.0"
