"""Dress a message's new text and the text it quotes the way real mail clients do."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from .content import Fresh
from .people import Person
from .render import fresh_html, fresh_text, quote_lines, snippet, text_escape
from .timefmt import pacific_time

CLIENTS = (
    "gmail",
    "gmail",
    "gmail",
    "outlook",
    "outlook_de",
    "owa",
    "apple",
    "thunderbird",
    "original",
    "web",
    "web",
    "plain",
    "plain",
)
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_WEEKDAYS_DE = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
_MONTHS_DE = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)
_OUTLOOK_HEAD = (
    '<html xmlns:v="urn:schemas-microsoft-com:vml"'
    ' xmlns:o="urn:schemas-microsoft-com:office:office"'
    ' xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">'
    '<head><meta http-equiv=Content-Type content="text/html; charset=utf-8">'
    '<meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!--\n'
    "/* Style Definitions */\np.MsoNormal, li.MsoNormal, div.MsoNormal\n"
    '\t{margin:0cm;\n\tfont-size:11.0pt;\n\tfont-family:"Calibri",sans-serif;}\n'
    "--></style></head>"
)


@dataclass(frozen=True)
class Quote:
    """The message being replied to."""

    fresh: Fresh
    author: Person
    sent_ns: int
    subject: str


@dataclass(frozen=True)
class Composed:
    """A finished message body and its parts, as the service returns them."""

    body: str
    quoted: str
    remainder: str
    snippet: str
    is_plain_text: bool


def _clock12(moment: time.struct_time) -> str:
    hour = moment.tm_hour % 12 or 12
    return f"{hour}:{moment.tm_min:02d} {'AM' if moment.tm_hour < 12 else 'PM'}"


def _clock24(moment: time.struct_time) -> str:
    return f"{moment.tm_hour:02d}:{moment.tm_min:02d}"


def _sent_en(ns: int) -> str:
    m = pacific_time(ns)
    return f"{_DAYS[m.tm_wday]}, {_MONTHS[m.tm_mon - 1]} {m.tm_mday}, {m.tm_year} {_clock12(m)}"


def _sent_de(ns: int) -> str:
    m = pacific_time(ns)
    day, month = _WEEKDAYS_DE[m.tm_wday], _MONTHS_DE[m.tm_mon - 1]
    return f"{day}, {m.tm_mday}. {month} {m.tm_year} {_clock24(m)}"


def _gmail_date(ns: int) -> str:
    m = pacific_time(ns)
    day, month = _DAYS[m.tm_wday][:3], _MONTHS[m.tm_mon - 1][:3]
    return f"{day}, {month} {m.tm_mday}, {m.tm_year} at {_clock12(m)}"


def _who(person: Person) -> str:
    return f"{text_escape(person.full_name)} &lt;{text_escape(person.email)}&gt;"


def _header_block(labels: tuple[str, str, str, str], quote: Quote, sent: str, to: str) -> str:
    sender, when, recipient, subject = labels
    return (
        f"<b>{sender}</b> {_who(quote.author)}<br><b>{when}</b> {sent}<br>"
        f"<b>{recipient}</b> {text_escape(to)}<br><b>{subject}</b> {text_escape(quote.subject)}"
    )


def _gmail(fresh: Fresh, quote: Quote | None, to: str) -> tuple[str, str, str]:
    new = f'<div dir="ltr">{fresh_html(fresh, "gmail")}</div>'
    if quote is None:
        return new, "", new
    who = quote.author
    quoted = (
        '<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On '
        f"{_gmail_date(quote.sent_ns)} {text_escape(who.full_name)} &lt;"
        f'<a href="mailto:{escape(who.email)}">{text_escape(who.email)}</a>&gt; wrote:<br></div>'
        '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid '
        f'rgb(204,204,204);padding-left:1ex"><div dir="ltr">{fresh_html(quote.fresh, "gmail")}'
        "</div></blockquote></div>"
    )
    return new + quoted, quoted, new


def _outlook(fresh: Fresh, quote: Quote | None, to: str, german: bool) -> tuple[str, str, str]:
    new = fresh_html(fresh, "outlook")
    quoted = ""
    if quote is not None:
        if german:
            labels = ("Von:", "Gesendet:", "An:", "Betreff:")
            sent = _sent_de(quote.sent_ns)
        else:
            labels = ("From:", "Sent:", "To:", "Subject:")
            sent = _sent_en(quote.sent_ns)
        quoted = (
            '<div><div style="border:none;border-top:solid #E1E1E1 1.0pt;'
            'padding:3.0pt 0cm 0cm 0cm"><p class=MsoNormal>'
            f"{_header_block(labels, quote, sent, to)}<o:p></o:p></p></div></div>"
            f"<p class=MsoNormal><o:p>&nbsp;</o:p></p>{fresh_html(quote.fresh, 'outlook')}"
        )
    lang = "DE" if german else "EN-US"
    body = (
        f'{_OUTLOOK_HEAD}<body lang={lang} link="#0563C1" vlink="#954F72">'
        f"<div class=WordSection1>{new}{quoted}</div></body></html>"
    )
    return body, quoted, new


def _owa(fresh: Fresh, quote: Quote | None, to: str) -> tuple[str, str, str]:
    new = (
        '<div style="font-family: Calibri, Arial, Helvetica, sans-serif; font-size: 12pt; '
        f'color: rgb(0, 0, 0);">{fresh_html(fresh, "web")}</div>'
    )
    quoted = ""
    if quote is not None:
        labels = ("From:", "Sent:", "To:", "Subject:")
        quoted = (
            '<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">'
            '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" '
            'style="font-size:11pt" color="#000000">'
            f"{_header_block(labels, quote, _sent_en(quote.sent_ns), to)}</font>"
            f'<div>&nbsp;</div></div><div class="BodyFragment">{fresh_html(quote.fresh, "web")}'
            "</div>"
        )
    body = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        '<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style>'
        f'</head><body dir="ltr">{new}{quoted}</body></html>'
    )
    return body, quoted, new


def _apple(fresh: Fresh, quote: Quote | None, to: str) -> tuple[str, str, str]:
    new = fresh_html(fresh, "apple")
    quoted = ""
    if quote is not None:
        m = pacific_time(quote.sent_ns)
        quoted = (
            f'<div><br><blockquote type="cite">On {_MONTHS[m.tm_mon - 1][:3]} {m.tm_mday}, '
            f"{m.tm_year}, at {_clock24(m)}, {_who(quote.author)} wrote:<br><br>"
            "</blockquote></div>"
            f'<blockquote type="cite"><div dir="ltr">{fresh_html(quote.fresh, "apple")}'
            "</div></blockquote>"
        )
    body = (
        '<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
        f'<body dir="auto">{new}{quoted}</body></html>'
    )
    return body, quoted, new


def _thunderbird(fresh: Fresh, quote: Quote | None, to: str) -> tuple[str, str, str]:
    new = fresh_html(fresh, "thunderbird")
    quoted = ""
    if quote is not None:
        m = pacific_time(quote.sent_ns)
        quoted = (
            f'<div class="moz-cite-prefix">On {m.tm_mday:02d}/{m.tm_mon:02d}/{m.tm_year} '
            f"{_clock24(m)}, {text_escape(quote.author.full_name)} wrote:<br></div>"
            f'<blockquote type="cite" cite="mid:{quote.sent_ns}@demo.lurker.invalid">'
            f"{fresh_html(quote.fresh, 'thunderbird')}</blockquote>"
        )
    body = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head>'
        f"<body>{new}{quoted}<br></body></html>"
    )
    return body, quoted, new


def _original(fresh: Fresh, quote: Quote | None, to: str) -> tuple[str, str, str]:
    new = f"<div>{fresh_html(fresh, 'web')}</div>"
    quoted = ""
    if quote is not None:
        headers = (
            f"From: {_who(quote.author)}<br>Sent: {_sent_en(quote.sent_ns)}<br>"
            f"To: {text_escape(to)}<br>Subject: {text_escape(quote.subject)}"
        )
        quoted = (
            f"<div><br>-----Original Message-----<br>{headers}<br><br>"
            f"{fresh_html(quote.fresh, 'web')}</div>"
        )
    return new + quoted, quoted, new


def _web(fresh: Fresh, quote: Quote | None, to: str) -> tuple[str, str, str]:
    new = fresh_html(fresh, "web")
    quoted = ""
    if quote is not None:
        quoted = (
            f"<div>On {_gmail_date(quote.sent_ns)}, {text_escape(quote.author.full_name)} wrote:"
            f"</div><blockquote>{fresh_html(quote.fresh, 'web')}</blockquote>"
        )
    return new + quoted, quoted, new


_HTML_CLIENTS: dict[str, Callable[[Fresh, Quote | None, str], tuple[str, str, str]]] = {
    "gmail": _gmail,
    "outlook": lambda fresh, quote, to: _outlook(fresh, quote, to, german=False),
    "outlook_de": lambda fresh, quote, to: _outlook(fresh, quote, to, german=True),
    "owa": _owa,
    "apple": _apple,
    "thunderbird": _thunderbird,
    "original": _original,
    "web": _web,
}


def compose(client: str, fresh: Fresh, quote: Quote | None, to: str) -> Composed:
    """Build the body a client would send, with its quoted part and new part split out."""
    if client == "plain":
        new = fresh_text(fresh)
        quoted = ""
        if quote is not None:
            attribution = f"On {_gmail_date(quote.sent_ns)}, {quote.author.full_name} wrote:"
            quoted = attribution + "\n" + quote_lines(fresh_text(quote.fresh))
        body = f"{new}\n\n{quoted}" if quoted else new
        return Composed(body, quoted, new, snippet(fresh), is_plain_text=True)
    body, quoted, new = _HTML_CLIENTS[client](fresh, quote, to)
    return Composed(body, quoted, new, snippet(fresh), is_plain_text=False)
