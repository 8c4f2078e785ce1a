"""Faults the demo cannot produce on demand, injected with httpx.MockTransport.

Everything else about the client is tested against the demo service itself.
"""

from __future__ import annotations

import json
import ssl
from collections.abc import Callable

import httpx
import pytest

from tui.api import errors as e
from tui.api.backoff import RetryPolicy
from tui.api.client import ServiceClient
from tui.api.exchange import PROBE_CONNECT_TIMEOUT

Handler = Callable[[httpx.Request], httpx.Response]


class Recorder:
    """A MockTransport handler that answers from a script and counts requests."""

    def __init__(self, *answers: httpx.Response | Exception) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer


class FakeSleep:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def client_for(handler: Handler, sleep: FakeSleep | None = None) -> ServiceClient:
    return ServiceClient(
        "https://groups.example",
        api_key="secret-key",
        transport=httpx.MockTransport(handler),
        sleep=sleep or FakeSleep(),
    )


def error(type_: str, extra: str = "") -> httpx.Response:
    return httpx.Response(400, json={"object": "error", "type": type_, "extra": extra})


LIST = {"object": "list", "total_count": 0, "data": None}

ERROR_TYPES = [
    ("unauthorized_error", e.UnauthorizedError),
    ("unauthorized", e.UnauthorizedError),
    ("authentication", e.UnauthorizedError),
    ("expired_error", e.ExpiredError),
    ("expired", e.ExpiredError),
    ("bad_request", e.BadRequestError),
    ("inadequate_permissions", e.InadequatePermissionsError),
    ("no_permission", e.InadequatePermissionsError),
    ("invalid_value", e.InvalidValueError),
    ("no_group_specified", e.NoGroupSpecifiedError),
    ("group_not_found", e.GroupNotFoundError),
    ("no_such_group", e.GroupNotFoundError),
    ("not_subscribed", e.NotSubscribedError),
    ("server", e.ServerError),
    ("bad_csrf", e.BadCsrfError),
    ("rate_limit", e.RateLimitError),
    ("two_factor_required", e.TwoFactorRequiredError),
    ("2nd_factor_required", e.TwoFactorRequiredError),
    ("2nd_factor_wrong", e.TwoFactorWrongError),
    ("login_2nd_factor_required_now", e.TwoFactorRequiredError),
    ("something_new", e.UnknownServiceError),
]


@pytest.mark.parametrize(("type_", "cls"), ERROR_TYPES)
async def test_each_error_type_maps_to_its_class(type_: str, cls: type[e.ApiError]) -> None:
    async with client_for(Recorder(error(type_, "the extra"))) as client:
        with pytest.raises(cls) as caught:
            await client.get_subs()
    assert caught.value.type == type_
    assert caught.value.extra == "the extra"
    assert caught.value.endpoint == "getsubs"
    sentence = str(caught.value)
    assert sentence.endswith(".")
    assert "Traceback" not in sentence


async def test_bad_request_names_the_fault_in_words() -> None:
    async with client_for(Recorder(error("bad_request", "invalid start_date"))) as client:
        with pytest.raises(e.BadRequestError, match="invalid start_date"):
            await client.get_activity_log(group_name="g")


async def test_429_backs_off_exponentially_then_succeeds() -> None:
    sleep = FakeSleep()
    recorder = Recorder(*[httpx.Response(429)] * 3, httpx.Response(200, json=LIST))
    async with client_for(recorder, sleep) as client:
        page = await client.get_topics(group_name="g")
    assert page.data == []
    assert len(recorder.requests) == 4
    assert len(sleep.waits) == 3
    # Each wait is within [ceiling/2, ceiling] of a doubling ceiling starting at 1 s.
    for attempt, wait in enumerate(sleep.waits):
        assert 0.5 * 2**attempt <= wait <= 2**attempt


async def test_429_gives_up_with_a_rate_limit_error_without_hammering() -> None:
    sleep = FakeSleep()
    recorder = Recorder(httpx.Response(429))
    policy = RetryPolicy(rate_limit_attempts=4, give_up_wait=120)
    client = ServiceClient(
        "https://groups.example",
        api_key="k",
        transport=httpx.MockTransport(recorder),
        retry=policy,
        sleep=sleep,
    )
    async with client:
        with pytest.raises(e.RateLimitError) as caught:
            await client.get_subs()
    assert len(recorder.requests) == 5  # the first try and four retries, no more
    assert sum(sleep.waits) >= 0.5 + 1 + 2 + 4
    assert caught.value.retry_after == 120
    assert "try again in about 2 min" in str(caught.value)


async def test_retry_after_is_honoured_when_present() -> None:
    sleep = FakeSleep()
    recorder = Recorder(
        httpx.Response(429, headers={"Retry-After": "7"}), httpx.Response(200, json=LIST)
    )
    async with client_for(recorder, sleep) as client:
        await client.get_subs()
    assert sleep.waits == [7.0]


async def test_writes_are_never_retried_on_429() -> None:
    recorder = Recorder(httpx.Response(429))
    async with client_for(recorder) as client:
        with pytest.raises(e.RateLimitError):
            await client.login("a@example.com", "pw")
    assert len(recorder.requests) == 1


@pytest.mark.parametrize(
    ("fault", "cls"),
    [
        (httpx.ConnectError("refused"), e.ConnectFailedError),
        (httpx.ReadTimeout("slow"), e.RequestTimeoutError),
        (httpx.RemoteProtocolError("Server disconnected"), e.ConnectionDroppedError),
        (httpx.ReadError("reset"), e.ConnectionDroppedError),
    ],
)
async def test_reads_retry_transport_failures_a_bounded_number_of_times(
    fault: Exception, cls: type[e.TransportError]
) -> None:
    recorder = Recorder(fault)
    async with client_for(recorder) as client:
        with pytest.raises(cls):
            await client.get_subs()
    assert len(recorder.requests) == 3  # the try and two retries


