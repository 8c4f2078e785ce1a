"""Cold-start probe: `python -m tests.bench.launch lurker|bare` runs the app headless and exits
at its first paint with data, writing `<perf_counter> <RSS MiB>` to stdout (with `--modules`,
the names of the modules imported by then instead, one a line). With `--fill-store`, it
runs instead until the group list is saved in the store ($LURKER_DATA) for the next start.
With `--plain`, `lurker` is started with no arguments at all (the demo, when no account is
configured), as a plain `lurker` typed is. With `--terminal`, the app draws in the terminal
it was started in, through Textual's own driver, instead of headless (scenario 19 counts
the instructions of such a start, under valgrind in a tmux pane).

`lurker` is `lurker --demo` (the checkout's `tui.__main__`); `bare` is a Textual app with a
header, a line of text and a footer. Both start the same way, through this module, and
count the same work per paint: the compositor's update and the text a terminal would be sent.
`time.perf_counter()` is the system's monotonic clock, so the parent subtracts its own
reading taken just before it started this process.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

_list_modules = False
_plain = False  # `lurker` with nothing after it, not `lurker --demo`
_terminal = False  # drawn in the real terminal, not headless


def _report() -> None:
    if _list_modules:
        os.write(1, "".join(f"{name}\n" for name in sorted(sys.modules)).encode())
        os._exit(0)
    with open("/proc/self/statm", encoding="ascii") as statm:
        rss = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    os.write(1, f"{time.perf_counter()} {rss}\n".encode())  # Textual captures sys.stdout
    os._exit(0)


def _has_rows(screen: Any) -> bool:
    from tui.widgets.paged_list import PagedList  # loaded by now: the app uses it

    return any(paged.rows for paged in screen.query(PagedList))


def _exit_at_first_data_paint(ready: Any) -> None:
    """Run every app headless, and end the process once a paint shows what `ready` wants."""
    from textual.app import App

    display, run = App._display, App.run

    def probing_display(self: App[Any], screen: Any, renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is not None and not self._batch_count:
            renderable.render_segments(self.console)
            if ready(screen):
                _report()

    def headless_run(self: App[Any], *args: Any, **kwargs: Any) -> Any:
        return run(self, *args, **{**kwargs, "headless": True})

    App._display = probing_display  # type: ignore[method-assign]
    if not _terminal:
        App.run = headless_run  # type: ignore[method-assign]


def _exit_once_saved() -> None:
    """End the process once the run has saved its group list (polled: no paint need follow
    the write)."""
    import threading
    from pathlib import Path

    stores = Path(os.environ["LURKER_DATA"]) / "stores"

    def watch() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if any(stores.glob("*.groups.json")):
                os._exit(0)
            time.sleep(0.05)
        os.write(2, b"the group list was never saved\n")
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _headless_lurker() -> Any:
    """`lurker`'s main, for a run that draws nowhere: it needs no terminal."""
    import tui.__main__ as entry

    entry.has_terminal = lambda: True
    return entry.main


def fill_store() -> None:
    """Run `lurker --demo` headless until it has saved its group list."""
    from textual.app import App

    run = App.run
    App.run = lambda self, *a, **k: run(self, *a, **{**k, "headless": True})  # type: ignore[method-assign]
    _exit_once_saved()
    lurker = _headless_lurker()
    lurker(["--demo"])
    sys.exit("the app ended without saving its group list")


def main(kind: str) -> None:
    """Start the `kind` app as its user would, headless."""
    if kind == "bare":
        _exit_at_first_data_paint(lambda screen: True)
        from tests.bench.baseline_apps import BareApp

        BareApp().run()
    else:
        from tui.app import memory

        pause = memory.pause_until_settled

        def pause_then_probe() -> None:
            # The probe imports Textual once the reader has paused garbage collection, as
            # the reader's own import of it comes after that pause: imported before it,
            # Textual's import would pay collections that a real start does not make.
            pause()
            _exit_at_first_data_paint(_has_rows)

        memory.pause_until_settled = pause_then_probe
        lurker = _headless_lurker()
        lurker([] if _plain else ["--demo"])
    sys.exit("the app ended without painting its data")


if __name__ == "__main__":
    _list_modules = "--modules" in sys.argv[2:]
    _plain = "--plain" in sys.argv[2:]
    _terminal = "--terminal" in sys.argv[2:]
    if "--fill-store" in sys.argv[2:]:
        fill_store()
    main(sys.argv[1])
