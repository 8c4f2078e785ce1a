"""The one error configuration raises: its text names the file, line or flag at fault."""

from __future__ import annotations


class SettingsError(Exception):
    """The command line, environment or config file asks for something impossible."""
