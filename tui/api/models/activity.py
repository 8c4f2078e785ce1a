"""One entry of a group's activity log (getactivitylog)."""

from __future__ import annotations

from ..fields import (
    ApiModel,
    Identifier,
    LongText,
    Text,
    Timestamp,
)


class ActivityEntry(ApiModel):
    """One row of a group's activity log; `entry` is an HTML fragment."""

    id: Identifier = 0
    object: Text = "activity_log"
    created: Timestamp = None
    group_id: Identifier = 0
    entry: LongText = ""
    via: Text = ""
