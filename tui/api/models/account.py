"""The signed-in account, login's answer, and the service's success and error objects."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    ApiModel,
    Flag,
    Identifier,
    ListOf,
    LongText,
    Text,
    Timestamp,
    new_list,
)
from .memberships import Membership


class Success(ApiModel):
    """The success object some endpoints return."""

    object: Text = "success"
    extra: Text = ""


class ErrorBody(ApiModel):
    """The error object of every failed call (HTTP 400)."""

    object: Text = "error"
    type: Text = ""
    extra: Text = ""


class User(ApiModel):
    """The signed-in account (login, extended responses, getuser)."""

    id: Identifier = 0
    object: Text = "user"
    email: Text = ""
    full_name: Text = ""
    user_name: Text = ""
    status: Text = ""
    timezone: Text = ""
    csrf_token: Text = ""
    two_factor_enabled: Flag = False
    created: Timestamp = None
    updated: Timestamp = None
    subscriptions: ListOf[Membership] = Field(default_factory=new_list)


class LoginResult(ApiModel):
    """login's answer: the user, and a Basic-auth token when one was asked for."""

    token: LongText = ""
    user: User = Field(default_factory=User)
