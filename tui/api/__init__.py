"""The service's HTTP API: models, errors, the client and paging cursors. No Textual here."""

from .client import ServiceClient
from .cursor import PageCursor
from .errors import LurkerError
from .params import ActivityQuery

__all__ = ["ActivityQuery", "LurkerError", "PageCursor", "ServiceClient"]