async def test_once_the_service_is_unreachable_a_call_tries_once_at_once() -> None:
    refused = httpx.ConnectError("refused")
    answer = httpx.Response(200, json=LIST)
    recorder = Recorder(refused, refused, refused, refused, answer, refused, refused, refused)
    sleep = FakeSleep()
    async with client_for(recorder, sleep) as client:
        with pytest.raises(e.ConnectFailedError):
            await client.get_subs()  # the first failure: the try and two retries
        assert (len(recorder.requests), len(sleep.waits)) == (3, 2)
        with pytest.raises(e.ConnectFailedError):
            await client.get_topics(group_name="g")  # known now: once, without a wait
        assert (len(recorder.requests), len(sleep.waits)) == (4, 2)
        timeout = recorder.requests[-1].extensions["timeout"]
        assert timeout["connect"] == PROBE_CONNECT_TIMEOUT  # not the whole 30 s
        await client.get_subs()  # it answers again: back to trying as before
        with pytest.raises(e.ConnectFailedError):
            await client.get_subs()
        assert (len(recorder.requests), len(sleep.waits)) == (8, 4)
        assert recorder.requests[-3].extensions["timeout"]["connect"] == 30.0
    recorder = Recorder(refused, refused, refused, refused, refused, refused)
    async with client_for(recorder, FakeSleep()) as client:
        for _ in range(2):
            with pytest.raises(e.ConnectFailedError):
                await client.get_subs()
        recorder.answers = [httpx.ReadTimeout("slow")]  # reached, but slow: not unreachable
        with pytest.raises(e.RequestTimeoutError):
            await client.get_subs()
        assert len(recorder.requests) == 3 + 1 + 3


async def test_read_recovers_after_one_dropped_connection() -> None:
    recorder = Recorder(httpx.RemoteProtocolError("gone"), httpx.Response(200, json=LIST))
    async with client_for(recorder) as client:
        page = await client.get_subs()
    assert page.total_count == 0
    assert len(recorder.requests) == 2


async def test_login_whose_outcome_is_unknown_is_not_retried() -> None:
    recorder = Recorder(httpx.ReadTimeout("slow"))
    async with client_for(recorder) as client:
        with pytest.raises(e.RequestTimeoutError):
            await client.login("a@example.com", "pw")
    assert len(recorder.requests) == 1


async def test_certificate_failure_is_named_and_not_retried() -> None:
    fault = httpx.ConnectError("cert")
    fault.__cause__ = ssl.SSLCertVerificationError("certificate verify failed")
    recorder = Recorder(fault)
    async with client_for(recorder) as client:
        with pytest.raises(e.CertificateError, match="certificate"):
            await client.get_subs()
    assert len(recorder.requests) == 1


async def test_plain_text_404_is_an_unknown_endpoint() -> None:
    recorder = Recorder(httpx.Response(404, text="404 page not found"))
    async with client_for(recorder) as client:
        with pytest.raises(e.UnknownEndpointError, match="getsubs"):
            await client.get_subs()


async def test_invalid_json_and_unexpected_shapes_are_typed() -> None:
    async with client_for(Recorder(httpx.Response(200, text="<html>oops"))) as client:
        with pytest.raises(e.InvalidJsonError, match="not valid JSON"):
            await client.get_subs()
    shape = httpx.Response(200, json={"object": "list", "data": "not a list"})
    async with client_for(Recorder(shape)) as client:
        with pytest.raises(e.InvalidPayloadError, match="data"):
            await client.get_subs()


async def test_400_without_an_error_object_is_explained() -> None:
    async with client_for(Recorder(httpx.Response(400, text="Bad Gateway"))) as client:
        with pytest.raises(e.UnexpectedResponseError, match="HTTP 400"):
            await client.get_subs()


async def test_redirects_are_not_followed_so_credentials_stay_home() -> None:
    recorder = Recorder(
        httpx.Response(302, headers={"Location": "https://evil.example/api/v1/getsubs"})
    )
    async with client_for(recorder) as client:
        with pytest.raises(e.UnexpectedResponseError, match="not following"):
            await client.get_subs()
    assert [r.url.host for r in recorder.requests] == ["groups.example"]


async def test_status_is_checked_before_decoding() -> None:
    # A 503 page from a proxy is HTML: it must not be reported as invalid JSON.
    recorder = Recorder(httpx.Response(503, text="<html>maintenance</html>"))
    async with client_for(recorder) as client:
        with pytest.raises(e.UnexpectedResponseError, match="unavailable"):
            await client.get_subs()


async def test_extended_answers_are_unwrapped() -> None:
    body = [{"object": "user", "email": "me@example.com"}, {"object": "list", "total_count": 3}]
    async with client_for(Recorder(httpx.Response(200, json=body))) as client:
        page = await client.get_subs()
    assert page.total_count == 3


async def test_api_key_is_sent_as_bearer_and_huge_tokens_exactly() -> None:
    recorder = Recorder(httpx.Response(200, content=json.dumps(LIST).encode()))
    async with client_for(recorder) as client:
        await client.get_topics(group_name="parent+child", page_token=1768251011301721253)
    request = recorder.requests[0]
    assert request.headers["Authorization"] == "Bearer secret-key"
    assert b"group_name=parent%2Bchild" in request.url.query
    assert b"page_token=1768251011301721253" in request.url.query
