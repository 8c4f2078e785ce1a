"""The sign-in dialog: API key or email and password, asking for a two-factor code on demand."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import ClassVar
from urllib.parse import urlsplit

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, RadioSet, Static

from ..api.errors import RateLimitError, TwoFactorRequiredError, TwoFactorWrongError
from ..config.account import AccountSession
from ..config.messages import sign_in_message
from ..render.safety import clean
from ..widgets.choice_button import ChoiceButton
from .stylesheets import STYLES

Attempt = Callable[[str, str, str, str, str], Awaitable[None]]
"""`attempt(method, email, password, twofactor, api_key)`: signs in or raises a typed error."""

METHODS = (
    ("api_key", "API key (recommended)"),
    ("password-cookie", "Email and password"),
    ("password-token", "Email and password, as a token"),
)


@dataclass(frozen=True)
class SignedIn:
    """What the sign-in screen returns on success (no secrets: those stay with `attempt`)."""

    method: str
    email: str


QUIT_NOTE = (
    "Not signed in: `lurker login` signs in from the command line, "
    "`lurker --demo` reads the built-in demo."
)


class LoginScreen(ModalScreen[SignedIn | None]):
    """Asks how to sign in, calls `attempt`, and explains failures; dismisses with SignedIn.

    Without `can_cancel` (at start, with nothing beneath to return to) its second button
    and Esc quit Lurker instead."""

    CSS_PATH = STYLES / "login.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        attempt: Attempt,
        *,
        origin: str,
        method: str = "api_key",
        email: str = "",
        reason: str = "",
        can_cancel: bool = True,
        ca_bundle: str | None = None,
    ) -> None:
        super().__init__()
        self._attempt_sign_in = attempt
        self._origin = origin
        self._ca_bundle = ca_bundle
        self._method = method if method in dict(METHODS) else "api_key"
        self._email = email
        self._reason = reason
        self._can_cancel = can_cancel

    @classmethod
    def for_session(cls, session: AccountSession, *, can_cancel: bool = True) -> LoginScreen:
        """The sign-in screen for a profile: its origin, method, email and reason filled in."""
        return cls(
            session.attempt,
            origin=session.profile.origin,
            method=session.profile.auth,
            email=session.email,
            reason=session.reason,
            can_cancel=can_cancel,
            ca_bundle=session.ca_bundle,
        )

    def compose(self) -> ComposeResult:
        host = urlsplit(self._origin).hostname or self._origin
        with Vertical(id="login-dialog"):
            yield Static(f"Sign in to {host}", id="login-title", markup=False)
            yield Static(self._reason, id="login-reason", markup=False)
            with RadioSet(id="login-method"):
                for method, label in METHODS:
                    yield ChoiceButton(label, value=method == self._method, name=method)
            yield Input(placeholder="API key", password=True, id="login-api-key")
            yield Static(
                f"Create a key at {self._origin.rstrip('/')}/settings/apikeys",
                id="login-key-hint",
                markup=False,
            )
            yield Input(self._email, placeholder="Email", id="login-email")
            yield Input(placeholder="Password", password=True, id="login-password")
            yield Input(placeholder="Two-factor code", id="login-twofactor", restrict=r"[0-9 ]*")
            yield Static("", id="login-error", markup=False)
            with Horizontal(id="login-buttons"):
                yield Button("Sign in", variant="primary", id="login-submit")
                yield Button("Cancel" if self._can_cancel else "Quit", id="login-cancel")

    def on_mount(self) -> None:
        self.query_one("#login-reason").display = bool(self._reason)
        self.query_one("#login-twofactor").display = False
        self._set_error("")
        self._show_fields()
        self.call_after_refresh(self._arrows_on_chosen)

    def _arrows_on_chosen(self) -> None:
        """Start the method list's arrow keys on the chosen method (Textual starts them on
        the first), so that Enter or Space there keeps it rather than choosing an API key."""
        methods = self.query_one("#login-method", RadioSet)
        for _ in range(methods.pressed_index):  # (mounted, the list is on its first)
            methods.action_next_button()

    @property
    def method(self) -> str:
        """The way of signing in currently chosen."""
        return self._method

    def _show_fields(self) -> None:
        by_key = self._method == "api_key"
        for selector in ("#login-api-key", "#login-key-hint"):
            self.query_one(selector).display = by_key
        for selector in ("#login-email", "#login-password"):
            self.query_one(selector).display = not by_key
        first = "#login-api-key" if by_key else "#login-password" if self._email else "#login-email"
        self.query_one(first, Input).focus()

    @on(RadioSet.Changed, "#login-method")
    def _method_chosen(self, event: RadioSet.Changed) -> None:
        self._method = event.pressed.name or "api_key"
        self.query_one("#login-twofactor").display = False
        self._set_error("")
        self._show_fields()

    @on(Input.Submitted)
    @on(Button.Pressed, "#login-submit")
    def _submit(self) -> None:
        if self.query_one("#login-submit", Button).disabled:
            return
        values = {name: self.query_one(f"#login-{name}", Input).value for name in _FIELDS}
        missing = _missing(self._method, values)
        if missing:
            self._set_error(missing)
            return
        self._set_busy(True)
        self._sign_in(values)

    @work(exclusive=True, group="sign-in", exit_on_error=False)
    async def _sign_in(self, values: dict[str, str]) -> None:
        try:
            await self._attempt_sign_in(
                self._method,
                values["email"].strip(),
                values["password"],
                values["twofactor"].strip(),
                values["api-key"].strip(),
            )
        except Exception as error:  # every failure is told; the form stays usable
            self._set_busy(False)
            self._failed(error)
            return
        self.dismiss(SignedIn(self._method, values["email"].strip()))

    def _failed(self, error: Exception) -> None:
        message = sign_in_message(error, self._method, self._origin, ca_bundle=self._ca_bundle)
        self._set_error(clean(message))
        code = self.query_one("#login-twofactor", Input)
        if isinstance(error, TwoFactorRequiredError | TwoFactorWrongError):
            code.display = True
            code.value = ""
            code.focus()
        elif isinstance(error, RateLimitError):
            # Asking again before the wait is over would only extend it.
            submit = self.query_one("#login-submit", Button)
            submit.disabled = True
            self.set_timer(error.retry_after, lambda: setattr(submit, "disabled", False))
        elif self._method != "api_key":
            password = self.query_one("#login-password", Input)
            password.value = ""
            password.focus()

    def _set_busy(self, busy: bool) -> None:
        submit = self.query_one("#login-submit", Button)
        submit.disabled = busy
        submit.label = "Signing in…" if busy else "Sign in"

    def _set_error(self, message: str) -> None:
        error = self.query_one("#login-error", Static)
        error.update(message)
        error.display = bool(message)

    @on(Button.Pressed, "#login-cancel")
    def action_cancel(self) -> None:
        """Close without signing in, or quit when there is nothing to return to."""
        self.workers.cancel_group(self, "sign-in")
        if self._can_cancel:
            self.dismiss(None)
        else:
            self.app.exit(message=QUIT_NOTE)


_FIELDS = ("api-key", "email", "password", "twofactor")


def _missing(method: str, values: dict[str, str]) -> str:
    """What the user still has to fill in, in words; empty when nothing is missing."""
    if method == "api_key":
        return "" if values["api-key"].strip() else "Paste your API key."
    if not values["email"].strip():
        return "Enter your email address."
    return "" if values["password"] else "Enter your password."
