"""The demo's attachment files: served at signed links that expire, as real files."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from PIL import Image

from tui.demo import DemoConfig, DemoService, demo_transport
from tui.demo import files as demo_files

NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)
HOSTILE_NAMES_TOPIC = 700000007
HOSTILE_FILES_TOPIC = 700000005


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def attachments_of(service: DemoService, topic: int, origin: str) -> list[dict[str, Any]]:
    transport = demo_transport(service)
    headers = {"Authorization": "Bearer demo-key"}
    async with httpx.AsyncClient(transport=transport, base_url=origin, headers=headers) as c:
        answer = (await c.get("/api/v1/gettopic", params={"topic_id": topic})).json()
    return [item for message in answer["data"] for item in message["attachments"]]


async def fetch(service: DemoService, url: str) -> httpx.Response:
    async with httpx.AsyncClient(transport=demo_transport(service)) as c:
        return await c.get(url)  # no credential: the signature is enough


async def test_each_attachment_is_served_at_its_link_on_the_origin_asked() -> None:
    service = DemoService(DemoConfig(now=NOW))
    listed = await attachments_of(service, HOSTILE_NAMES_TOPIC, "http://127.0.0.1:8123")
    assert len(listed) == 6
    for item in listed:
        assert item["download_url"].startswith("http://127.0.0.1:8123/files/")
        response = await fetch(service, item["download_url"])
        assert response.status_code == 200
        assert response.content == demo_files.body(item["filename"], item["media_type"])
        assert response.headers["content-length"] == str(len(response.content))
    assert {request.auth for request in service.requests if "files" in request.endpoint} == {"none"}


async def test_pictures_are_real_pictures_in_several_colours() -> None:
    service = DemoService(DemoConfig(now=NOW))
    listed = await attachments_of(service, HOSTILE_FILES_TOPIC, "http://localhost")
    listed += await attachments_of(service, 100000005, "http://localhost")
    kinds = set()
    for item in listed:
        if item["filename"] not in ("wiring.jpg", "screenshot.png"):
            continue
        for url in (item["download_url"], item["image_thumbnail_url"]):
            picture = Image.open(io.BytesIO((await fetch(service, url)).content))
            picture.load()
            kinds.add(picture.format)
            assert len(picture.convert("RGB").getcolors(1 << 16) or ()) >= 6
    assert "JPEG" in kinds
    assert "PNG" in kinds


def test_the_pdf_holds_a_cross_reference_table_that_points_at_its_objects() -> None:
    pdf = demo_files.body("spectrum.pdf", "application/pdf")
    assert pdf.startswith(b"%PDF-1.4")
    start = int(pdf.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    assert pdf[start:].startswith(b"xref")
    offsets = [int(line[:10]) for line in pdf[start:].split(b"\n")[3:8]]
    for number, offset in enumerate(offsets, start=1):
        assert pdf[offset:].startswith(b"%d 0 obj" % number)


async def test_a_link_expires_and_a_forged_one_is_refused() -> None:
    clock = Clock()
    service = DemoService(DemoConfig(now=NOW, link_lifetime=60), clock=clock)
    url = (await attachments_of(service, HOSTILE_NAMES_TOPIC, "http://localhost"))[0][
        "download_url"
    ]
    assert (await fetch(service, url)).status_code == 200
    forged = url.replace("X-Amz-Expires=60", "X-Amz-Expires=6000")
    refused = await fetch(service, forged)
    assert refused.status_code == 403
    assert b"SignatureDoesNotMatch" in refused.content
    clock.now = 61.0
    expired = await fetch(service, url)
    assert expired.status_code == 403
    assert b"Request has expired" in expired.content


async def test_links_may_point_at_another_origin_as_the_real_service_points_at_s3() -> None:
    config = DemoConfig(now=NOW, files_origin="http://files.demo.invalid")
    service = DemoService(config)
    listed = await attachments_of(service, HOSTILE_NAMES_TOPIC, "http://localhost")
    assert all(item["download_url"].startswith("http://files.demo.invalid/") for item in listed)
    assert (await fetch(service, listed[0]["download_url"])).status_code == 200


@pytest.mark.parametrize(
    "name", [demo_files.NOT_A_PICTURE, demo_files.OVERSIZED, demo_files.BOMB, demo_files.TRUNCATED]
)
def test_the_sandbox_pictures_that_are_not_fail_as_they_should(name: str) -> None:
    data = demo_files.body(name, "image/png")
    assert len(data) < 100_000  # small on the wire, whatever they claim
    if name == demo_files.NOT_A_PICTURE:
        with pytest.raises(Image.UnidentifiedImageError):
            Image.open(io.BytesIO(data))
        return
    if name == demo_files.TRUNCATED:
        with pytest.raises(OSError, match="truncated"):
            Image.open(io.BytesIO(data)).load()
        return
    if name == demo_files.OVERSIZED:  # refused by Pillow's own limit, from the header
        with pytest.raises(Image.DecompressionBombError):
            Image.open(io.BytesIO(data))
        return
    width, height = Image.open(io.BytesIO(data)).size  # the header is read, nothing more
    assert width * height == 8000 * 8000
