"""Exporting a log to CSV: where first (asked), then the file written whole, what the filter
shows: the activity screen's `e`, as functions of the screen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from ...api.errors import describe
from ...export.activity import GroupsFailed, activity_file_name, export_activity_file
from ...export.output import OutputBusyError, OutputError
from ...export.place import Target, export_folder, target
from ...render.safety import clean
from ...render.when import count
from ..export_prompt import ExportPrompt
from .filters import filter_words

if TYPE_CHECKING:
    from .screen import ActivityScreen


def action_export(screen: ActivityScreen) -> None:
    """Ask where, then write what the filter shows to a CSV file."""
    screen._offer_export()

async def offer(screen: ActivityScreen) -> None:
    folder = await asyncio.to_thread(export_folder)
    names = [group.group_name for group in screen.logs.groups]
    path = folder / activity_file_name(names[0] if screen.group is not None else names)
    kept = filter_words(screen.activity_query)
    whose = f"the activity log of {screen.title_text}" if screen.group else "all activity"
    what = f"Export {whose}"
    what += f" (filter: {kept})" if kept else " (all of it)"
    what += " to the CSV file:"

    async def check(typed: str) -> Target:
        return await asyncio.to_thread(target, typed)

    def chosen(file: Path | None) -> None:
        if file is not None:
            screen.export(file)

    screen.app.push_screen(ExportPrompt(what, path, check), chosen)

async def export(screen: ActivityScreen, file: Path) -> None:
    screen.notify(f"Exporting what the filter shows to {file}…", title="Export", markup=False)
    names = [group.group_name for group in screen.logs.groups]
    group = names[0] if screen.group is not None else names
    try:
        path, written = await export_activity_file(
            screen.library, group, screen.activity_query, file
        )
    except GroupsFailed as error:  # the other groups' entries are in the file
        why = "; ".join(f"{name}: {screen.reason(e)}" for name, e in error.failed)
        screen.notify(
            clean(f"{error} Written to {error.path}. {why}"),
            title="Export",
            severity="warning",
            markup=False,
        )
        return
    except Exception as error:  # whatever failed is said; the log stays as it is
        known = isinstance(error, OutputBusyError | OutputError | OSError)
        message = str(error) if known else None
        screen.notify(
            clean(message or describe(error)),
            title="Export failed",
            severity="error",
            markup=False,
        )
        return
    entries = count(written, "entry", "entries")
    screen.notify(f"{entries} written to {path}", title="Export", markup=False)
