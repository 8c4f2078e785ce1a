# ruff: noqa: RUF001 (letters of other scripts that look Latin are this table's words)
"""What mail clients write around a quote, one row per language: the rules read only this.

Each row holds the words of one language (a client's interface language, not the mail's):

- ``wrote``: the verb of an attribution ("On …, Ana wrote:", "Am … schrieb Ana:");
- ``openers``: the words an attribution starts with ("On", "Am", "W dniu");
- ``quoting``: Horde's "Quoting Ana <ana@example.com>:", an attribution with no date;
- ``sender``, ``sent``, ``to``, ``subject``, ``other``: the labels of a header block
  ("From:", "Sent:", "To:", "Subject:", and fields that may sit among them, "Reply-To:");
- ``original``: the separator above a quoted message ("-----Original Message-----");
- ``forwarded``: the line above a forwarded one ("---------- Forwarded message ---------",
  "Begin forwarded message:");
- ``forward_prefixes``: what a forward's subject starts with ("Fwd:", "WG:").

A new language is one more row; ``headers`` and ``attribution`` build their patterns from
these. Case does not matter; spaces inside a phrase match any run of spaces.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["LANGUAGES", "Language"]


class Language(NamedTuple):
    """The words one language's mail clients write around quotes."""

    code: str
    wrote: tuple[str, ...] = ()
    openers: tuple[str, ...] = ()
    quoting: tuple[str, ...] = ()
    sender: tuple[str, ...] = ()
    sent: tuple[str, ...] = ()
    to: tuple[str, ...] = ()
    subject: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    original: tuple[str, ...] = ()
    forwarded: tuple[str, ...] = ()
    forward_prefixes: tuple[str, ...] = ()


