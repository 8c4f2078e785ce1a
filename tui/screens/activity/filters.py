"""The activity log's filter panel: every parameter of reference §4.3 as a form."""

from __future__ import annotations

from datetime import date

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select

from ...api.params import ActivityQuery
from ...render.safety import clean

FILTER_BY = [
    ("any kind", ""),
    ("members", "member"),
    ("messages", "message"),
    ("moderation", "mod"),
    ("payments", "pay"),
]
RESTRICT_DATE = [
    ("any time", ""),
    ("last 24 hours", "last_24_hours"),
    ("last week", "last_week"),
    ("last 30 days", "last_30_days"),
    ("before end date", "before"),
    ("after start date", "after"),
    ("between dates", "between"),
]
# The dates each period needs before the service can be asked.
NEEDS_DATES = {
    "before": ("end_date",),
    "after": ("start_date",),
    "between": ("start_date", "end_date"),
}
DATE_NAMES = {"start_date": "the from date", "end_date": "the to date"}
ORDERS = [
    ("newest first", "created:desc"),
    ("oldest first", "created:asc"),
    ("highest id first", "id:desc"),
    ("lowest id first", "id:asc"),
]


def _choice_box(options: list[tuple[str, str]], value: str, **kwargs: str) -> Select[str]:
    """A Select whose value is set before it mounts, so that its mount sets no label: a
    Select's mount could ask for its label before the label was there, and crash the app
    (Textual #6581, seen under load). The panel shows the labels once all is mounted."""
    box: Select[str] = Select(options, value=value, allow_blank=False, **kwargs)  # type: ignore[arg-type]
    box.set_reactive(Select.value, value)  # type: ignore[misc]
    return box


