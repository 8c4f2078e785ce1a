"""How HTTPS certificates are checked: the OS trust store, or one configured CA bundle."""

from __future__ import annotations

import ssl
from pathlib import Path

from .errors import SettingsError


def ssl_context(ca_bundle: str | Path | None = None) -> ssl.SSLContext:
    """A verifying TLS context: the system's trust store, or exactly the CAs in `ca_bundle`."""
    if ca_bundle is None:
        import truststore

        # The OS store knows the organisation CAs an administrator installed; certifi would not.
        return truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    path = Path(ca_bundle).expanduser()
    try:
        return ssl.create_default_context(cafile=str(path))
    except FileNotFoundError:
        raise SettingsError(f"ca_bundle {path}: no such file.") from None
    except (ssl.SSLError, ValueError):
        raise SettingsError(
            f"ca_bundle {path}: not a PEM file of CA certificates (-----BEGIN CERTIFICATE-----)."
        ) from None
    except OSError as error:
        raise SettingsError(f"ca_bundle {path}: cannot read it ({error.strerror}).") from None
