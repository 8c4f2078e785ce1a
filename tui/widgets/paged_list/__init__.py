"""The paged list: a Line-API widget (`widget`) over rows kept a page at a time, far ones
packed (`rows`), each row fitted to one line (`strips`). Its parts, each a piece of the one
class: keys and clicks (`keys`), rows put in by hand (`editing`), finding a row again after
a reload (`finding`), the row after the last (`status`), and a walk's drawing (`walk`),
paced by `pacing`: at most ten draws a second, the progress painted between."""

from .state import ListState
from .widget import PagedList, RowMessage, RowRenderer

__all__ = ["ListState", "PagedList", "RowMessage", "RowRenderer"]
