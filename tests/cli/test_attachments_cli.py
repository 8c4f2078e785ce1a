"""`lurker attachments`: a thread's files listed, and saved exactly as served, harmlessly."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from tui.__main__ import main
from tui.attachments.save import PART_PREFIX
from tui.demo import files as demo_files

HOSTILE_NAMES = "700000007"  # ../../etc/passwd, RLO, escapes, 300 characters, CON
HOSTILE_FILES = "700000005"  # not-a-picture, 30000x30000, a bomb, truncated, 6 MB


def inodes(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        name: (os.stat(folder / name).st_ino, os.stat(folder / name).st_mtime_ns)
        for name in os.listdir(folder)
    }


def test_the_list_names_each_message_file_and_type(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["attachments", HOSTILE_FILES, "--demo"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "#16  not-a-picture.png  image/png  size unknown until saved"
    assert lines[-1].startswith("#18  wiring.jpg  image/jpeg")


def test_hostile_names_land_inside_the_folder_as_plain_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saved"
    assert main(["attachments", HOSTILE_NAMES, "--demo", "--save", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "\u202e" not in out
    saved = sorted(os.listdir(folder))
    assert saved == sorted(
        ["passwd", "reportgpj.exe", "]0;pwnednotes.txt", "].png", "a" * 245 + ".pdf", "_CON"]
    )
    assert not (tmp_path / "etc").exists()
    assert all((folder / name).is_file() for name in saved)


def test_saving_again_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["attachments", HOSTILE_NAMES, "--demo", "--save", str(tmp_path / "saved")]) == 0
    before = inodes(tmp_path / "saved")
    capsys.readouterr()
    assert main(["attachments", HOSTILE_NAMES, "--demo", "--save", str(tmp_path / "saved")]) == 0
    assert inodes(tmp_path / "saved") == before
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 6
    assert all("already saved as" in line for line in lines)


def test_one_messages_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "attachments",
                HOSTILE_FILES,
                "--demo",
                "--message",
                "#18",
                "--save",
                str(tmp_path / "saved"),
            ]
        )
        == 0
    )
    assert os.listdir(tmp_path / "saved") == ["wiring.jpg"]
    assert (tmp_path / "saved" / "wiring.jpg").read_bytes() == demo_files.body(
        "wiring.jpg", "image/jpeg"
    )


def test_a_file_over_the_limit_is_said_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path(os.environ["LURKER_CONFIG"]).write_text('download_limit = "1MB"\n')
    folder = tmp_path / "saved"
    assert main(["attachments", HOSTILE_FILES, "--demo", "--save", str(folder)]) == 1
    err = capsys.readouterr().err
    assert (
        "field-recording.wav  audio/wav  not saved: It is 6.0 MB, over the limit of 1.0 MB" in err
    )
    assert "download_limit in config.toml" in err
    assert demo_files.BIG not in os.listdir(folder)
    assert not [name for name in os.listdir(folder) if name.startswith(PART_PREFIX)]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["abc"], "wants a topic number"),
        ([HOSTILE_FILES, "--message", "x"], "--message wants a message number"),
    ],
)
def test_mistakes_are_said(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["attachments", *argv, "--demo"]) == 2
    assert says in capsys.readouterr().err


def test_over_loopback_the_files_hold_exactly_the_bytes_served(
    demo_server: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("LURKER_API_KEY", "test-key")
    argv = [
        "attachments",
        HOSTILE_FILES,
        "--base-url",
        demo_server,
        "--save",
        str(tmp_path / "saved"),
    ]
    assert main(argv) == 0
    capsys.readouterr()
    answer = httpx.get(
        f"{demo_server}/api/v1/gettopic",
        params={"topic_id": HOSTILE_FILES},
        headers={"Authorization": "Bearer test-key"},
    ).json()
    served = 0
    for message in answer["data"]:
        for item in message["attachments"]:
            assert item["download_url"].startswith(demo_server + "/files/")
            body = httpx.get(item["download_url"]).content
            assert (tmp_path / "saved" / item["filename"]).read_bytes() == body
            served += 1
    assert served == len(os.listdir(tmp_path / "saved")) == 6
    before = inodes(tmp_path / "saved")
    assert main(argv) == 0
    assert inodes(tmp_path / "saved") == before
