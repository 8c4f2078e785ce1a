"""What an endpoint handler receives, and the checks most handlers share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..auth import Accounts, Caller
from ..errors import ApiError
from ..groups import GroupSpec
from ..perms import perms_for
from ..request import ApiRequest
from ..world import World


@dataclass
class Call:
    """One request being answered: the request, the world, and who is asking."""

    request: ApiRequest
    world: World
    accounts: Accounts
    # Signs a message's attachment links, for the origin the request came to.
    signed: Callable[[dict[str, Any]], dict[str, Any]] = lambda message: message
    caller: Caller | None = None

    @property
    def who(self) -> Caller:
        """The authenticated caller (every endpoint but login has one)."""
        assert self.caller is not None
        return self.caller


Handler = Callable[[Call], Any]


def find_group(call: Call, required: bool = True) -> GroupSpec | None:
    """The group named by group_id or group_name; errors as the service gives them."""
    request, world = call.request, call.world
    group_id = request.integer("group_id", ApiError("invalid_value", "group_id"))
    name = request.get("group_name")
    if group_id is not None:
        group = world.group_by_id(group_id)
    elif name:
        group = world.group_by_name(name)
    elif required:
        raise ApiError("no_group_specified", "")
    else:
        return None
    if group is None:
        raise ApiError("group_not_found", "")
    return group


def check_access(group: GroupSpec, permission: str | None) -> None:
    """Refuse calls on groups with API access off, or without the named permission."""
    if group.api_disabled:
        raise ApiError("inadequate_permissions", "api access disabled")
    if permission is not None and not perms_for(group).get(permission):
        raise ApiError("inadequate_permissions", permission)
