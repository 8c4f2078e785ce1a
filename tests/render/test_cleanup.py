"""What markdownify alone gets wrong on Outlook-style HTML, on one small known body."""

from __future__ import annotations

from tui.render.convert import convert

OUTLOOK = """<html><head><title>Secret title</title><meta charset=utf-8>
<style>p.MsoNormal {margin:0cm; font-family:Calibri}</style>
<script>alert('x')</script><!--[if gte mso 9]><xml><o:shapedefaults/></xml><![endif]--></head>
<body><p class=MsoNormal>Hello&nbsp;&nbsp;world &amp; friends&nbsp;<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraph><![if !supportLists]><span>1.<span>&nbsp;&nbsp; </span></span><![endif]>\
First item</p>
<p class=MsoNormal><span style='display:none'>hidden preheader</span>snake_case and 2*3*4
&lt;tag&gt;</p>
<div><br></div><div><br></div><div><br></div>
<p>Bye</p></body></html>"""


def test_outlook_body_reads_as_written() -> None:
    doc = convert(OUTLOOK)
    assert [part.kind for part in doc.parts] == ["text"]
    assert doc.parts[0].text.plain == (
        "Hello world & friends\n\n1.   First item\nsnake_case and 2*3*4 <tag>\n\nBye"
    )


def test_gmail_lines_are_lines_and_empty_divs_are_one_blank_line() -> None:
    doc = convert(
        '<div dir="ltr"><div>Hi.</div><div><br></div><div><br></div><div>Thanks,</div>'
        "<div>Alex</div></div>"
    )
    assert doc.parts[0].text.plain == "Hi.\n\nThanks,\nAlex"


def test_pre_keeps_blank_lines_and_spacing() -> None:
    doc = convert("<p>Log:</p><pre>a   b\n\n\n   c</pre>")
    assert doc.parts[0].text.plain == "Log:\n\na   b\n\n\n   c"


def test_center_and_other_unknown_blocks_break_lines() -> None:
    doc = convert("<center>one</center><center>two</center><header>three</header>")
    assert doc.parts[0].text.plain == "one\ntwo\nthree"


def test_stray_quoted_printable_is_decoded() -> None:
    first = '<div style=3D"x">Hello wor=\nld</div>\n'
    body = first + '<p class=3D"a">one=\n</p>\n<p id=3D"b">two=\n</p>'
    assert convert(body).parts[0].text.plain == "Hello world\n\none\n\ntwo"
