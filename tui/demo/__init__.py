"""The embedded demo service: the group API over generated data, in-process or on a socket."""

from .config import DemoConfig
from .service import DemoService, RecordedRequest
from .transport import demo_transport

__all__ = ["DemoConfig", "DemoService", "RecordedRequest", "demo_transport"]
