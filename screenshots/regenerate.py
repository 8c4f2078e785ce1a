"""Draw the screenshots of the README and docs/ from the demo service, so they never go stale.

Run from the checkout: `.venv/bin/python screenshots/regenerate.py`. Each picture is
reached by the same journey as its snapshot test (tests/screens/test_snapshots.py), with
time pinned to the tests' moment, and written next to this script as SVG.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.conftest import DEMO_NOW  # noqa: E402
from tests.screens.test_snapshots import start  # noqa: E402
from tui.render import when  # noqa: E402

README_SIZE = (120, 40)

# File name (without .svg) → (picture in tests/screens/test_snapshots.py, terminal size).
SCREENSHOTS: dict[str, tuple[str, tuple[int, int]]] = {
    "groups": ("groups", README_SIZE),
    "groups-80x24": ("groups", (80, 24)),
    "topics": ("topics", README_SIZE),
    "thread": ("thread", README_SIZE),
    "thread-unfolded": ("thread-unfolded", README_SIZE),
    "thread-picture": ("thread-picture", README_SIZE),
    "activity": ("activity", README_SIZE),
    "activity-filters": ("activity-filters", README_SIZE),
    "all-activity": ("all-activity", README_SIZE),
    "search": ("search", README_SIZE),
}


def pin_the_world(state_dir: Path) -> None:
    """What tests/conftest.py does for every test: one time zone, one moment, no user files."""
    os.environ["TZ"] = "UTC"
    time.tzset()
    os.environ.pop("NO_COLOR", None)
    for name in ("LURKER_API_KEY", "LURKER_BASE_URL", "LURKER_PROFILE", "LURKER_CA_BUNDLE"):
        os.environ.pop(name, None)
    os.environ["LURKER_STATE"] = str(state_dir / "state.json")
    os.environ["LURKER_CONFIG"] = str(state_dir / "config.toml")
    os.environ["LURKER_SECRETS"] = str(state_dir / "secrets.json")
    os.environ["LURKER_DATA"] = str(state_dir / "data")
    when.clock = lambda: DEMO_NOW


async def draw(file_name: str, picture: str, size: tuple[int, int]) -> Path:
    """Drive the app to `picture` at `size` and save it as `file_name`.svg."""
    app, run_before = start(picture)
    async with app.run_test(size=size) as pilot:
        await run_before(pilot)
        await pilot.pause()
        saved = app.save_screenshot(f"{file_name}.svg", str(HERE))
    return Path(saved)


async def main() -> None:
    with tempfile.TemporaryDirectory() as state_dir:
        pin_the_world(Path(state_dir))
        for file_name, (picture, size) in SCREENSHOTS.items():
            saved = await draw(file_name, picture, size)
            print(f"{saved.relative_to(HERE.parent)}  {size[0]}x{size[1]}")


if __name__ == "__main__":
    asyncio.run(main())
