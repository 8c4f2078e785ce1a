"""Where settings come from (flags > environment > config file), profiles, saved sign-ins
(keyring or a private file), TLS, and the one connection a run opens (`connection`).
No Textual here."""

from .errors import SettingsError

__all__ = ["SettingsError"]
