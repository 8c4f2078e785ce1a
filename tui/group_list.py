"""The group list kept for the next start as soon as the service's has arrived whole.

`News` keeps it again once each group's new topics are counted (a request or more a
group); a reader who quits before that still starts at once next time.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from .api.group_info import GroupInfo
from .render import when
from .store.summary import save_summary, summary_path


async def keep_group_list(store: Path, groups: list[GroupInfo], news: dict[str, int]) -> None:
    """Save `groups` and their counts of new topics beside the store at `store`."""
    saved_at = when.clock().timestamp()
    try:
        await asyncio.to_thread(save_summary, summary_path(store), groups, news, saved_at)
    except OSError:
        pass  # said once, naming the file, by the save after the counting (`News`)
