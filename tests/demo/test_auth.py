"""The three ways to authenticate: API key, session cookie (with csrf), Basic token."""

from __future__ import annotations

import base64

import httpx
import pytest

from tui.demo import DemoConfig, DemoService, demo_transport

from .support import BASE_URL, FIXED_NOW, FakeClock, error


async def login(client: httpx.AsyncClient, service: DemoService, **extra: str) -> httpx.Response:
    """Log in as the demo user with a form POST."""
    form = {"email": service.demo_email, "password": service.demo_password, **extra}
    return await client.post("/api/v1/login", data=form)


def basic(token: str) -> dict[str, str]:
    """An Authorization header carrying the token as the Basic username."""
    return {"Authorization": "Basic " + base64.b64encode(f"{token}:".encode()).decode()}


async def test_api_key_is_required(anonymous: httpx.AsyncClient) -> None:
    assert await error(anonymous, "getuser") == ("unauthorized_error", "")
    response = await anonymous.get("/api/v1/getuser", headers={"Authorization": "Bearer nope"})
    assert response.json()["type"] == "unauthorized_error"


async def test_api_key_changes_at_run_time(client: httpx.AsyncClient, service: DemoService) -> None:
    service.config.api_key = "rotated"
    assert await error(client, "getuser") == ("unauthorized_error", "")


async def test_cookie_login_and_logout_with_csrf(
    anonymous: httpx.AsyncClient, service: DemoService
) -> None:
    response = await login(anonymous, service)
    assert response.status_code == 200
    body = response.json()
    assert "token" not in body
    assert body["user"]["object"] == "user"
    set_cookie = response.headers["set-cookie"]
    assert "HttpOnly" in set_cookie
    assert "Path=/" in set_cookie
    assert (await anonymous.get("/api/v1/getuser")).json()["email"] == service.demo_email
    assert service.requests[-1].auth == "cookie"
    refused = await anonymous.post("/api/v1/logout", data={"csrf": "12345"})
    assert refused.json() == {"object": "error", "type": "bad_csrf", "extra": ""}
    missing = await anonymous.post("/api/v1/logout")
    assert missing.json()["type"] == "bad_csrf"
    logout = await anonymous.post("/api/v1/logout", data={"csrf": body["user"]["csrf_token"]})
    assert logout.json() == {"object": "success", "extra": ""}
    assert (await anonymous.get("/api/v1/getuser")).json()["type"] == "unauthorized_error"


async def test_logout_is_a_write(anonymous: httpx.AsyncClient, service: DemoService) -> None:
    await login(anonymous, service)
    assert await error(anonymous, "logout") == ("bad_request", "logout requires POST")


async def test_login_by_get_with_query_parameters(
    anonymous: httpx.AsyncClient, service: DemoService
) -> None:
    params = {"email": service.demo_email, "password": service.demo_password}
    response = await anonymous.get("/api/v1/login", params=params)
    assert response.status_code == 200
    assert response.json()["user"]["email"] == service.demo_email


async def test_basic_token_from_login(anonymous: httpx.AsyncClient, service: DemoService) -> None:
    body = (await login(anonymous, service, token="true")).json()
    token = body["token"]
    assert token.startswith("eyJ")
    assert token.count(".") == 2
    anonymous.cookies.clear()
    response = await anonymous.get("/api/v1/getuser", headers=basic(token))
    assert response.json()["id"] == body["user"]["id"]
    assert service.requests[-1].auth == "basic"
    bad = await anonymous.get("/api/v1/getuser", headers=basic("forged"))
    assert bad.json()["type"] == "unauthorized_error"
    garbage = await anonymous.get("/api/v1/getuser", headers={"Authorization": "Basic %%%"})
    assert garbage.json()["type"] == "unauthorized_error"


async def test_wrong_password(anonymous: httpx.AsyncClient, service: DemoService) -> None:
    response = await anonymous.post(
        "/api/v1/login", data={"email": service.demo_email, "password": "wrong"}
    )
    assert response.status_code == 400
    assert response.json() == {
        "object": "error",
        "type": "unauthorized_error",
        "extra": "invalid email or password",
    }


@pytest.mark.parametrize(
    ("code", "expected"),
    [(None, "two_factor_required"), ("000000", "2nd_factor_wrong")],
)
async def test_two_factor_refusals(
    anonymous: httpx.AsyncClient, service: DemoService, code: str | None, expected: str
) -> None:
    form = {"email": service.twofactor_email, "password": service.demo_password}
    if code:
        form["twofactor"] = code
    response = await anonymous.post("/api/v1/login", data=form)
    assert response.status_code == 400
    assert response.json()["type"] == expected


async def test_two_factor_with_the_right_code(
    anonymous: httpx.AsyncClient, service: DemoService
) -> None:
    form = {
        "email": service.twofactor_email,
        "password": service.demo_password,
        "twofactor": service.twofactor_code,
    }
    response = await anonymous.post("/api/v1/login", data=form)
    assert response.json()["user"]["two_factor_enabled"] is True
    assert (await anonymous.get("/api/v1/getuser")).json()["email"] == service.twofactor_email


async def test_tokens_and_sessions_expire() -> None:
    clock = FakeClock()
    service = DemoService(DemoConfig(now=FIXED_NOW, token_lifetime=60), clock=clock)
    async with httpx.AsyncClient(transport=demo_transport(service), base_url=BASE_URL) as c:
        token = (await login(c, service, token="true")).json()["token"]
        clock.advance(30)
        assert (await c.get("/api/v1/getuser")).status_code == 200
        clock.advance(31)
        assert await error(c, "getuser") == ("expired_error", "")
        expired = await c.get("/api/v1/getuser", headers=basic(token))
        assert expired.json()["type"] == "expired_error"


async def test_sessions_and_tokens_outlive_a_restart_but_not_a_logout() -> None:
    # A real service keeps its sessions when it restarts; the demo server started again
    # knows the sessions and tokens it signed.
    first = DemoService(DemoConfig(now=FIXED_NOW))
    async with httpx.AsyncClient(transport=demo_transport(first), base_url=BASE_URL) as c:
        token = (await login(c, first, token="true")).json()["token"]
        cookies = dict(c.cookies)
    again = DemoService(DemoConfig(now=FIXED_NOW))
    async with httpx.AsyncClient(
        transport=demo_transport(again), base_url=BASE_URL, cookies=cookies
    ) as c:
        assert (await c.get("/api/v1/getuser")).json()["email"] == again.demo_email
        csrf = (await c.get("/api/v1/getuser")).json()["csrf_token"]
        assert (await c.post("/api/v1/logout", data={"csrf": csrf})).status_code == 200
        c.cookies.update(cookies)  # the ended session, presented again
        assert await error(c, "getuser") == ("unauthorized_error", "")
    async with httpx.AsyncClient(transport=demo_transport(again), base_url=BASE_URL) as c:
        by_token = await c.get("/api/v1/getuser", headers=basic(token))
        assert by_token.json()["email"] == again.demo_email
    again.forget_sessions()
    async with httpx.AsyncClient(transport=demo_transport(again), base_url=BASE_URL) as c:
        refused = await c.get("/api/v1/getuser", headers=basic(token))
        assert refused.json()["type"] == "unauthorized_error"
