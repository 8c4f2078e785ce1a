"""Tolerant field types: the real service drifts, so models bend rather than break."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, GetPydanticSchema, model_validator
from pydantic_core import core_schema

T = TypeVar("T")

# The Go zero time: the service's way of saying "never".
_ZERO_TIME = re.compile(r"^0001-01-01T00:00:00(\.0+)?(Z|[+-]00:00)?$")
# The times any time zone can show (see `_drawable`).
_EARLIEST, _LATEST = datetime(1, 1, 3), datetime(9999, 12, 29)
# Python keeps microseconds; the service sends up to nine fraction digits.
_FRACTION = re.compile(r"\.(\d{7,})")
# The longest time the service sends as it is: "2009-01-10T11:20:56.873931445-08:00".
_PLAIN_TIME = 35


def _timestamp(value: Any) -> datetime | None:
    # Four times a topic, a hundred topics a page: the service's own form is parsed first,
    # as it is (Python 3.11 reads nine fraction digits, keeping six, and the Go zero time,
    # year 1, is not drawable), the rest as before.
    if type(value) is str and len(value) <= _PLAIN_TIME:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return _drawable(parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC))
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return _drawable(value)
    if not isinstance(value, str) or _ZERO_TIME.match(value):
        return None
    text = _FRACTION.sub(lambda m: "." + m.group(1)[:6], value.strip()[:64])
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return _drawable(parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC))


def _drawable(moment: datetime) -> datetime | None:
    """The time as sent, or None (unknown) where some time zone could not show it.

    `0001-01-01T00:00:00+01:00` (the Go zero time with an offset) is a real moment of year 0
    in UTC, which Python cannot hold: every later `astimezone` would raise. A day of margin
    each side keeps local times drawable anywhere on Earth.
    """
    if 1 < moment.year < 9999:  # every time zone can show it
        return moment
    if not _EARLIEST <= moment.replace(tzinfo=None) <= _LATEST:
        return None
    return moment


def _flag(value: Any) -> bool:
    if value is True or value is False:
        return value
    if isinstance(value, str):
        return value.strip().lower() in {"true", "1", "yes"}
    return bool(value)


# What pydantic reads as a flag (its lax booleans); anything else leaves the flag unset.
_YES = frozenset({"1", "on", "t", "true", "y", "yes"})
_NO = frozenset({"0", "off", "f", "false", "n", "no"})


def _maybe_flag(value: Any) -> bool | None:
    if value is True or value is False or value is None:
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        return True if word in _YES else False if word in _NO else None
    return None


# What one field may hold. A name, subject or address past this is not text anyone wrote
# for reading; the rest of the field is dropped and "…" marks the cut.
TEXT_LIMIT = 4_000
# A message body or log entry past this (2 MiB of text) is cut, and says so at the end.
LONG_TEXT_LIMIT = 2 * 1024 * 1024
CUT_NOTE = "\n\n[… the rest of this text was not loaded: it is over 2 MB]"


def _text(value: Any) -> str:
    if type(value) is str and len(value) <= TEXT_LIMIT:
        return value
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def _long_text(value: Any) -> str:
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= LONG_TEXT_LIMIT else text[:LONG_TEXT_LIMIT] + CUT_NOTE


def _count(value: Any) -> int:
    """A count; anything that is not a whole number of at least 0 counts as unknown (0)."""
    if type(value) is int:
        return max(0, value)
    if value is None or value == "" or isinstance(value, float):
        return 0
    if isinstance(value, bool):
        return int(value)
    try:
        number = value if isinstance(value, int) else int(str(value).strip())
    except ValueError:
        return 0
    return max(0, number)


def identifier(value: Any) -> int | str:
    """An id as `Identifier` reads it: an integer or a string as sent, anything else as
    text."""
    if type(value) is int or type(value) is str:
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        return _text(value)
    return value


def _list(value: Any) -> Any:
    return [] if value is None else value


def new_list() -> list[Any]:
    """`default_factory` of list fields, in place of `list`: pydantic reads the factory's
    signature when it builds a schema, and a builtin's costs a tokenizer pass (2 ms the
    first time, 0.2 ms each after)."""
    return []


def _native_first(native: core_schema.CoreSchema) -> GetPydanticSchema:
    """Try `native` (pydantic's own code, no Python call) before the type's tolerant
    validator: a page of topics has some 4,000 fields, nearly all in the service's own
    form, and calling Python for each took most of a page's validation (2.5 ms)."""

    def schema(source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.union_schema([native, handler(source)], mode="left_to_right")

    return GetPydanticSchema(get_pydantic_core_schema=schema)


# A string in the service's own form (what its Go server writes: up to nine fraction
# digits, "Z" or an offset), some days inside the times `_drawable` lets through (so it
# lets this through too). pydantic reads more as a time ("20180703" as seconds since 1970,
# "0", a lower-case "z"): those go to `_timestamp`, as before.
_SERVICE_FORM = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$"
_SERVICE_TIME = core_schema.chain_schema(
    [
        core_schema.str_schema(strict=True, pattern=_SERVICE_FORM),
        core_schema.datetime_schema(
            tz_constraint="aware",
            gt=datetime(1, 1, 5, tzinfo=UTC),
            lt=datetime(9999, 12, 27, tzinfo=UTC),
        ),
    ]
)

Timestamp = Annotated[datetime | None, BeforeValidator(_timestamp), _native_first(_SERVICE_TIME)]
Flag = Annotated[bool, BeforeValidator(_flag), _native_first(core_schema.bool_schema(strict=True))]
MaybeFlag = Annotated[
    bool | None,
    BeforeValidator(_maybe_flag),
    _native_first(core_schema.nullable_schema(core_schema.bool_schema(strict=True))),
]
"""A flag the service may leave unset (None); what is not a flag reads as unset."""
Text = Annotated[
    str,
    BeforeValidator(_text),
    _native_first(core_schema.str_schema(strict=True, max_length=TEXT_LIMIT)),
]
LongText = Annotated[
    str,
    BeforeValidator(_long_text),
    _native_first(core_schema.str_schema(strict=True, max_length=LONG_TEXT_LIMIT)),
]
Count = Annotated[
    int, BeforeValidator(_count), _native_first(core_schema.int_schema(strict=True, ge=0))
]
_PLAIN_ID = core_schema.union_schema(
    [core_schema.int_schema(strict=True), core_schema.str_schema(strict=True)]
)
# IDs are integers of any size, or opaque strings; both round-trip unchanged.
Identifier = Annotated[int | str, BeforeValidator(identifier), _native_first(_PLAIN_ID)]
OptionalIdentifier = Annotated[
    int | str | None, BeforeValidator(identifier), _native_first(_PLAIN_ID)
]
ListOf = Annotated[list[T], BeforeValidator(_list)]


class ApiModel(BaseModel):
    """Base of every resource: ignores unknown fields and treats null as absent."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True, frozen=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _drop_nulls(cls, data: Any) -> Any:
        if isinstance(data, dict) and None in data.values():
            return {key: value for key, value in data.items() if value is not None}
        return data
