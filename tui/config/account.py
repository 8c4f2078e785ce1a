"""One profile's sign-in: restores a saved credential, signs in, saves it and forgets it."""

from __future__ import annotations

from dataclasses import dataclass

from ..api.errors import BadCsrfError, ExpiredError, LurkerError, UnauthorizedError
from ..api.origin import api_root
from .credentials import AccountClient
from .errors import SettingsError
from .secrets import SecretStore

API_KEY, PASSWORD_COOKIE, PASSWORD_TOKEN = "api_key", "password-cookie", "password-token"


@dataclass(frozen=True)
class Profile:
    """Who signs in where, and how (no secrets here)."""

    name: str
    origin: str
    auth: str = API_KEY
    email: str = ""

    @property
    def account(self) -> str:
        """The name a saved credential is filed under: profile and origin, so a credential
        saved for one origin is never sent to another."""
        return f"{self.name} {api_root(self.origin)}"


class AccountSession:
    """The client's credential for one profile, and the sign-in the sign-in screen drives."""

    def __init__(self, client: AccountClient, profile: Profile, store: SecretStore | None) -> None:
        self.client = client
        self.profile = profile
        self.store = store
        self.email = profile.email
        self.reason = ""  # why a sign-in is needed, for the sign-in screen
        self.ended_mid_use = False  # the sign-in ended while reading, and was not made again
        self.saved_to: str | None = None
        self.save_problem = ""
        self.ca_bundle: str | None = None  # the CA file certificates are checked against, if any

    @property
    def signed_in(self) -> bool:
        """Whether the client holds any credential (it may still turn out stale)."""
        return self.client.auth_kind != "none"

    def restore(self, api_key: str | None = None) -> bool:
        """Put the environment's API key, else the saved credential, into the client."""
        if api_key:
            self.client.use_api_key(api_key)
            return True
        saved = self.store.load(self.profile.account) if self.store else None
        if saved is None:
            self.reason = f"Sign in to {self.profile.origin}."
            return False
        if saved.expired():
            self.reason = "Your saved session has expired: sign in again."
            return False
        self.client.restore(saved)
        self.email = saved.email or self.email
        return True

    async def attempt(
        self, method: str, email: str, password: str, twofactor: str, api_key: str
    ) -> None:
        """Sign in (the sign-in screen's callable); raises the API's typed errors."""
        if method == API_KEY:
            self.client.use_api_key(api_key.strip())
            try:
                await self.client.get_user()
            except LurkerError:
                self.client.forget()
                raise
        else:
            self.client.forget()
            await self.client.login(
                email.strip(),
                password,
                twofactor=twofactor.strip() or None,
                token=method == PASSWORD_TOKEN,
            )
            self.email = email.strip()
        self.reason = ""
        self.ended_mid_use = False
        self._save()

    def lost(self, error: BaseException) -> bool:
        """Whether `error` means the sign-in ended mid-use and the user must sign in again."""
        if isinstance(error, ExpiredError | BadCsrfError):
            return True
        if not isinstance(error, UnauthorizedError):
            return False
        # Refused again after the sign-in window was cancelled: still the sign-in that ended
        # (a retry then asks for it again rather than repeating the refusal).
        return error.lost_sign_in or self.ended_mid_use

    def sign_in_needed(self, error: BaseException) -> None:
        """Record that the sign-in was lost: the reason the sign-in screen will show."""
        self.ended_mid_use = True
        self.reason = (
            "Your session has expired: sign in again."
            if isinstance(error, ExpiredError | BadCsrfError)
            else "The service no longer accepts this sign-in: sign in again."
        )

    async def sign_out(self) -> list[str]:
        """End the session on the service when it has one, and forget every saved copy."""
        if self.client.auth_kind in ("cookie", "token"):
            try:
                await self.client.logout()
            except LurkerError:
                pass  # offline or already expired: forgetting it here is what matters
        self.client.forget()
        return self.store.forget(self.profile.account) if self.store else []

    def _save(self) -> None:
        self.saved_to, self.save_problem = None, ""
        credential = self.client.saved_credential(self.email)
        if self.store is None or credential is None:
            return
        try:
            self.saved_to = self.store.save(self.profile.account, credential)
        except OSError as error:
            self.save_problem = f"could not save the sign-in ({error.strerror})"
        except SettingsError as error:  # a damaged secrets file, left as it is
            self.save_problem = f"could not save the sign-in: {error}"
