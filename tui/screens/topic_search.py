"""The service's own search of a group, from its topic list (`/`): the full list set aside
while the results show, and back as it was (functions of the topic list)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

if TYPE_CHECKING:
    from .topic_base import TopicListBase


def search_service(screen: TopicListBase, words: str) -> None:
    """Show the topics the service's own search finds for `words`."""
    search = screen.query_one("#search", Input)
    search.value, search.display = words, True
    screen.paged_list.focus()
    if screen._unsearched is None:
        screen._unsearched = screen.paged_list.set_aside()
        screen._unsearched_hidden = (screen.hidden, screen.hidden_by_key)  # (results: theirs)
    screen.query_text = words
    screen.restart()


def leave_search(screen: TopicListBase) -> None:
    """Show the full list again, with the rows and position it had."""
    screen.query_text = ""
    saved, screen._unsearched = screen._unsearched, None
    if saved is None:
        screen.restart()
        return
    screen.paged_list.restore(saved)
    screen.hidden, screen.hidden_by_key = screen._unsearched_hidden
    screen._update_title()
    screen.show_position()


def back(screen: TopicListBase) -> None:
    """Leave search if searching (or the search box), else go back a screen."""
    search = screen.query_one("#search", Input)
    if search.has_focus or screen.query_text:
        search.value = ""
        search.display = False
        screen.paged_list.focus()
        if screen.query_text:
            leave_search(screen)
        return
    screen.dismiss()
