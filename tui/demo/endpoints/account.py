"""Endpoints about the caller: login, logout, getuser, getsubs."""

from __future__ import annotations

from typing import Any

from ..auth import Caller
from ..errors import ApiError
from ..paging import offset_page
from .call import Call


def login(call: Call) -> dict[str, Any]:
    """Log in with email and password (and twofactor); sets the session cookie."""
    request = call.request
    body, cookie, account = call.accounts.login(
        request.get("email") or "",
        request.get("password") or "",
        request.get("twofactor"),
        request.flag("token"),
    )
    request.response_headers.append(("set-cookie", cookie))
    call.caller = Caller(account, "cookie", "")
    return body


def logout(call: Call) -> dict[str, Any]:
    """End the session; a write, so POST only, and cookie callers must send csrf."""
    if call.request.method != "POST":
        raise ApiError("bad_request", "logout requires POST")
    cleared = call.accounts.logout(call.who, call.request.get("csrf"))
    if cleared:
        call.request.response_headers.append(("set-cookie", cleared))
    return {"object": "success", "extra": ""}


def get_user(call: Call) -> dict[str, Any]:
    """The caller's user object."""
    return call.accounts.user(call.who.account)


def get_subs(call: Call) -> dict[str, Any]:
    """The caller's subscriptions, as member records, one group each."""
    world, person = call.world, call.who.account.person
    groups = world.groups

    def record(position: int) -> dict[str, Any]:
        group = groups[position]
        return world.member(group, person, role=group.role)

    return offset_page(call.request, len(groups), record, sort_field="", sort_dir="asc")
