"""What one answer may cost: the reader's peak memory stays under 400 MB whatever is sent.

A child process (the reader's modules loaded, as in a real run) fetches each of the
largest hostile answers through the real client over a real socket and reports its peak
resident size (VmHWM); the limits refuse them before they can cost more.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from tests.hostile.server import HostileServer

LIMIT_MB = 400

CHILD = textwrap.dedent(
    """
    import asyncio, json, sys
    import tui.app.reader  # the reader's own footprint, as in a real run
    from tui.api.client import ServiceClient
    from tui.api.errors import LurkerError

    def peak_mb():
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024

    async def main(origins):
        results = {}
        for mode, origin in origins.items():
            async with ServiceClient(origin, api_key="k", timeout=60) as client:
                try:
                    page = await client.get_topics(group_name="g")
                    outcome = f"{len(page.data)} rows"
                except LurkerError as error:
                    outcome = type(error).__name__
            results[mode] = (outcome, peak_mb())
        print(json.dumps({"start": START, "results": results}))

    START = peak_mb()
    asyncio.run(main(json.loads(sys.argv[1])))
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_no_single_answer_takes_the_reader_past_400_mb(hostile: HostileServer) -> None:
    modes = ["gzip-bomb", "huge-page", "many-values", "huge-fields", "deep-json"]
    origins = {mode: hostile.origin(mode) for mode in modes}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(origins)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stdout)
    outcomes = {mode: outcome for mode, (outcome, _) in report["results"].items()}
    assert outcomes == {
        "gzip-bomb": "ResponseTooLargeError",
        "huge-page": "ResponseTooLargeError",
        "many-values": "ResponseTooLargeError",
        "huge-fields": "20 rows",
        "deep-json": "InvalidJsonError",
    }
    peak = max(mb for _, mb in report["results"].values())
    print(f"peak RSS {peak:.0f} MB (start {report['start']:.0f} MB)")
    assert peak < LIMIT_MB
