"""Exporting a log to CSV (`e`): where first (asked), then the file written whole, what the
filter shows.

A layer of the activity screen, on its follow mode: `ActivityScreen` is built on it; what
it uses of the screen it names below, and the screen sets."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import work

from ...api.errors import describe
from ...api.group_info import GroupInfo
from ...export.activity import GroupsFailed, activity_file_name, export_activity_file
from ...export.output import OutputBusyError, OutputError
from ...export.place import Target, export_folder, target
from ...render.safety import clean
from ...render.when import count
from ..export_prompt import ExportPrompt
from .filters import filter_words
from .follow import FollowingLog


def export_question(title: str | None, kept: str) -> str:
    """What the export asks: whose log (`title`, a group's; None for all activity) and,
    when a filter is on, which (`kept`, its words), said once."""
    if title is None:
        whose = "all activity"  # ("all" already says an unfiltered log is whole)
    else:
        whose = f"the activity log of {title}" if kept else f"the whole activity log of {title}"
    kept_words = f" (filter: {kept})" if kept else ""
    return f"Export {whose}{kept_words} to the CSV file:"


class ExportingLog(FollowingLog):
    """The activity screen's export (`e`)."""

    group: GroupInfo | None  # (the screen's)

    @property
    def title_text(self) -> str:
        """Whose log this is (the screen's)."""
        raise NotImplementedError

    def action_export(self) -> None:
        """Ask where, then write what the filter shows to a CSV file."""
        self._offer_export()

    @work(exclusive=True, group="export-offer", exit_on_error=False)
    async def _offer_export(self) -> None:
        folder = await asyncio.to_thread(export_folder)
        names = [group.group_name for group in self.logs.groups]
        path = folder / activity_file_name(names[0] if self.group is not None else names)
        title = self.title_text if self.group is not None else None
        what = export_question(title, filter_words(self.activity_query))

        async def check(typed: str) -> Target:
            return await asyncio.to_thread(target, typed)

        def chosen(file: Path | None) -> None:
            if file is not None:
                self._export(file)

        self.app.push_screen(ExportPrompt(what, path, check), chosen)

    @work(exclusive=True, group="export", exit_on_error=False)
    async def _export(self, file: Path) -> None:
        self.notify(f"Exporting what the filter shows to {file}…", title="Export", markup=False)
        names = [group.group_name for group in self.logs.groups]
        group = names[0] if self.group is not None else names
        try:
            path, written = await export_activity_file(
                self.library, group, self.activity_query, file
            )
        except GroupsFailed as error:  # the other groups' entries are in the file
            why = "; ".join(f"{name}: {self.reason(e)}" for name, e in error.failed)
            self.notify(
                clean(f"{error} Written to {error.path}. {why}"),
                title="Export",
                severity="warning",
                markup=False,
            )
            return
        except Exception as error:  # whatever failed is said; the log stays as it is
            known = isinstance(error, OutputBusyError | OutputError | OSError)
            message = str(error) if known else None
            self.notify(
                clean(message or describe(error)),
                title="Export failed",
                severity="error",
                markup=False,
            )
            return
        entries = count(written, "entry", "entries")
        self.notify(f"{entries} written to {path}", title="Export", markup=False)
