"""A thread exported as Markdown, text and JSON; bodies as Markdown through markdownify."""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest

from tui.api.library import Library
from tui.api.models.messages import Message
from tui.export.markdown import body_markdown
from tui.export.topic import export_topic, message_markdown, message_text
from tui.render.cells import cells

TOPIC = 100000009  # lurker-dev: a link, a table and a quote in its third message
ESCAPE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


async def _export(library: Library, topic: int | str, form: str) -> str:
    chunks: list[str] = []

    async def write(text: str) -> None:
        assert text.endswith("\n"), "whole lines only"
        chunks.append(text)

    assert await export_topic(library, topic, form, write, lambda n, t: None) > 0
    return "".join(chunks)


async def test_markdown_has_headers_bodies_and_quotes(library: Library) -> None:
    text = await _export(library, TOPIC, "md")
    assert text.startswith("# ")
    headers = re.findall(r"^## #(\d+) · (.+?) · (\d{4}-\d\d-\d\dT\S+)", text, re.MULTILINE)
    assert len(headers) == 4
    assert "| --- |" in text  # the table, as Markdown
    assert re.search(r"^> \S", text, re.MULTILINE), "quotes kept as >"
    assert "[the FAQ](https://docs.pipewire.org/" in text
    assert "track.example.net" not in text  # tracking pixels left out


async def test_text_is_the_readers_text(library: Library) -> None:
    text = await _export(library, TOPIC, "txt")
    assert "Frames  Rate (Hz)" in text
    assert all(len(line) <= 80 for line in text.splitlines())


async def test_json_is_one_document_with_every_message(library: Library) -> None:
    document = json.loads(await _export(library, TOPIC, "json"))
    messages = document["messages"]
    assert [m["number"] for m in messages] == sorted(m["number"] for m in messages)
    first = messages[0]
    assert {"id", "author", "created", "hashtags", "body_markdown", "body_text"} <= set(first)
    assert document["topic"]["subject"]


async def test_hostile_topics_export_without_escapes(library: Library) -> None:
    topics = library.topics("sandbox")
    page = await topics.next_page()
    assert page is not None
    for topic in page.data[:5]:
        for form in ("md", "txt", "json"):
            assert not ESCAPE.search((await _export(library, topic.id, form)).replace("\t", ""))


def test_a_body_too_deep_for_markdownify_is_still_exported() -> None:
    body = "<blockquote>" * 5000 + "deepest words" + "</blockquote>" * 5000
    markdown = body_markdown("<p>Reply</p>" + body)
    assert "Reply" in markdown
    assert "deepest words" in markdown
    assert "> " in markdown


STAMP = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d"
LONE_SPACES = re.compile(r"^[>\s]*\xa0[\s\xa0]*$", re.MULTILINE)


async def test_no_paragraph_of_no_break_spaces_and_times_to_the_second(library: Library) -> None:
    """Outlook's `<p><o:p>&nbsp;</o:p></p>` came out as paragraphs holding a lone U+00A0,
    and times with the service's microseconds ("22:06:22.714788+00:00")."""
    text = await _export(library, "100000001", "md")  # Nora Berg's Outlook message, #14
    assert not LONE_SPACES.search(text)
    stamps = re.findall(r"^## #\d+ · .+? · (\S+)$", text, re.MULTILINE)
    assert len(stamps) == 14
    assert all(re.fullmatch(STAMP, stamp) for stamp in stamps), stamps
    assert "Hey,\n\n```\n$ jack_control" in text  # the paragraph between is gone, not more


