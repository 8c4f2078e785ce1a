"""Attribution lines sure enough to start a quote that nothing else marks.

Many clients (Outlook mobile, Zoho, Mail.ru, Yandex, most webmail) put "On …, Ana wrote:"
above the quoted message and then quote it without ``>`` marks: everything after such a
line is the quote. That costs the reply its words if a sentence of the reply is taken
for one ("I wrote 3 tests on 12.01.2016:"), so a line counts only in a shape clients
write, with the words of ``languages``:

- an opener, a date, then the verb, the author last or just after it:
  "On <date>, Ana wrote:", "Am <date> schrieb Ana <ana@example.com>:", "W dniu <date> … napisał:";
- a date first, then the verb: "tir. 5. jan. 2016 kl. 23.39 skrev Ana <a@b.dk>:",
  "2016/01/05 23:39、Ana <a@b.jp>のメッセージ:";
- an address, then the verb: "Ana <ana@example.com> 于2016年1月5日 下午11:39写道:" (the
  colon full-width in Chinese), "Ana <ana@example.com> kirjoitti 5.1.2016 kello 23.39:";
- no verb: a date, a time, and the address last: "05.01.2016, 23:39, "Ana" <a@b.ru>:"
  (Yandex, Mail.ru, Gmail in Russian and Japanese);
- Horde's "Quoting Ana <ana@example.com>:";
- any of these between dashes and without the colon (Zoho's "---- On … wrote ----").
"""

from __future__ import annotations

import re

from .headers import phrases
from .languages import LANGUAGES

__all__ = [
    "dated_address",
    "is_attribution",
    "opens_attribution",
    "reply_before_attribution",
    "starts_with_opener",
]

_MAX_LENGTH = 300
_DATE_FIRST = 12  # "tir. 5. jan.": a weekday, then the date's first digit
_REF = re.compile(r"\[\d+\]")
_DASHES = re.compile(r"^\s*[-=]{2,}\s*(.*?)\s*[-=]{2,}\s*$")
_COLON = re.compile(r"\s*[:\uff1a]\s*$")
_WHEN = re.compile(
    r"(?:19|20)\d\d|\d{1,2}[:.h]\d\d|\d{1,4}[./-]\d{1,2}|\d\s*[年月日월일]", re.IGNORECASE
)
_TIME = re.compile(r"\d{1,2}[:.]\d\d")
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_DAY_COMMA = re.compile(r"\d,")
_DATE_OR_ADDRESS = re.compile(r"[\d@]")
_ADDRESS_LAST = re.compile(r"@[\w-]+(?:\.[\w-]+)+[\s\"')>\]]*$")


def _words_pattern(words: list[str]) -> str:
    """Word-bounded where a word has letters at its edge (not in CJK scripts, with none)."""
    bounded = [word for word in words if not _cjk(word)]
    unbounded = [word for word in words if _cjk(word)]
    parts = []
    if bounded:
        parts.append(r"(?<!\w)(?:" + phrases(bounded) + r")(?!\w)")
    if unbounded:
        parts.append("(?:" + phrases(unbounded) + ")")
    return "|".join(parts)


def _cjk(word: str) -> bool:
    return any("\u2e80" <= char <= "\ud7af" for char in word)


_VERB = re.compile(_words_pattern([word for row in LANGUAGES for word in row.wrote]), re.IGNORECASE)
_OPENER = re.compile(
    r"\s*(?:" + _words_pattern([word for row in LANGUAGES for word in row.openers]) + ")",
    re.IGNORECASE,
)
_QUOTING = re.compile(
    r"\s*(?:" + phrases(word for row in LANGUAGES for word in row.quoting) + r")\s", re.IGNORECASE
)
# Reply text, then an opener as written (capitalised): "Sounds good. On Wed, Apr 4, 2012 …,
# bob wrote:", "reply--- On …".
_OPENER_INSIDE = re.compile(
    r"(?<=[^\s-])(?:\s+|-{2,}\s*)(?=(?:"
    + phrases(word for row in LANGUAGES for word in row.openers)
    + r")\s)"
)


def _author_after(rest: str) -> bool:
    """What may follow the verb: nothing, an author (name, address), or a short date."""
    rest = rest.strip(" ,")
    if not rest or _ADDRESS.search(rest):
        return True
    if not any(char.isdigit() for char in rest):
        return len(rest) <= 40 and len(rest.split()) <= 5
    return len(rest) <= 40 and _WHEN.search(rest) is not None and len(rest.split()) <= 8


def _shaped(text: str) -> bool:
    """Whether text without its colon has the shape of one of the attributions above."""
    if _QUOTING.match(text):
        return _ADDRESS.search(text) is not None
    verbs = list(_VERB.finditer(text))
    if not verbs:
        return (
            _ADDRESS_LAST.search(text) is not None
            and _TIME.search(text) is not None
            and _WHEN.search(text) is not None
        )
    verb = verbs[-1]
    before, after = text[: verb.start()], text[verb.end() :]
    if not _author_after(after):
        return False
    if _ADDRESS.search(before):
        return True
    if _OPENER.match(text):  # "On Nov 30, smb wrote:" has no year or time, but a date
        return _WHEN.search(before) is not None or _DAY_COMMA.search(before) is not None
    return _WHEN.search(before) is not None and _date_first(text)


def _date_first(text: str) -> bool:
    """Whether a date opens the text ("tir. 5. jan. 2016", "2016/01/05", "вт, 5 янв.")."""
    head = text[: _DATE_FIRST + 1]
    return any(char.isdigit() for char in head) and _WHEN.search(text, 0, 40) is not None


def starts_with_opener(line: str) -> bool:
    """Whether a line starts with an attribution's opener ("On", "Am", "Le", "W dniu" …)."""
    return _OPENER.match(line.strip().lstrip(">-").strip()) is not None


def opens_attribution(line: str) -> bool:
    """Whether a line may be the first of an attribution wrapped over several lines."""
    text = line.strip().lstrip(">-").strip()
    return bool(_OPENER.match(text) or _QUOTING.match(text)) or _date_first(text)


def is_attribution(line: str) -> bool:
    """Whether a line (or lines joined) is an attribution in a shape clients write."""
    if len(line) > _MAX_LENGTH or _DATE_OR_ADDRESS.search(line) is None:
        return False  # every shape above has a date or an address
    text = _REF.sub("", line).strip().lstrip(">").strip()
    dashed = _DASHES.match(text)
    if dashed is not None:
        text = dashed.group(1)
    else:
        colon = _COLON.search(text)
        if colon is None:
            return False
        text = text[: colon.start()].lstrip("-=* ")
    return bool(text) and _shaped(text.strip("* "))


def dated_address(line: str) -> bool:
    """Gmail's oldest attribution, a date and an address and no colon: "2011/4/7 Ana <a@b.c>"."""
    text = line.strip()
    if "@" not in text or len(text) > _MAX_LENGTH // 2:
        return False
    return _date_first(text) and _ADDRESS_LAST.search(text) is not None


def reply_before_attribution(line: str) -> tuple[int, int] | None:
    """Where the reply text ends and an attribution starts, when they share a line."""
    if len(line) > _MAX_LENGTH * 2 or not _COLON.search(line) or not _DATE_OR_ADDRESS.search(line):
        return None
    for match in _OPENER_INSIDE.finditer(line):
        if any(char.isalnum() for char in line[: match.start()]) and is_attribution(
            line[match.end() :]
        ):
            return match.start(), match.end()
    return None
