"""Documents cross to and from the converting process as pickles: every field survives."""

from __future__ import annotations

import pickle
from dataclasses import fields

from rich.text import Text

from tui.render.convert import convert
from tui.render.document import Document, Line, Link, TableData


def test_every_field_survives_a_pickle() -> None:
    table = TableData(((Text("a"), Text("b")),), header=True, title=Text("T", style="bold"))
    line = Line("table", Text("x", style="italic"), indent=2, hang=4, table=table)
    link = Link(3, "https://example.org/", "here", bare=True)
    document = convert("<p>Hi <a href='https://example.org/a'>a</a></p>")
    whole = Document(document.parts, (link,))
    for value in (table, line, link, whole):
        again = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        assert type(again) is type(value)
        for item in fields(value):
            assert getattr(again, item.name) == getattr(value, item.name), item.name
