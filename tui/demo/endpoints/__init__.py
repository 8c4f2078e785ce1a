"""The API endpoints, by name. Each endpoint's module is imported on its first call: the
group list needs only `account`, and the others bring the topic, message and activity
generators with them."""

from __future__ import annotations

from importlib import import_module

from .call import Call, Handler

# endpoint: (module, function)
_ROUTES: dict[str, tuple[str, str]] = {
    "login": ("account", "login"),
    "logout": ("account", "logout"),
    "getuser": ("account", "get_user"),
    "getsubs": ("account", "get_subs"),
    "getgroup": ("archives", "get_group"),
    "gettopics": ("archives", "get_topics"),
    "gettopic": ("archives", "get_topic"),
    "getmessages": ("archives", "get_messages"),
    "getactivitylog": ("activity", "get_activity_log"),
}


def find_handler(endpoint: str) -> Handler | None:
    """The function answering `endpoint`; None when the API has no such endpoint."""
    route = _ROUTES.get(endpoint)
    if route is None:
        return None
    module, function = route
    handler: Handler = getattr(import_module(f".{module}", __name__), function)
    return handler


__all__ = ["Call", "Handler", "find_handler"]
