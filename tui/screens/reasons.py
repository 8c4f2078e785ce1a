"""Why something could not be shown, in the same words on every screen that shows it."""

from __future__ import annotations

from ..api.errors import API_ACCESS_OFF, GroupNotFoundError, InadequatePermissionsError, describe
from ..api.group_info import GroupInfo
from ..render.safety import clean


def no_api_access(name: str) -> str:
    """The sentence for a group whose owner turned API access off."""
    return f"{name}: {API_ACCESS_OFF[0].lower()}{API_ACCESS_OFF[1:]}" if name else API_ACCESS_OFF


def reason(error: BaseException, group: GroupInfo | None = None, group_name: str = "") -> str:
    """The sentence for `error` met in a group (known, or by name only, or neither)."""
    name = clean(group.display_name) if group is not None else clean(group_name)
    if isinstance(error, InadequatePermissionsError) and (
        # What the service says wins; when it says only "inadequate_permissions", a
        # membership without a single permission tells that API access is off.
        error.api_access_off
        or (not error.extra.strip() and group is not None and not group.perms.any_permission)
    ):
        return no_api_access(name)
    if isinstance(error, GroupNotFoundError) and name:
        return f"No group is named {name}."
    return describe(error)
