"""Every way of signing in, against the demo service in-process, and what gets saved."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.config.conftest import Clock, SessionFactory
from tui.api import errors as e
from tui.api.auth import Token
from tui.config.secrets import SecretStore
from tui.demo import DemoService

EMAIL, PASSWORD = DemoService.demo_email, DemoService.demo_password
TWOFACTOR_EMAIL, CODE = DemoService.twofactor_email, DemoService.twofactor_code


def auth_of(demo: DemoService, endpoint: str) -> list[str]:
    return [request.auth for request in demo.requests if request.endpoint == endpoint]


async def test_cookie_session_is_saved_with_its_csrf_and_restored(
    make_session: SessionFactory, demo: DemoService, store: SecretStore
) -> None:
    session = make_session("password-cookie")
    await session.attempt("password-cookie", EMAIL, PASSWORD, "", "")
    saved = store.load(session.profile.account)
    assert saved is not None
    assert saved.kind == "cookie"
    assert saved.csrf.isdigit()
    assert saved.cookies
    assert saved.email == EMAIL
    assert session.saved_to == str(store.path)

    later = make_session("password-cookie")
    assert later.restore()
    user = await later.client.get_user()
    assert user.email == EMAIL
    assert auth_of(demo, "getuser") == ["cookie"]
    # Logout is a write: it ends the session on the service only if the restored csrf is right.
    await later.sign_out()
    assert store.load(session.profile.account) is None
    stale = make_session("password-cookie")
    stale.client.restore(saved)
    with pytest.raises(e.UnauthorizedError):
        await stale.client.get_user()


async def test_basic_token_is_sent_as_the_basic_user_name(
    make_session: SessionFactory, demo: DemoService, store: SecretStore
) -> None:
    session = make_session("password-token")
    await session.attempt("password-token", EMAIL, PASSWORD, "", "")
    saved = store.load(session.profile.account)
    assert saved is not None
    assert saved.kind == "token"
    assert saved.secret.startswith("eyJ")
    assert saved.expires is not None

    later = make_session("password-token")
    assert later.restore()
    assert later.client.credential == Token(saved.secret)
    await later.client.get_user()  # the demo accepts only the token as the Basic user name
    assert auth_of(demo, "getuser") == ["basic"]


async def test_two_factor_code_is_asked_for_then_accepted(
    make_session: SessionFactory, store: SecretStore
) -> None:
    session = make_session("password-cookie")
    with pytest.raises(e.TwoFactorRequiredError):
        await session.attempt("password-cookie", TWOFACTOR_EMAIL, PASSWORD, "", "")
    with pytest.raises(e.TwoFactorWrongError):
        await session.attempt("password-cookie", TWOFACTOR_EMAIL, PASSWORD, "000000", "")
    assert store.load(session.profile.account) is None
    await session.attempt("password-cookie", TWOFACTOR_EMAIL, PASSWORD, CODE, "")
    assert (await session.client.get_user()).email == TWOFACTOR_EMAIL


async def test_wrong_password_saves_nothing(
    make_session: SessionFactory, store: SecretStore
) -> None:
    session = make_session("password-cookie")
    with pytest.raises(e.UnauthorizedError):
        await session.attempt("password-cookie", EMAIL, "not-the-password", "", "")
    assert not session.signed_in
    assert store.load(session.profile.account) is None
    assert not store.path.exists()


async def test_api_key_is_checked_before_it_is_saved(
    make_session: SessionFactory, demo: DemoService, store: SecretStore
) -> None:
    session = make_session()
    with pytest.raises(e.UnauthorizedError):
        await session.attempt("api_key", "", "", "", "wrong-key")
    assert not session.signed_in
    assert store.load(session.profile.account) is None
    await session.attempt("api_key", "", "", "", f"  {demo.config.api_key}\n")
    saved = store.load(session.profile.account)
    assert saved is not None
    assert saved.secret == demo.config.api_key


async def test_environment_key_wins_and_is_not_saved(
    make_session: SessionFactory, demo: DemoService, store: SecretStore
) -> None:
    session = make_session()
    assert session.restore(api_key=demo.config.api_key)
    assert (await session.client.get_user()).email == EMAIL
    assert store.load(session.profile.account) is None


async def test_expiry_mid_use_asks_for_sign_in_again(
    make_session: SessionFactory, clock: Clock
) -> None:
    session = make_session("password-token")
    await session.attempt("password-token", EMAIL, PASSWORD, "", "")
    await session.client.get_subs()
    clock.now += 3601
    with pytest.raises(e.ExpiredError) as expired:
        await session.client.get_subs()
    assert session.lost(expired.value)
    session.sign_in_needed(expired.value)
    assert "expired" in session.reason
    await session.attempt("password-token", EMAIL, PASSWORD, "", "")
    assert (await session.client.get_subs()).data


async def test_unauthorized_counts_as_lost_only_after_it_had_worked(
    make_session: SessionFactory, demo: DemoService
) -> None:
    session = make_session()
    with pytest.raises(e.UnauthorizedError) as wrong_first:
        await session.attempt("api_key", "", "", "", "not-the-key")
    assert not session.lost(wrong_first.value)  # a wrong first key is a failed sign-in
    await session.attempt("api_key", "", "", "", demo.config.api_key)
    demo.config.api_key = "rotated-on-the-service"  # the key is revoked while in use
    with pytest.raises(e.UnauthorizedError) as revoked:
        await session.client.get_subs()
    assert session.lost(revoked.value)
    assert revoked.value.endpoint == "getsubs"
    assert revoked.value.status == 400
    assert not session.lost(e.GroupNotFoundError())


async def test_saved_credential_is_filed_under_its_origin(
    make_session: SessionFactory, demo: DemoService
) -> None:
    session = make_session()
    await session.attempt("api_key", "", "", "", demo.config.api_key)
    elsewhere = make_session(origin="http://127.0.0.1:9")
    assert not elsewhere.restore()
    assert not elsewhere.signed_in


async def test_expired_saved_session_is_not_restored(
    make_session: SessionFactory, store: SecretStore
) -> None:
    session = make_session("password-cookie")
    await session.attempt("password-cookie", EMAIL, PASSWORD, "", "")
    saved = store.load(session.profile.account)
    assert saved is not None
    store.save(session.profile.account, replace(saved, expires=1.0))
    later = make_session("password-cookie")
    assert not later.restore()
    assert "expired" in later.reason


async def test_a_saved_sign_in_refused_at_the_next_start_counts_as_lost(
    make_session: SessionFactory, demo: DemoService
) -> None:
    # A session the service forgot (ended, or the service restarted) is refused at the very
    # first call of the next start: that is a sign-in to make again, not a failure to retry.
    first = make_session("password-cookie")
    await first.attempt("password-cookie", EMAIL, PASSWORD, "", "")
    demo.forget_sessions()
    later = make_session("password-cookie")
    assert later.restore()
    with pytest.raises(e.UnauthorizedError) as refused:
        await later.client.get_subs()
    assert later.lost(refused.value)
