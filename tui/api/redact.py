"""Keeps credentials out of logs: httpcore's debug trace prints response headers verbatim."""

from __future__ import annotations

import logging
import re

# httpcore logs header lists as reprs of byte pairs: (b'set-cookie', b'groupsio=…; Path=/').
_SECRET_HEADER = re.compile(
    r"""(\(b['"](?:set-cookie|cookie|authorization|proxy-authorization)['"],\s*b)"""
    r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""",
    re.IGNORECASE,
)
_HTTP_LOGGERS = ("httpcore.http11", "httpcore.http2", "httpcore.connection", "httpcore.proxy")


class RedactSecrets(logging.Filter):
    """Replaces the values of credential headers in a log record with <hidden>."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = _SECRET_HEADER.sub(r"\1'<hidden>'", message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True


_FILTER = RedactSecrets()


def protect_logs() -> None:
    """Attach the filter to the HTTP loggers (once): a record is filtered by its own logger."""
    for name in _HTTP_LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
