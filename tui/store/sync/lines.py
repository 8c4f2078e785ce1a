"""A journal's lines: the read state's records as JSON, ids and times only (no subject, name
or text: the folder may be a third party's), and each line read back with care.

The first line says what the file is: `{"lurker":"journal","format":1,"device":…,"base":…}`
(`base` changes when the owner compacts the file, so that readers take it in anew). Each
other line is one record:

    {"k":"g","g":GROUP,"c":CUTOFF,"at":T}                    a group caught up
    {"k":"t","t":TOPIC,"g":GROUP,"r":1,"n":MESSAGES,"at":T}  a topic's, whole
    {"k":"m","m":MSG,"t":TOPIC,"g":GROUP,"r":0,"c":CREATED,"at":T}  a message's
    {"k":"x","t":TOPIC,"g":GROUP,"a":"mute","at":T}          a topic marked by key
    {"k":"l","g":GROUP,"n":ENTRY,"at":T}                     an activity log left
    {"k":"reset","at":T}                                     everything up to T forgotten

Times are epoch seconds as each device's clock said them (docs/sync.md). A group's first
sight is each machine's own default, never written here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..reading.records import UNMARKED, Batch, GroupMark, KeyMark, LogMark, MessageMark, TopicMark

FORMAT = 1  # the journal format this Lurker writes and reads
MAX_ID = 200  # characters: an id longer is not one
ACTIONS = ("hide", "mute", "follow", UNMARKED, "")
Record = GroupMark | TopicMark | MessageMark | KeyMark | LogMark


@dataclass(frozen=True, slots=True)
class Header:
    """What a journal's first line says."""

    format: int
    device: str
    base: str  # changes with each compaction


@dataclass(frozen=True, slots=True)
class Reset:
    """Everything made up to `at` forgotten, on every machine (`lurker cache clear --all`)."""

    at: float


def _dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"), allow_nan=False) + "\n"


def header(device: str, base: str) -> str:
    """A journal's first line."""
    return _dumps({"lurker": "journal", "format": FORMAT, "device": device, "base": base})


def reset(at: float) -> str:
    """The line of a reset."""
    return _dumps({"k": "reset", "at": at})


def encode(batch: Batch) -> str:
    """A batch's records as lines (a group's name is left out, and its first sight)."""
    out = [
        _dumps({"k": "g", "g": gid, "c": g.cutoff, "at": g.at})
        for gid, g in batch.groups.items()
        if g.caught_up
    ]
    out += [
        _dumps({"k": "t", "t": tid, "g": t.group_id, "r": int(t.read), "n": t.messages, "at": t.at})
        for tid, t in batch.topics.items()
    ]
    out += [
        _dumps({"k": "m", "m": m.message_id, "t": m.topic_id, "g": m.group_id,
                "r": int(m.read), "c": m.created, "at": m.at})
        for m in batch.messages.values()
    ]  # fmt: skip
    out += [
        _dumps({"k": "x", "t": tid, "g": x.group_id, "a": x.action, "at": x.at})
        for tid, x in batch.keyed.items()
    ]
    out += [
        _dumps({"k": "l", "g": gid, "n": log.newest_id, "at": log.at})
        for gid, log in batch.logs.items()
    ]
    return "".join(out)


def read_header(line: bytes) -> Header | None:
    """A journal's first line (None: it is not one)."""
    value = _loads(line)
    if not isinstance(value, dict) or value.get("lurker") != "journal":
        return None
    form, device, base = value.get("format"), value.get("device"), value.get("base")
    if not isinstance(form, int) or isinstance(form, bool) or form < 1:
        return None
    try:
        return Header(form, _id(device), _id(base))
    except ValueError:
        return None


def decode(line: bytes | str) -> tuple[str, str, Record] | Reset | None:
    """One line as (kind, the id it is about, the record), a reset, or None when it is not
    a record this format knows (damaged, half written, or garbage)."""
    value = _loads(line)
    if type(value) is not dict:
        return None
    try:
        return _record(value)
    except (KeyError, TypeError, ValueError):
        return None


def _record(value: dict[str, Any]) -> tuple[str, str, Record] | Reset | None:
    kind, at = value["k"], _time(value["at"])
    if kind == "m":
        message, topic, group = _id(value["m"]), _id(value["t"]), _id(value["g"])
        created = value.get("c")
        created = None if created is None else _time(created)
        return kind, message, MessageMark(message, topic, group, _flag(value["r"]), at, created)
    if kind == "t":
        topic, group = _id(value["t"]), _id(value["g"])
        return kind, topic, TopicMark(group, _flag(value["r"]), _count(value["n"]), at)
    if kind == "g":
        group = _id(value["g"])
        return kind, group, GroupMark("", _time(value["c"]), at, caught_up=True)
    if kind == "x":
        topic, group, action = _id(value["t"]), _id(value["g"]), value["a"]
        if action not in ACTIONS:
            return None
        return kind, topic, KeyMark(group, action, at)
    if kind == "l":
        group, newest = _id(value["g"]), _id(value["n"])
        return kind, group, LogMark(newest, at)
    if kind == "reset":
        return Reset(at)
    return None


def add(batch: Batch, kind: str, key: str, record: Record) -> bool:
    """Put a decoded record in `batch`; False (nothing put) when the batch holds one about
    the same thing already (the caller writes the batch first: a journal's order is kept)."""
    found: dict[str, Any] = {  # type: ignore[assignment]
        "g": batch.groups, "t": batch.topics, "m": batch.messages, "x": batch.keyed,
        "l": batch.logs,
    }[kind]  # fmt: skip
    if key in found:
        return False
    found[key] = record
    return True


_decoder = json.JSONDecoder()


def _loads(line: bytes | str) -> object:
    try:
        text = line if isinstance(line, str) else line.decode("utf-8")
        return _decoder.decode(text)
    except (ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError)
        return None


def _id(value: object) -> str:
    if type(value) is not str or not 0 < len(value) <= MAX_ID:
        raise ValueError("not an id")
    return value


def _time(value: object) -> float:
    if type(value) is not float and type(value) is not int:
        raise TypeError("not a time")
    # (compared before float() since an int of 400 digits overflows it; NaN fails too)
    if not 0 <= value < 1e11:  # (up to the year 5138)
        raise ValueError("not a time")
    return float(value)


def _flag(value: object) -> bool:
    if type(value) is not int or value not in (0, 1):
        raise ValueError("not 0 or 1")
    return value == 1


def _count(value: object) -> int:
    if type(value) is not int or not 0 <= value < 2**63:
        raise ValueError("not a count")
    return value
