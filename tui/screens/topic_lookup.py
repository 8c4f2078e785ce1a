"""A topic list opened by a group's name (`--group`): the group looked up, and the keys
that need it waiting for it or saying why not (functions of the topic list)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..api.errors import LurkerError, describe
from ..api.group_info import GroupInfo
from ..render.safety import clean

if TYPE_CHECKING:
    from .topic_base import TopicListBase


async def find_group(screen: TopicListBase, name: str) -> None:
    """Look the group up; then run the keys that waited for it."""
    try:
        screen.group = await screen.library.membership(name)
    except LurkerError as error:
        screen.lookup_error = error
    finally:
        screen.looking_up = False
    waiting, screen.waiting = screen.waiting, []
    screen.offer_keys()  # (known or not, what its keys can do is known now)
    if screen.group is None:
        if waiting:  # keys pressed meanwhile: say why they could not act
            screen.notify(no_group(screen), severity="warning", markup=False)
        return
    screen.sub_title = screen.title_text
    screen._update_title()
    screen.paged_list.refresh()  # an error row says it better now the group is known
    for action in dict.fromkeys(waiting):
        getattr(screen, f"action_{action}")()


def needs_group(screen: TopicListBase, action: str, what: str, alone: str) -> GroupInfo | None:
    """The group a key acts on; else the key waits for its lookup, or says why not."""
    if screen.group is not None:
        return screen.group
    if not screen.group_name:
        screen.notify(alone, markup=False)
        return None
    name = clean(screen.group_name)
    if screen.looking_up:
        if action not in screen.waiting:
            screen.waiting.append(action)
        screen.notify(f"Looking up {name}… {what} once it is known.", markup=False)
        return None
    if screen.lookup_error is not None:
        reason = describe(screen.lookup_error)
        screen.notify(
            f"Could not look up {name}. {reason} Asking again.",
            severity="warning",
            markup=False,
        )
        screen.waiting.append(action)
        screen.look_up(screen.group_name)
        return None
    screen.notify(no_group(screen), severity="warning", markup=False)
    return None


def no_group(screen: TopicListBase) -> str:
    """Why a key that needs the group cannot act."""
    name = clean(screen.group_name or "")
    if screen.lookup_error is not None:
        return f"Could not look up {name}. {describe(screen.lookup_error)} Press the key again."
    return f"{name} is not one of your groups, so Lurker can't act on it as a member."
