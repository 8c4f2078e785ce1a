"""The paged list: a Line-API widget (`widget`) over rows kept a page at a time, far ones
packed (`rows`), each row fitted to one line (`strips`)."""

from .widget import ListState, PagedList, RowMessage, RowRenderer

__all__ = ["ListState", "PagedList", "RowMessage", "RowRenderer"]
