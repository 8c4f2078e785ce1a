"""Accounts: the config file, profiles, saved sign-ins and TLS. No Textual here."""

from .errors import SettingsError

__all__ = ["SettingsError"]