class ActivityFilters(Vertical):
    """Edits an ActivityQuery; posts `Applied` when the user asks for it."""

    class Applied(Message):
        """The user applied a new query."""

        def __init__(self, query: ActivityQuery) -> None:
            super().__init__()
            self.query = query

    def compose(self) -> ComposeResult:
        with Horizontal(classes="filter-row"):
            yield _choice_box(FILTER_BY, "", id="filter_by", prompt="Kind")
            yield _choice_box(RESTRICT_DATE, "", id="restrict_date")
            yield _choice_box(ORDERS, "created:desc", id="order")
        with Horizontal(classes="filter-row"):
            yield Input(placeholder="from date", id="start_date")
            yield Input(placeholder="to date", id="end_date")
            yield Input(placeholder="action", id="action")
            yield Input(placeholder="member id", id="member_info_id")
            yield Button("Apply", id="apply", variant="primary")
        yield Label("Dates as YYYY-MM-DD; action e.g. added_member", id="filter-hint")
        yield Label("YYYY-MM-DD; action e.g. added_member; Enter applies", id="filter-hint-narrow")
        yield Label("", id="filter-error")

    def on_mount(self) -> None:
        self.query_one("#filter-error").display = False
        self.call_after_refresh(self._show_choices)

    def _show_choices(self) -> None:
        for box in self.query(Select):  # each mounted whole by now: its label can be set
            box.mutate_reactive(Select.value)  # type: ignore[misc]

    def current_query(self) -> ActivityQuery:
        """The query the form describes."""
        order = str(self.query_one("#order", Select).value)
        sort_field, _, sort_dir = order.partition(":")
        return ActivityQuery(
            filter_by=self._select("filter_by"),
            restrict_date=self._select("restrict_date"),
            start_date=self._input("start_date"),
            end_date=self._input("end_date"),
            action=self._input("action"),
            member_info_id=self._input("member_info_id"),
            sort_field=sort_field,
            sort_dir=sort_dir,
        )

    def show_error(self, message: str) -> None:
        """Say why the service refused the last query (the form keeps its values)."""
        error = self.query_one("#filter-error", Label)
        error.update(Text(clean(message)))  # the service's words: text, not markup
        error.display = bool(message)

    def accepted(self) -> None:
        """The service took the query: no refusal to show, only what it leaves unused."""
        self.show_error(self._unused_dates())

    def missing_dates(self) -> list[str]:
        """The ids of the date boxes the chosen period needs and that are still empty."""
        needed = NEEDS_DATES.get(self._select("restrict_date") or "", ())
        return [name for name in needed if not self._input(name)]

    def unreadable_dates(self) -> list[str]:
        """The ids of the date boxes holding something that is not a YYYY-MM-DD date."""
        return [name for name in DATE_NAMES if not _is_date(self._input(name))]

    def dated_period(self) -> str | None:
        """The period the date boxes ask for, when the one chosen would leave a date typed
        there unused: after the from date, before the to date, or between them."""
        typed = {name for name in DATE_NAMES if self._input(name)}
        if not typed or typed <= set(NEEDS_DATES.get(self._select("restrict_date") or "", ())):
            return None
        if typed == {"start_date", "end_date"}:
            return "between"
        return "after" if "start_date" in typed else "before"

    def reversed_dates(self) -> str:
        """A sentence when the from date comes after the to date (nothing lies between)."""
        start, end = self._input("start_date"), self._input("end_date")
        if self._select("restrict_date") != "between" or not start or not end or start <= end:
            return ""
        return f"The from date ({start}) is after the to date ({end}): swap them, then Enter."

    def _apply(self, *, typed: bool = True) -> None:
        """Post the query, or, while a date it needs is empty or unreadable, say which and
        wait for it (the service would only refuse it). When `typed` (Enter, Apply), dates
        typed first choose the period that uses them."""
        period = self.dated_period() if typed else None
        if period is not None:
            # Choosing it applies the form again (as any change of period does).
            self.query_one("#restrict_date", Select).value = period
            return
        missing = self.missing_dates()
        unreadable = self.unreadable_dates()
        backwards = "" if missing or unreadable else self.reversed_dates()
        if not missing and not unreadable and not backwards:
            self.show_error(self._unused_dates())  # a refusal from the service replaces it
            self.post_message(self.Applied(self.current_query()))
            return
        if missing:
            names = " and ".join(DATE_NAMES[name] for name in missing)
            self.show_error(f"Fill in {names} (YYYY-MM-DD), then press Enter.")
        elif unreadable:
            names = " and ".join(DATE_NAMES[name] for name in unreadable)
            self.show_error(f"Write {names} as YYYY-MM-DD (2026-11-20), then press Enter.")
        else:
            self.show_error(backwards)
            return  # either date may be the one to change: the cursor stays
        wanted = missing or unreadable
        if not any(self.query_one(f"#{name}", Input).has_focus for name in wanted):
            self.query_one(f"#{wanted[0]}", Input).focus()

    def _unused_dates(self) -> str:
        """A note when a period was chosen that leaves a typed date unused."""
        if self.dated_period() is None:
            return ""
        periods = {value: label for label, value in RESTRICT_DATE}
        chosen = periods.get(self._select("restrict_date") or "", "")
        return f"“{chosen}” leaves the dates typed unused; Enter in a date box uses them."

    def _select(self, name: str) -> str | None:
        value = self.query_one(f"#{name}", Select).value
        return str(value) if value not in ("", Select.BLANK) else None

    def _input(self, name: str) -> str | None:
        return self.query_one(f"#{name}", Input).value.strip() or None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._apply()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._apply()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._apply(typed=False)


def _is_date(value: str | None) -> bool:
    """Empty, or a real day written YYYY-MM-DD (what the service takes)."""
    if not value:
        return True
    try:
        return len(value) == 10 and date.fromisoformat(value).isoformat() == value
    except ValueError:
        return False


def filter_words(query: ActivityQuery) -> str:
    """What a query keeps, in the form's words ("members, last week"); "" for everything."""
    kinds = {value: label for label, value in FILTER_BY}
    periods = {value: label for label, value in RESTRICT_DATE}
    orders = {value: label for label, value in ORDERS}
    words: list[str] = []
    if query.filter_by:
        words.append(kinds.get(query.filter_by, query.filter_by))
    period = query.restrict_date
    if period == "before":
        words.append(f"before {query.end_date}")
    elif period == "after":
        words.append(f"after {query.start_date}")
    elif period == "between":
        words.append(f"{query.start_date} to {query.end_date}")
    elif period:
        words.append(periods.get(period, period))
    if query.action:
        words.append(f"action {query.action}")
    if query.member_info_id:
        words.append(f"member {query.member_info_id}")
    order = f"{query.sort_field}:{query.sort_dir}"
    if order != "created:desc":
        words.append(orders.get(order, order))
    return clean(", ".join(str(word) for word in words))
