"""Keeps credentials out of logs: httpcore's debug trace prints response headers verbatim."""

from __future__ import annotations

import logging
import re

# httpcore logs header lists as reprs of byte pairs: (b'set-cookie', b'groupsio=…; Path=/').
# A pattern string, compiled (and cached by re) with the first record filtered: records
# reach the filter only when httpcore's debug log is on.
_SECRET_HEADER = (
    r"""(?i)(\(b['"](?:set-cookie|cookie|authorization|proxy-authorization)['"],\s*b)"""
    r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
)
_HTTP_LOGGERS = ("httpcore.http11", "httpcore.http2", "httpcore.connection", "httpcore.proxy")


class RedactSecrets(logging.Filter):
    """Replaces the values of credential headers in a log record with <hidden>."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = re.sub(_SECRET_HEADER, r"\1'<hidden>'", message)
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
