"""`lurker unread` and `lurker cache` against the demo, with a real store file."""

from __future__ import annotations

import re
import sys

import pytest

from tests.conftest import start_demo_server
from tui.__main__ import main


def test_unread_prints_a_line_per_group_with_news_and_asks_little(
    capsys: pytest.CaptureFixture[str],
) -> None:
    server, origin = start_demo_server("--no-live", "--news", "6", api_key="k")
    try:
        argv = ["unread", "--base-url", origin]
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("LURKER_API_KEY", "k")
            assert main(argv) == 0
            first = capsys.readouterr().out.splitlines()
            assert main([*argv, "--group", "lurker-dev"]) == 0
            one = capsys.readouterr().out.splitlines()
    finally:
        server.terminate()
        server.wait(timeout=10)
    names = [line.split()[0] for line in first]
    assert {"lurker-dev", "big-archive"} <= set(names)  # the groups with news
    assert "private-archives" not in names  # nothing to read there: not asked, not listed
    for line in first:
        assert re.search(r"\d+ topics? with new messages, \d+ new messages?$", line), line
    assert len(one) == 1
    assert one[0].startswith("lurker-dev")


def test_unread_says_which_group_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["unread", "--demo", "--group", "no-such-group"]) == 1
    assert "no group named 'no-such-group'" in capsys.readouterr().err


def test_cache_shows_the_store_and_clear_keeps_read_state_unless_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["unread", "--demo"]) == 0  # meets the groups: read state to keep
    capsys.readouterr()
    assert main(["cache", "--demo"]) == 0
    shown = capsys.readouterr().out
    assert "Store of the demo:" in shown
    assert "localhost--demo.sqlite3" in shown
    assert "localhost--demo.cache.sqlite3" in shown
    assert "of the 200.0 MB limit, cache_size)" in shown
    assert re.search(r"\n  groups seen: [1-9]\d*\n", shown), shown
    assert "\n  topics marked whole: 0 (m on the topic list: read or unread)\n" in shown
    assert "\n  messages read: 0, marked unread: 0 (C marks a whole group" in shown
    assert "\n  saved searches: none (s on a search's results saves one)\n" in shown
    assert "Search index: empty (it fills as topics and threads are fetched; at most 50.0 MB)" in (
        shown
    )
    assert "0 bytes each" not in shown
    assert main(["cache", "clear", "--demo"]) == 0
    cleared = capsys.readouterr().out
    assert "the read state and the saved searches in " in cleared
    assert "localhost--demo.cache.sqlite3; " in cleared  # the file it cleared is named
    assert main(["cache", "--demo"]) == 0
    assert "groups seen: 0\n" not in capsys.readouterr().out
    assert main(["cache", "clear", "--all", "--yes", "--demo"]) == 0
    assert main(["cache", "--demo"]) == 0
    assert "groups seen: 0\n" in capsys.readouterr().out


def test_clear_all_asks_first_and_without_a_terminal_wants_yes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["unread", "--demo"]) == 0  # read state to keep
    capsys.readouterr()
    assert main(["cache", "clear", "--all", "--demo"]) == 2  # no terminal: refused
    said = capsys.readouterr().err
    assert "clear --all forgets the read state in " in said
    assert "Without a terminal to ask on, add --yes to mean it." in said
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    answers = iter(["", "y"])
    asked: list[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or next(answers))
    assert main(["cache", "clear", "--all", "--demo"]) == 1  # Enter: no
    assert asked == ["Forget it? [y/N] "]
    assert "Nothing was cleared." in capsys.readouterr().err
    assert main(["cache", "--demo"]) == 0
    assert "groups seen: 0\n" not in capsys.readouterr().out  # kept
    assert main(["cache", "clear", "--all", "--demo"]) == 0  # y
    assert main(["cache", "--demo"]) == 0
    assert "groups seen: 0\n" in capsys.readouterr().out


def test_clear_forgets_the_group_list_saved_for_the_instant_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tui.config.settings import Settings
    from tui.store.pages.summary import save_summary, summary_path

    assert main(["cache", "--demo"]) == 0
    assert "Group list for the instant start: none saved" in capsys.readouterr().out
    path = summary_path(Settings(demo=True).store)
    save_summary(path, [], {}, [], 1_699_964_000.0)  # midday UTC: the 14th in most zones
    assert main(["cache", "--demo"]) == 0
    assert "0 groups, saved 2023-11-14 " in capsys.readouterr().out
    assert main(["cache", "clear", "--demo"]) == 0
    assert "the saved group list" in capsys.readouterr().out
    assert not path.exists()
    assert main(["cache", "--demo"]) == 0
    assert "none saved" in capsys.readouterr().out


def test_commands_say_a_store_that_cannot_be_opened_and_never_trace(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tui.config.settings import Settings

    path = Settings(demo=True).store
    path.parent.mkdir(parents=True)
    path.mkdir()  # a folder where the file should be
    assert main(["unread", "--demo"]) == 0  # what is new is still counted
    err = capsys.readouterr().err
    assert f"cannot open its read state at {path}" in err
    assert "Traceback" not in err
    for argv in (["cache", "--demo"], ["cache", "clear", "--all", "--demo"]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert f"cannot open its read state at {path}" in err
        assert "Traceback" not in err


def test_cache_says_a_damaged_cache_moved_aside_and_keeps_the_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.store.harness import damaged_store
    from tui.config.settings import Settings
    from tui.store.house import cache_path

    path = Settings(demo=True).store
    damaged_store(path, "cache", reads=111, pages=300)
    assert main(["cache", "--demo"]) == 0
    out, err = capsys.readouterr()
    assert "messages read: 111," in out
    assert f"The page cache at {cache_path(path)} could not be used" in err


def test_unread_lines_up_names_by_cells_not_letters() -> None:
    """A saved search named in Devanagari: its vowel signs and virama take no cell of
    their own, so padding by letters pushed its line's words out of the column."""
    from tui.cli.unread_report import news_lines
    from tui.render.cells import cells
    from tui.store.search.saved import SavedSearch

    searches = [SavedSearch("राहुल की खोज", "from:राहुल", 3), SavedSearch("xruns-watch", "xruns", 2)]
    lines = news_lines([], searches, every=False)
    starts = [cells(line[: line.index("topics with")]) for line in lines]
    assert len(set(starts)) == 1, lines


def test_a_long_saved_search_name_does_not_widen_every_line() -> None:
    """A search saved under its query ("release group:lurker-dev is:unread", 34 cells)
    padded every group's name to its width: "lurker-dev" and 26 spaces."""
    from tui.cli.unread_report import Counts, GroupCount, SearchCount, text_lines
    from tui.render.cells import cells

    query = "release group:lurker-dev is:unread"
    counts = Counts(
        [GroupCount(1, "lurker-dev", 54, 1234), GroupCount(2, "big-archive", 3, 5)],
        [SearchCount(query, query, 16), SearchCount("My xruns", "xruns", 1_200)],
    )
    lines = text_lines(counts, every=False, width=cells)
    assert lines[0] == "lurker-dev   54 topics with new messages, 1,234 new messages"
    assert lines[1].startswith("big-archive  3 topics")
    assert lines[2] == f"{query}  16 topics with unread messages found (saved search)"
    assert lines[3].startswith("My xruns     1,200+ topics")  # still in the column
    assert all(cells(line) <= 80 for line in (lines[0], lines[1], lines[3]))
