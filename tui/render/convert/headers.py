"""The words mail clients write above a quoted message, in the languages we have seen.

Outlook (desktop and web) quotes with a header block ("From:/Sent:/To:/Subject:") in the
sender's UI language, and many clients put a separator line ("-----Original Message-----")
or an attribution ("On <date>, <name> wrote:") before the quote.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = [
    "ATTRIBUTION",
    "HeaderField",
    "header_field",
    "is_forward",
    "is_original_message",
]

HeaderField = Literal["from", "date", "to", "subject"]

_FIELDS: dict[HeaderField, tuple[str, ...]] = {
    "from": (
        "From", "Von", "De", "Da", "Van", "Från", "Fra", "Frá", "Od", "Kimden", "Feladó",
        "Lähettäjä", "Saatja", "Nadawca", "Remitente", "Mittente", "Afzender", "Από",
        "От", "Від", "Од", "发件人", "寄件者", "差出人", "보낸 사람", "מאת", "من", "Từ",
        "Dari", "Expéditeur", "Absender",
    ),
    "date": (
        "Sent", "Date", "Gesendet", "Datum", "Envoyé", "Date d'envoi", "Enviado", "Fecha",
        "Inviato", "Data", "Verzonden", "Skickat", "Sendt", "Odesláno", "Wysłano",
        "Gönderildi", "Tarih", "Lähetetty", "Päivämäärä", "Elküldve", "Dátum", "Saadetud",
        "Отправлено", "Дата", "Надіслано", "Στάλθηκε", "Ημερομηνία", "发送时间", "日期",
        "寄件日期", "送信日時", "日付", "보낸 날짜", "날짜", "נשלח", "תאריך", "أرسل",
        "التاريخ", "Đã gửi", "Ngày", "Dikirim", "Tanggal",
    ),
    "to": (
        "To", "An", "À", "A", "Para", "Aan", "Till", "Til", "Komu", "Do", "Kime", "Címzett",
        "Vastaanottaja", "Adressaat", "Destinatario", "Кому", "Προς", "收件人", "宛先",
        "받는 사람", "אל", "إلى", "Đến", "Kepada", "Cc", "Kopie", "Copie", "CC",
    ),
    "subject": (
        "Subject", "Betreff", "Objet", "Asunto", "Oggetto", "Assunto", "Onderwerp", "Ämne",
        "Emne", "Předmět", "Temat", "Konu", "Tárgy", "Aihe", "Teema", "Тема", "Θέμα", "主题",
        "主旨", "件名", "제목", "נושא", "الموضوع", "Chủ đề", "Perihal", "Subjek",
    ),
}  # fmt: skip

_FIELD_OF = {name.casefold(): field for field, names in _FIELDS.items() for name in names}
_LABEL = re.compile(
    r"\s*(" + "|".join(sorted(map(re.escape, _FIELD_OF), key=len, reverse=True)) + r")\s*[:\uff1a]",
    re.IGNORECASE,
)

_ORIGINAL = re.compile(
    r"\s*-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|"
    r"mensaje original|messaggio originale|mensagem original|oorspronkelijk bericht|"
    r"originalmeddelande|oprindelig meddelelse|opprinnelig melding|alkuperäinen viesti|"
    r"původní zpráva|pôvodná správa|wiadomość oryginalna|eredeti üzenet|"
    r"исходное сообщение|оригинальное сообщение|αρχικό μήνυμα|orijinal mesaj|"
    r"原始邮件|原始郵件|元のメッセージ|원본 메시지|ההודעה המקורית|الرسالة الأصلية)"
    r"\s*-{2,}\s*",
    re.IGNORECASE,
)

# Gmail's "---------- Forwarded message ---------" and Apple Mail's "Begin forwarded
# message:", in the languages those clients write them in.
_FORWARD = re.compile(
    r"\s*(?:-{2,}\s*(?:forwarded message|weitergeleitete nachricht|message transféré|"
    r"mensaje reenviado|messaggio inoltrato|mensagem encaminhada|doorgestuurd bericht|"
    r"vidarebefordrat meddelande|videresendt meddelelse|videresendt melding|"
    r"välitetty viesti|přeposlaná zpráva|przekazana wiadomość|пересылаемое сообщение|"
    r"προωθημένο μήνυμα|iletilen ileti|转发的邮件|轉寄的郵件|転送されたメッセージ|"
    r"전달된 메시지|הודעה שהועברה|رسالة مُعاد توجيهها)\s*-{2,}"
    r"|(?:begin forwarded message|anfang der weitergeleiteten nachricht|"
    r"début du message réexpédié|inicio del mensaje reenviado|inizio messaggio inoltrato)"
    r"\s*[:\uff1a])\s*",
    re.IGNORECASE,
)

# "On Thu, Jun 26, 2014 at 2:14 PM, Alexander L <a@example.com> wrote:" and friends: a
# short line ending in a colon that names a date, an address or the act of writing.
ATTRIBUTION = re.compile(
    r"(?=.*(?:\d|@|wrote|writes|schrieb|écrit|escribió|scrisse|schreef|skrev|kirjoitti|"
    r"napisał|napsal|написал|пишет|έγραψε|yazd\u0131|escreveu|scritto|寫道|写道|"
    r"メッセージ|작성|כתב|كتب)).{0,300}[:\uff1a]\s*",
    re.IGNORECASE | re.DOTALL,
)


def header_field(line: str) -> HeaderField | None:
    """The header field a line starts with ("From: …" is "from"), or None."""
    if ":" not in line and "\uff1a" not in line:  # most lines: no label can match
        return None
    match = _LABEL.match(line)
    if match is None:
        return None
    return _FIELD_OF.get(match.group(1).casefold())


def is_original_message(line: str) -> bool:
    """True for "-----Original Message-----" in any of the known languages."""
    return "--" in line and _ORIGINAL.fullmatch(line) is not None


def is_forward(line: str) -> bool:
    """True for the line that opens a forwarded message (Gmail, Apple Mail)."""
    return _FORWARD.fullmatch(line) is not None
