"""A client that can export its sign-in as a saved credential, and take a saved one back.

The credential classes (`saved`) are imported when a sign-in is saved or restored: the demo
and a run with LURKER_API_KEY never need them.
"""

from __future__ import annotations

from http.cookiejar import Cookie
from typing import TYPE_CHECKING

from ..api.auth import ApiKey, CookieSession, Token
from ..api.client import ServiceClient

if TYPE_CHECKING:
    from .saved import Credential, StoredCookie


class AccountClient(ServiceClient):
    """ServiceClient that can export its sign-in for saving, and take a saved one back."""

    def saved_credential(self, email: str = "") -> Credential | None:
        """The credential the client holds now, ready to save (None when signed out)."""
        from .saved import Credential, token_expiry

        match self.credential:
            case ApiKey(key):
                return Credential("api_key", secret=key)
            case Token(token):
                return Credential("token", secret=token, email=email, expires=token_expiry(token))
            case CookieSession(csrf):
                cookies = tuple(_stored(cookie) for cookie in self.cookies)
                ends = [cookie.expires for cookie in cookies if cookie.expires is not None]
                expires = float(min(ends)) if ends else None
                return Credential(
                    "cookie", cookies=cookies, csrf=csrf, email=email, expires=expires
                )
        return None

    def restore(self, credential: Credential) -> None:
        """Authenticate with a saved credential."""
        if credential.kind == "api_key":
            self.use_api_key(credential.secret)
        elif credential.kind == "token":
            self.use_token(credential.secret)
        else:
            self.use_session([_cookie(cookie) for cookie in credential.cookies], credential.csrf)
        # It was saved only once it had worked: refused now, the sign-in has ended (a session
        # ended on the service, a key revoked) and the reader asks to sign in again.
        self.worked = True


def _stored(cookie: Cookie) -> StoredCookie:
    from .saved import StoredCookie

    return StoredCookie(
        name=cookie.name,
        value=cookie.value or "",
        domain=cookie.domain,
        path=cookie.path,
        expires=cookie.expires,
        secure=cookie.secure,
    )


def _cookie(saved: StoredCookie) -> Cookie:
    return Cookie(
        version=0,
        name=saved.name,
        value=saved.value,
        port=None,
        port_specified=False,
        domain=saved.domain,
        domain_specified=saved.domain.startswith("."),
        domain_initial_dot=saved.domain.startswith("."),
        path=saved.path,
        path_specified=True,
        secure=saved.secure,
        expires=saved.expires,
        discard=saved.expires is None,
        comment=None,
        comment_url=None,
        rest={},
    )