def test_a_copied_message_has_neither_either() -> None:
    """`y` copies a message as `message_markdown` makes it."""
    body = (
        "<p class=MsoNormal>Hey,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>"
        "<blockquote><p>q</p><p><span>&nbsp;</span></p><p>r</p></blockquote>"
        "<pre>code\n\xa0\n\n\nkept as it is</pre><p>a&nbsp;b</p>"
    )
    message = Message.model_validate(
        {"msg_num": 3, "name": "Ana", "body": body, "created": "2026-11-20T13:05:09.714788Z"}
    )
    copied = message_markdown(message)
    assert copied.startswith("## #3 · Ana · 2026-11-20T13:05:09+00:00\n")
    assert "Hey,\n\n> q\n>\n> r" in copied
    assert "code\n\xa0\n\n\nkept as it is" in copied
    assert "a\xa0b" in copied
    assert not LONE_SPACES.search(copied.replace("code\n\xa0\n", ""))


def test_a_wide_name_is_underlined_across_its_whole_width() -> None:
    message = Message.model_validate(
        {"msg_num": 7, "name": "山田 花子", "body": "<p>こんにちは</p>", "created": None}
    )
    header, rule = message_text(message).splitlines()[:2]
    assert header == "#7 · 山田 花子 · "
    assert len(rule) == cells(header) == 17  # its four CJK characters take two cells each


@pytest.mark.usefixtures("in_tokyo")
async def test_times_are_the_readers_local_times_and_say_so(library: Library) -> None:
    for form in ("md", "txt"):
        text = await _export(library, TOPIC, form)
        assert "Times are local time (JST, UTC+09:00), as Lurker shows them." in text
        times = re.findall(r" · (\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:\d\d)", text)
        assert times
        assert all(moment.endswith("+09:00") for moment in times), times
    document = json.loads(await _export(library, TOPIC, "json"))
    assert document["times"] == "Times are local time (JST, UTC+09:00), as Lurker shows them."
    assert all(m["created"].endswith("+09:00") for m in document["messages"])
    page = await library.thread(TOPIC).next_page()
    assert page is not None
    created = page.data[0].created
    assert created is not None
    shown = datetime.fromisoformat(document["messages"][0]["created"])
    assert shown == created.replace(microsecond=0)  # the same second, in the reader's zone


async def test_a_code_span_typed_in_the_text_is_not_escaped_inside(library: Library) -> None:
    """`jack_lsp -c`, typed with its backticks, came out as `jack\\_lsp -c`: inside a code
    span a backslash is literal, so a Markdown viewer showed it."""
    text = await _export(library, 100000004, "md")  # its #32 says it
    assert "Please attach the output of `jack_lsp -c` & your session file." in text
    assert "jack\\_lsp" not in text


def test_escaping_is_kept_outside_code_spans_and_in_a_copied_message() -> None:
    body = (
        "<p>Run `snake_case *x*` or ``a`b_c``, then snake_case *y*, and `un_closed.</p>"
        "<p><code>in_code</code></p><p>```\nfenced_name\n```</p>"
    )
    message = Message.model_validate({"msg_num": 1, "name": "Ana", "body": body})
    for markdown in (body_markdown(body), message_markdown(message)):  # export, and `y`
        assert "Run `snake_case *x*` or ``a`b_c``, then snake\\_case \\*y\\*" in markdown
        assert "and `un\\_closed." in markdown  # a backtick never closed opens no span
        assert "`in_code`" in markdown
        assert "```\nfenced_name\n```" in markdown


def test_a_code_span_holding_formatting_is_not_escaped_inside() -> None:
    """A span with a bold word in it, as a `<code>` element or typed with its backticks
    ("`a <b>b</b> c_d`": three nodes), came out `a **b** c\\_d`: the bold marks and the
    backslash were shown as they are inside the span."""
    body = (
        "<p>Element <code>a <b>b</b> c_d</code>, typed `e <b>f</b> g_h` and "
        "``i` <i>j</i> k_l``, then snake_case.</p>"
    )
    message = Message.model_validate({"msg_num": 1, "name": "Ana", "body": body})
    for markdown in (body_markdown(body), message_markdown(message)):  # export, and `y`
        assert "Element `a b c_d`, typed `e f g_h` and `` i` j k_l ``" in markdown
        assert "then snake\\_case." in markdown
