"""Tolerant field types: the real service drifts, so models bend rather than break."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, model_validator

T = TypeVar("T")

# The Go zero time: the service's way of saying "never".
_ZERO_TIME = re.compile(r"^0001-01-01T00:00:00(\.0+)?(Z|[+-]00:00)?$")
# Python keeps microseconds; the service sends up to nine fraction digits.
_FRACTION = re.compile(r"\.(\d{7,})")


def _timestamp(value: Any) -> datetime | None:
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str) or _ZERO_TIME.match(value):
        return None
    text = _FRACTION.sub(lambda m: "." + m.group(1)[:6], value.strip())
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in {"true", "1", "yes"}
    return bool(value)


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


def _count(value: Any) -> int:
    if value is None or value == "":
        return 0
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    try:
        return int(str(value))
    except ValueError:
        return 0


def _identifier(value: Any) -> int | str:
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


Timestamp = Annotated[datetime | None, BeforeValidator(_timestamp)]
Flag = Annotated[bool, BeforeValidator(_flag)]
Text = Annotated[str, BeforeValidator(_text)]
Count = Annotated[int, BeforeValidator(_count)]
# IDs are integers of any size, or opaque strings; both round-trip unchanged.
Identifier = Annotated[int | str, BeforeValidator(_identifier)]
OptionalIdentifier = Annotated[int | str | None, BeforeValidator(_identifier)]
ListOf = Annotated[list[T], BeforeValidator(_list)]


class ApiModel(BaseModel):
    """Base of every resource: ignores unknown fields and treats null as absent."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True, frozen=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _drop_nulls(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {key: value for key, value in data.items() if value is not None}
        return data