L = Language
LANGUAGES: tuple[Language, ...] = (
    L("en", wrote=("wrote", "writes", "sent"), openers=("On", "At"), quoting=("Quoting",),
      sender=("From",), sent=("Sent", "Date"), to=("To",), subject=("Subject",),
      other=("Cc", "Bcc", "Reply-To", "Importance", "Attachments", "Organization"),
      original=("Original Message", "Reply Message"),
      forwarded=("Forwarded message", "Forwarded Message", "Begin forwarded message"),
      forward_prefixes=("FW", "Fwd")),
    L("de", wrote=("schrieb", "geschrieben"), openers=("Am",), quoting=("Zitat von",),
      sender=("Von", "Absender"), sent=("Gesendet", "Datum"), to=("An",), subject=("Betreff",),
      other=("Kopie", "Blindkopie", "Antwort an", "Wichtigkeit", "Anlagen"),
      original=("Ursprüngliche Nachricht", "Antwort Nachricht", "Original-Nachricht",
                "Originalnachricht"),
      forwarded=("Weitergeleitete Nachricht", "Anfang der weitergeleiteten Nachricht",
                 "Weitergeleitete E-Mail"),
      forward_prefixes=("WG", "Fwd")),
    L("fr", wrote=("a écrit", "écrit"), openers=("Le",), quoting=("Citation de",),
      sender=("De", "Expéditeur"), sent=("Envoyé", "Envoyé le", "Date", "Message du"),
      to=("À", "A", "Destinataire", "Pour"), subject=("Objet", "Sujet"),
      other=("Copie", "Copie à", "Répondre à", "Importance", "Pièces jointes"),
      original=("Message d'origine", "Message original"),
      forwarded=("Message transféré", "Début du message réexpédié",
                 "Début du message transféré"),
      forward_prefixes=("TR", "Fwd")),
    L("pl", wrote=("napisał(a)", "napisał", "napisała", "pisze"), openers=("W dniu", "Dnia"),
      sender=("Od", "Nadawca"), sent=("Wysłano", "Wysłane", "Data"), to=("Do", "Adresat"),
      subject=("Temat",), other=("DW", "UDW", "Kopia"),
      original=("Wiadomość oryginalna", "Oryginalna wiadomość"),
      forwarded=("Przekazana wiadomość", "Wiadomość przekazana dalej"),
      forward_prefixes=("PD", "Fwd")),
    L("nl", wrote=("schreef", "het volgende geschreven", "geschreven"), openers=("Op",),
      sender=("Van", "Afzender"), sent=("Verzonden", "Datum"), to=("Aan",),
      subject=("Onderwerp",), other=("Antwoord aan", "Urgentie", "Bijlagen"),
      original=("Oorspronkelijk bericht", "Origineel bericht"),
      forwarded=("Doorgestuurd bericht", "Begin doorgestuurd bericht"),
      forward_prefixes=("Doorst", "FW")),
    L("ru", wrote=("написал(а)", "написал", "написала", "пишет", "писал(а)", "писал"),
      sender=("От", "Отправитель"), sent=("Отправлено", "Дата"), to=("Кому",),
      subject=("Тема",), other=("Копия", "Ответить"),
      original=("Исходное сообщение", "Оригинальное сообщение"),
      forwarded=("Пересылаемое сообщение", "Перенаправленное сообщение",
                 "Пересланное сообщение"),
      forward_prefixes=("Пересл", "Fwd")),
    L("da", wrote=("skrev",), openers=("Den",), sender=("Fra",), sent=("Sendt", "Dato"),
      to=("Til",), subject=("Emne",), other=("Kopi", "Svar til", "Vedhæftede filer"),
      original=("Oprindelig meddelelse", "Oprindelig besked", "Original meddelelse"),
      forwarded=("Videresendt meddelelse", "Videresendt besked", "Start på videresendt besked"),
      forward_prefixes=("VS", "Fwd")),
    L("no", wrote=("skrev",), openers=("Den", "På"), sender=("Fra",), sent=("Sendt", "Dato"),
      to=("Til",), subject=("Emne",), other=("Kopi", "Svar til"),
      original=("Opprinnelig melding", "Original melding"),
      forwarded=("Videresendt melding", "Videresendt e-post", "Start på videresendt melding"),
      forward_prefixes=("VS", "Fwd")),
    L("it", wrote=("ha scritto", "scritto", "scrive"), openers=("Il giorno", "Il", "In data"),
      quoting=("Citando",), sender=("Da", "Mittente"), sent=("Inviato", "Data"),
      to=("A", "Destinatario"), subject=("Oggetto",),
      other=("Risposta", "Rispondi a", "Priorità", "Allegati"),
      original=("Messaggio originale",),
      forwarded=("Messaggio inoltrato", "Inizio messaggio inoltrato"),
      forward_prefixes=("I", "Inoltra", "Fwd")),
    L("sv", wrote=("skrev",), openers=("Den",), sender=("Från", "Avsändare"),
      sent=("Skickat", "Datum"), to=("Till",), subject=("Ämne",), other=("Kopia", "Svara till"),
      original=("Ursprungligt meddelande", "Originalmeddelande"),
      forwarded=("Vidarebefordrat meddelande", "Vidarebefordrat mejl",
                 "Början på vidarebefordrat meddelande"),
      forward_prefixes=("VB", "Fwd")),
    L("es", wrote=("escribió",), openers=("El",), quoting=("Citando a",),
      sender=("De", "Remitente"), sent=("Enviado", "Enviado el", "Fecha"),
      to=("Para", "Destinatario"), subject=("Asunto",),
      other=("CC", "CCO", "Responder a", "Importancia", "Datos adjuntos"),
      original=("Mensaje original",),
      forwarded=("Mensaje reenviado", "Inicio del mensaje reenviado"),
      forward_prefixes=("RV", "Fwd")),
    L("zh", wrote=("写道", "寫道"), openers=("在",),
      sender=("发件人", "寄件者", "發件人", "寄件人"),
      sent=("发送时间", "日期", "寄件日期", "發送時間", "时间", "發送日期"),
      to=("收件人", "收件者"), subject=("主题", "主旨", "主題"), other=("抄送", "副本", "回复至"),
      original=("原始邮件", "原始郵件", "原邮件"),
      forwarded=("转发的邮件", "轉寄的郵件", "转发邮件信息", "已转发邮件"),
      forward_prefixes=("转发", "轉寄", "Fwd")),
    L("pt", wrote=("escreveu",), openers=("Em", "No dia", "Às"), quoting=("Citando",),
      sender=("De", "Remetente"), sent=("Enviado", "Enviada em", "Data"), to=("Para",),
      subject=("Assunto",), other=("Cc", "Responder a", "Anexos"),
      original=("Mensagem original",),
      forwarded=("Mensagem encaminhada", "Mensagem reencaminhada",
                 "Início da mensagem reencaminhada", "Início da mensagem encaminhada"),
      forward_prefixes=("ENC", "Fwd")),
    L("vi", wrote=("đã viết", "viết"), openers=("Vào",), sender=("Từ",),
      sent=("Đã gửi", "Ngày", "Gửi"), to=("Đến", "Tới"), subject=("Chủ đề", "Tiêu đề"),
      other=("Cc",), original=("Thư gốc",),
      forwarded=("Thư đã chuyển tiếp", "Thư chuyển tiếp"), forward_prefixes=("TT", "Fwd")),
    L("uk", wrote=("пише", "написав(ла)", "написав", "написала"), sender=("Від",),
      sent=("Надіслано", "Дата"), to=("Кому",), subject=("Тема",), other=("Копія",),
      original=("Оригінальне повідомлення", "Вихідне повідомлення"),
      forwarded=("Переслане повідомлення", "Пересланий лист"), forward_prefixes=("Fwd",)),
    L("fi", wrote=("kirjoitti",), sender=("Lähettäjä",), sent=("Lähetetty", "Päivämäärä"),
      to=("Vastaanottaja",), subject=("Aihe",), other=("Kopio",),
      original=("Alkuperäinen viesti",),
      forwarded=("Välitetty viesti", "Välitetty sähköposti"), forward_prefixes=("VL", "Fwd")),
    L("ca", wrote=("va escriure",), openers=("El",), sender=("De",),
      sent=("Enviat", "Enviat el", "Data"), to=("Per a", "A"), subject=("Assumpte", "Tema"),
      other=("A/c", "Cc"), original=("Missatge original",),
      forwarded=("Missatge reenviat",), forward_prefixes=("RV", "Fwd")),
    L("ko", wrote=("작성", "님이 작성"), sender=("보낸 사람", "보낸사람"),
      sent=("보낸 날짜", "날짜"), to=("받는 사람", "받는사람"), subject=("제목",),
      other=("참조",), original=("원본 메시지", "원본 메일"),
      forwarded=("전달된 메시지", "전달된 메일"), forward_prefixes=("전달", "Fwd")),
    L("ja", wrote=("のメッセージ", "書きました", "さんは書きました"),
      sender=("差出人", "送信者"), sent=("送信日時", "日付", "送信日"), to=("宛先", "送信先"),
      subject=("件名",), other=("CC",), original=("元のメッセージ", "元のメール"),
      forwarded=("転送されたメッセージ", "転送メッセージ"), forward_prefixes=("転送", "Fwd")),
    # Languages seen in mail beyond those the quote cases cover.
    L("cs", wrote=("napsal(a)", "napsal", "napsala"), openers=("Dne",), sender=("Od",),
      sent=("Odesláno", "Datum"), to=("Komu",), subject=("Předmět",), other=("Kopie",),
      original=("Původní zpráva",), forwarded=("Přeposlaná zpráva",)),
    L("sk", wrote=("napísal(a)", "napísal"), openers=("Dňa",), sender=("Od",),
      sent=("Odoslané", "Dátum"), to=("Komu",), subject=("Predmet",),
      original=("Pôvodná správa",)),
    L("tr", wrote=("yazdı",), sender=("Kimden",), sent=("Gönderildi", "Tarih"),
      to=("Kime",), subject=("Konu",), original=("Orijinal mesaj",),
      forwarded=("İletilen ileti",)),
    L("hu", wrote=("írta",), sender=("Feladó",), sent=("Elküldve", "Dátum"),
      to=("Címzett",), subject=("Tárgy",), original=("Eredeti üzenet",)),
    L("et", sender=("Saatja",), sent=("Saadetud",), to=("Adressaat",), subject=("Teema",)),
    L("el", wrote=("έγραψε",), sender=("Από",), sent=("Στάλθηκε", "Ημερομηνία"),
      to=("Προς",), subject=("Θέμα",), original=("Αρχικό μήνυμα",),
      forwarded=("Προωθημένο μήνυμα",)),
    L("he", wrote=("כתב",), sender=("מאת",), sent=("נשלח", "תאריך"), to=("אל",),
      subject=("נושא",), original=("ההודעה המקורית",), forwarded=("הודעה שהועברה",)),
    L("ar", wrote=("كتب",), sender=("من",), sent=("أرسل", "التاريخ"), to=("إلى",),
      subject=("الموضوع",), original=("الرسالة الأصلية",), forwarded=("رسالة مُعاد توجيهها",)),
    L("id", sender=("Dari",), sent=("Dikirim", "Tanggal"), to=("Kepada",),
      subject=("Perihal", "Subjek")),
    L("sr", sender=("Од",)),
    L("is", sender=("Frá",)),
)  # fmt: skip
