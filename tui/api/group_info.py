"""What the screens use of a group: a subscription from the service (`Membership`) or the
one saved for an instant start (`store.summary.GroupCard`) alike. No pydantic here."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol


class PermsInfo(Protocol):
    """The permissions the screens act on."""

    @property
    def archives_visible(self) -> bool: ...

    @property
    def view_activity(self) -> bool: ...

    @property
    def any_permission(self) -> bool:
        """Whether any permission is granted (none: the owner turned API access off)."""
        ...


class GroupInfo(Protocol):
    """A group as the group list, the topic list and the activity log know it."""

    @property
    def group_id(self) -> int | str: ...

    @property
    def group_name(self) -> str: ...

    @property
    def display_name(self) -> str: ...

    @property
    def subs_count(self) -> int: ...

    @property
    def most_recent_message(self) -> datetime | None: ...

    @property
    def perms(self) -> PermsInfo: ...
