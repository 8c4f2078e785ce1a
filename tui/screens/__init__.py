"""One module per screen (groups, topics, thread, activity, login, links), plus the rows
each list draws (`*_rows`), the navigation messages the app answers, where `n` and `N` go
past the end of a thread (`onward`), the command palette's entries (`palette`) and the
report of a crash (`crash`).

A screen wires a page source from `api.library` and a row converter into a list widget
and keeps its titles true; it does no I/O of its own and knows nothing of HTTP.
"""
