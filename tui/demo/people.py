# ruff: noqa: RUF001 - text in Greek, Cyrillic and other scripts is deliberate
"""The people of the demo world: the two accounts and a pool of posters in many scripts."""

from __future__ import annotations

from dataclasses import dataclass

from .seeding import mix

DEMO_USER_ID = 3_141_592
TWOFACTOR_USER_ID = 3_141_593
_POOL_FIRST_ID = 3_000_001


@dataclass(frozen=True)
class Person:
    """Someone with an account: a poster, a member, or the demo user."""

    user_id: int
    full_name: str
    user_name: str
    email: str
    language: str
    timezone: str = "America/Los_Angeles"


# (full name, handle, language of their occasional non-English lines)
_POOL_SPEC = (
    ("Ana Souza", "anasouza", "en"),
    ("Jonas Müller", "jmueller", "de"),
    ("Chloé Lefèvre", "chloe.l", "en"),
    ("Mateus Oliveira", "mateus", "en"),
    ("Priya Raman", "priya", "en"),
    ("Tomás Ó Briain", "tomasob", "en"),
    ("Ingrid Solberg", "ingrid", "en"),
    ("Wei Chen", "weichen", "en"),
    ("佐藤 健", "ksato", "ja"),
    ("山田 花子", "hanako", "ja"),
    ("鈴木 一郎", "ichiro.s", "ja"),
    ("Γιώργος Παπαδόπουλος", "gpapad", "el"),
    ("Ελένη Κωνσταντίνου", "eleni.k", "el"),
    ("Дмитрий Иванов", "divanov", "ru"),
    ("Анна Смирнова", "asmirnova", "ru"),
    ("Олег Петренко", "opetrenko", "ru"),
    ("נועה כהן", "noa.cohen", "he"),
    ("דוד לוי", "davidlevi", "he"),
    ("فاطمة الزهراء", "fatima.z", "ar"),
    ("محمد العلي", "m.alali", "ar"),
    ("Kwame Mensah", "kwame", "en"),
    ("Aroha Ngata", "aroha", "en"),
    ("Lars Eriksson", "larse", "en"),
    ("Zoë Van den Berg", "zoevdb", "en"),
    ("Marek Dvořák", "mdvorak", "en"),
    ("Björk Guðmundsdóttir", "bjorkg", "en"),
    ("Siobhán Kelly", "siobhan", "en"),
    ("Rafael Núñez", "rnunez", "en"),
    ("Ayşe Yılmaz", "ayse.y", "en"),
    ("Nguyễn Văn An", "nguyenan", "en"),
    ("김민준", "minjun.kim", "en"),
    ("이서연", "seoyeon", "en"),
    ("राहुल शर्मा", "rsharma", "en"),
    ("Emily Carter", "ecarter", "en"),
    ("Michael O'Connor", "moconnor", "en"),
    ("Sarah Johnson", "sjohnson", "en"),
    ("David Kim", "dkim", "en"),
    ("Laura Rossi", "lrossi", "en"),
    ("Pierre Dubois", "pdubois", "en"),
    ("Katarzyna Nowak", "knowak", "en"),
    ("Hans Schmidt", "hschmidt", "de"),
    ("Petra Lindqvist", "petral", "en"),
    ("João Silva", "jsilva", "en"),
    ("Elif Demir", "edemir", "en"),
    ("Yusuf Adeyemi", "yadeyemi", "en"),
    ("Mei Lin", "meilin", "en"),
    ("Oscar Andersson", "oscara", "en"),
    ("Ilse de Vries", "ilsedv", "en"),
    ("Ahmed Hassan", "ahassan", "ar"),
    ("Sven Hedin", "svenh", "en"),
    ("Julia Wagner", "jwagner", "de"),
    ("Carlos Mendes", "cmendes", "en"),
    ("Nora Berg", "noraberg", "en"),
    ("Paul Harris", "pharris", "en"),
    ("Grace Liu", "graceliu", "en"),
    ("Rui Costa", "ruicosta", "en"),
    ("Tanja Horvat", "thorvat", "en"),
    ("Bob the Builder Bot", "buildbot", "en"),
    ("@benj39100", "benj39100", "en"),
    ("Léa Fontaine", "leaf", "en"),
)
_DOMAINS = ("example.com", "example.org", "example.net", "mail.example.com")

POOL: tuple[Person, ...] = tuple(
    Person(
        user_id=_POOL_FIRST_ID + index,
        full_name=name,
        user_name=handle,
        email=f"{handle}@{_DOMAINS[index % len(_DOMAINS)]}",
        language=language,
        timezone=("Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC")[index % 4],
    )
    for index, (name, handle, language) in enumerate(_POOL_SPEC)
)

DEMO_USER = Person(DEMO_USER_ID, "Demo Reader", "demo", "demo@example.com", "en")
TWOFACTOR_USER = Person(TWOFACTOR_USER_ID, "Two Factor", "twofactor", "2fa@example.com", "en")

_FIRST = ("Alex", "Sam", "Robin", "Kim", "Jordan", "Maria", "Yuki", "Omar", "Lena", "Ivan")
_LAST = ("Novak", "García", "Tanaka", "Okafor", "Berg", "Rossi", "Kowalski", "Haddad")
_PAST_FIRST_ID = 3_900_001


def past_member(number: int) -> Person:
    """A former member, made on demand from a number (0-based)."""
    first = _FIRST[number % len(_FIRST)]
    last = _LAST[(number // len(_FIRST)) % len(_LAST)]
    handle = f"{first.lower()}.{last.lower()}{number}"
    return Person(_PAST_FIRST_ID + number, f"{first} {last}", handle, f"{handle}@example.net", "en")


def csrf_token(seed: int, user_id: int) -> str:
    """The user's CSRF token: a 19-digit numeric string, as the real service issues."""
    return str(10**18 + mix(seed, user_id, 0xC5F) % (9 * 10**18))


def user_object(person: Person, seed: int, created: str, two_factor: bool) -> dict[str, object]:
    """The user object that login, getuser and extended responses carry."""
    return {
        "object": "user",
        "id": person.user_id,
        "created": created,
        "updated": created,
        "email": person.email,
        "full_name": person.full_name,
        "user_name": person.user_name,
        "status": "user_status_confirmed",
        "csrf_token": csrf_token(seed, person.user_id),
        "two_factor_enabled": two_factor,
        "about_me": "",
        "about_format": "about_html",
        "location": "",
        "website": "",
        "timezone": person.timezone,
        "profile_photo_id": "",
        "profile_privacy": "profile_private",
        "date_pref": "us_date",
        "time_pref": "standard_time",
        "per_page_pref": "user_per_page_pref20",
        "default_message_view": "thread_view",
        "messages_sort_dir": "sort_desc",
        "topics_sort_dir": "sort_desc",
        "topic_sort_dir": "sort_asc",
        "post_pref": "user_postpref_html",
        "home_page": "home_page_groups",
        "monday_start": False,
        "dont_munge_message_id": False,
        "allow_facebook_login": False,
        "allow_google_login": False,
        "allow_sso_login": False,
        "recovery_codes": "",
    }
