"""The store a command opens: the account's, with the reader's clock, the rules in effect
and the sync folder, its problems said on stderr."""

from __future__ import annotations

from ..config.settings import Settings
from ..render.when import seconds_now
from ..store.house import House, open_house
from ..store.reading.door import Reading
from ..store.reading.verdicts import Rulebook
from .problems import report_problems


def command_house(settings: Settings) -> House:
    """The house of the account `settings` name, as the reader would open it."""
    reading = Reading(seconds_now, Rulebook(settings.rules, seconds_now))
    return open_house(
        settings.store, settings.cache_bytes, report_problems, reading, settings.sync_folder
    )
