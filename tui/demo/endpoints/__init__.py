"""The API endpoints, by name."""

from __future__ import annotations

from .account import get_subs, get_user, login, logout
from .activity import get_activity_log
from .archives import get_group, get_messages, get_topic, get_topics
from .call import Call, Handler

ROUTES: dict[str, Handler] = {
    "login": login,
    "logout": logout,
    "getuser": get_user,
    "getsubs": get_subs,
    "getgroup": get_group,
    "gettopics": get_topics,
    "gettopic": get_topic,
    "getmessages": get_messages,
    "getactivitylog": get_activity_log,
}

__all__ = ["ROUTES", "Call", "Handler"]
