"""The local store: the read state in one file, the saved pages in another.

One pair of SQLite files per service origin and user (see `location`): `HOST--USER.sqlite3`
holds what a user cannot get back (read state), `HOST--USER.cache.sqlite3` what can be
fetched again (pages). Each is opened, checked and, when damaged, moved aside on its own:
damage to the cache never costs the read state, and a damaged state file gives up every
record still readable to the new one.

Every method is one transaction; the app calls them from a thread of their own
(`StoreThread`), never from the UI thread. A file that cannot be opened at all leaves the
store working without it. Every problem is reported as it happens (`report`): a file moved
aside each time, a file that cannot be opened or written once per kind.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from ..search.index import Hit, IndexStats, ReadCheck
from ..search.query import Query
from . import page_cache, pictures, state_file
from .database import MovedAside, Schema, connect, reason_of, replace_damaged
from .marks import GroupMark, Read, TopicMark
from .readstate import ReadState
from .schemas import CACHE, STATE, cache_path, salvage_state
from .searching import StoreSearch

T = TypeVar("T")

DEFAULT_LIMIT = 200 * 1024 * 1024
UNREAD_COUNTED = 1_000  # a saved search's unread topics are counted up to this
WAITING_PAGES = 40  # pages waiting to be indexed before they are, pause or not
WAITING_TEXTS = 2_000  # bodies' texts likewise

__all__ = ["DEFAULT_LIMIT", "Contents", "Problem", "Read", "Store", "StoreError"]


@dataclass(frozen=True, slots=True)
class Contents:
    """What the store holds, for `lurker cache`."""

    path: Path  # the state file
    cache: Path
    state_bytes: int
    cache_bytes: int  # the cache file's bytes in use (what the limit bounds)
    page_bytes: int  # the saved pages alone, compressed
    pages: dict[str, int]  # endpoint → saved pages
    messages_read: int
    topics_marked: int
    topics_whole: int  # marked read whole, by a catch-up or `m`
    groups: int
    limit: int
    index: IndexStats | None = None  # the search index (None: none here, see search_problem)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the store could not do, in a sentence; `kind` says which (each kind of
    failure is said once; each file moved aside is said)."""

    kind: str
    text: str


class StoreError(Exception):
    """The store could not do what was asked (disk full, locked, read-only); `str()` says why."""


Report = Callable[[Problem], None]


class _File:
    """One of the two files: its connection (None when it could not be opened)."""

    def __init__(self, path: Path, schema: Schema, salvage: bool) -> None:
        self.path = path
        self.schema = schema
        self.salvage = salvage_state if salvage else None
        self.db: sqlite3.Connection | None = None
        self.unusable = ""  # why it could not be opened, in words

    def open(self) -> MovedAside | None:
        try:
            self.db, moved = connect(self.path, self.schema, self.salvage)
        except (sqlite3.Error, OSError) as error:
            self.unusable = _words(error)
            return None
        return moved


class Store:
    """The two files, opened (and moved aside if unusable) on construction; never raises."""

    def __init__(
        self, path: Path, limit: int = DEFAULT_LIMIT, report: Report | None = None
    ) -> None:
        self.path = path
        self.limit = limit
        self.moved: list[MovedAside] = []
        self.problems: list[Problem] = []
        self._report = report
        self._said: set[str] = set()
        self._cache = _File(cache_path(path), CACHE, salvage=False)
        self._state = _File(path, STATE, salvage=True)
        self._open(self._cache, "cache-unopenable")
        _adopt_old_pages(path, self._cache.db)
        self._open(self._state, "state-unopenable")
        self._search = StoreSearch(limit)
        # Pages and texts to index, waiting for a pause in the paging (see `flush_index`).
        self._waiting_pages: list[tuple[str, BaseModel, float]] = []
        self._waiting_texts: list[tuple[str, str]] = []
        self._searched_db: sqlite3.Connection | None = None  # the cache the index is in
        if self._cache.db is not None:  # made now: the pages are bounded with it in the file
            with contextlib.suppress(StoreError):
                self._write(self._cache, self._indexed(lambda search: None))

    @property
    def usable(self) -> bool:
        """Whether the read state can be kept (its file is open)."""
        return self._state.db is not None

    def close(self) -> None:
        """Index what waits, and close the files (every other write is already committed)."""
        with contextlib.suppress(StoreError):
            self.flush_index()
        for file in (self._state, self._cache):
            if file.db is not None:
                file.db.close()
                file.db = None

    # --- read state ------------------------------------------------------------------------

    def group_marks(self) -> dict[str, GroupMark]:
        """Every group seen, by group id."""
        return self._ask(self._state, state_file.group_marks, {})

    def topic_marks(self, group_id: str | None = None) -> dict[str, TopicMark]:
        """What was read of each topic of a group (every group's when None), by topic id."""
        return self._ask(self._state, lambda db: state_file.topic_marks(db, group_id), {})

    def read_messages(self, topic_id: str) -> set[str]:
        """The ids of a topic's messages that have been read."""
        return self._ask(self._state, lambda db: state_file.read_messages(db, topic_id), set())

    def activity_mark(self, group_id: str) -> tuple[str, float] | None:
        """The newest activity entry shown when the log was last left, and when."""
        return self._ask(self._state, lambda db: state_file.activity_mark(db, group_id), None)

    def meet_groups(self, met: Sequence[tuple[str, str, float]]) -> None:
        """Remember groups seen for the first time: (id, name, baseline) each."""
        if met:
            self._change(self._state, lambda db: state_file.meet_groups(db, met))

    def read(self, reads: Sequence[Read]) -> None:
        """Mark messages read, in one transaction (the app batches them)."""
        if reads:
            self._change(self._state, lambda db: state_file.read(db, reads))

    def unread_message(self, message_id: str, topic_id: str) -> None:
        """Mark one message unread again."""
        self._change(self._state, lambda db: state_file.unread_message(db, message_id, topic_id))

    def mark_topic(
        self, topic_id: str, group_id: str, *, read: bool, messages: int, at: float
    ) -> None:
        """Mark a whole topic read (all `messages` of it) or unread (as if never opened)."""
        self._change(
            self._state,
            lambda db: state_file.mark_topic(
                db, topic_id, group_id, read=read, messages=messages, at=at
            ),
        )

    def catch_up(
        self, group_id: str, name: str, at: float, topics: Sequence[tuple[str, int]]
    ) -> None:
        """Count everything in a group up to `at` as read, and each listed topic whole."""
        self._change(self._state, lambda db: state_file.catch_up(db, group_id, name, at, topics))

    def count_news(self, group_id: str, topics: int, at: float) -> None:
        """Remember how many topics of a group had something new, as counted at `at`."""
        self._change(self._state, lambda db: state_file.count_news(db, group_id, topics, at))

    def remember_activity(self, group_id: str, newest_id: str, at: float) -> None:
        """Remember the newest activity entry shown."""
        self._change(
            self._state, lambda db: state_file.remember_activity(db, group_id, newest_id, at)
        )

    # --- saved pages -----------------------------------------------------------------------

    def save_page(self, key: str, endpoint: str, data: bytes, at: float) -> None:
        """Keep a page (JSON), then evict the least recently used past the size limit."""
        self._change(
            self._cache,
            lambda db: page_cache.save_page(db, key, endpoint, data, at, self.limit),
        )

    def load_page(self, key: str, at: float | None = None) -> tuple[bytes, float] | None:
        """A saved page's JSON and when it was saved; reading it makes it recently used."""
        found = self._ask(self._cache, lambda db: page_cache.load_page(db, key), None)
        if found is None:
            return None
        when = time.time() if at is None else at
        with contextlib.suppress(StoreError):  # a read-only cache still reads
            self._write(self._cache, lambda db: page_cache.touch(db, key, when))
        data = page_cache.unpacked(found[0])
        return (data, found[1]) if data is not None else None

    def save_picture(self, key: str, data: bytes, at: float) -> None:
        """Keep a picture in the cache file, within its size limit (`pictures`)."""
        self._change(self._cache, lambda db: pictures.save_picture(db, key, data, at, self.limit))

    def load_picture(self, key: str, at: float) -> bytes | None:
        """A kept picture, made recently used (None when not kept, or unreadable)."""
        found: list[bytes | None] = [None]
        if self._cache.db is None:
            return None

        def load(db: sqlite3.Connection) -> None:
            found[0] = pictures.load_picture(db, key, at)

        with contextlib.suppress(StoreError):
            self._write(self._cache, load)
        return found[0]

    # --- search: the index in the cache file, the saved searches in the state file ---------

    @property
    def search_problem(self) -> str:
        """Why there is no search here ("" when there is)."""
        unopened = f"search needs the page cache, which could not be opened ({self._unusable})"
        return self._ask(self._cache, self._indexed(lambda search: search.problem), unopened)

    @property
    def _unusable(self) -> str:
        return self._cache.unusable or "it is not open"

    def _indexed(self, work: Callable[[StoreSearch], T]) -> Callable[[sqlite3.Connection], T]:
        """`work` on the index in the cache file as it is now (made again with the file)."""

        def run(db: sqlite3.Connection) -> T:
            if db is not self._searched_db:
                self._search.open(db)
                self._searched_db = db
            return work(self._search)

        return run

    def index_page(self, endpoint: str, page: BaseModel, at: float) -> None:
        """Index what a page just saved holds (topics, messages, group names): once pages
        stop coming for a moment (`flush_index`), or now if many wait."""
        self._waiting_pages.append((endpoint, page, at))
        if len(self._waiting_pages) >= WAITING_PAGES:
            self.flush_index()

    def index_texts(self, texts: Sequence[tuple[str, str]]) -> None:
        """Bodies' own text (message id, text), as the converter made it: indexed with the
        pages waiting."""
        self._waiting_texts.extend(texts)
        if len(self._waiting_texts) >= WAITING_TEXTS:
            self.flush_index()

    def flush_index(self) -> None:
        """Index the pages and texts waiting, in one transaction, keeping the cache file
        within the limit. (Indexing waits while pages come: it would compete with the
        paging for the machine; a search asks for it first.)"""
        pages, texts = self._waiting_pages, self._waiting_texts
        if not pages and not texts:
            return
        self._waiting_pages, self._waiting_texts = [], []

        def titles() -> dict[str, str]:
            return {k: mark.name for k, mark in self.group_marks().items()}

        def index(search: StoreSearch) -> None:
            for endpoint, page, at in pages:
                search.page_saved(endpoint, page, at, titles)
            if texts:
                search.texts(texts)

        def bound(db: sqlite3.Connection) -> None:
            self._indexed(index)(db)
            page_cache.evict(db, self.limit)

        if self._cache.db is not None:
            self._change(self._cache, bound)

    def search(
        self, query: Query, *, limit: int = 50, offset: int = 0, now: datetime | None = None
    ) -> list[Hit]:
        """Topics found in the index, best first then newest."""
        self._flush_quietly()
        read = self._read_check() if query.read is not None else _never

        def find(search: StoreSearch) -> list[Hit]:
            return search.search(query, read, limit=limit, offset=offset, now=now)

        return self._ask(self._cache, self._indexed(find), [])

    def _read_check(self) -> ReadCheck:
        """is:read and is:unread as the reader's lists mark topics and messages (the read
        state's own rules, first sight included, over the marks the state file holds)."""
        state = ReadState()
        state.load(self.group_marks(), self.topic_marks())
        none: dict[str, set[str]] = {}
        for topic_id, read in self._ask(self._state, state_file.all_reads, none).items():
            state.take_messages(topic_id, read)
        return state.found_read

    def index_empty(self) -> bool:
        """Whether the index holds nothing yet (False without one)."""
        self._flush_quietly()

        def empty(search: StoreSearch) -> bool:
            return search.index is not None and search.index.is_empty()

        return self._ask(self._cache, self._indexed(empty), False)

    def topic_matches(self, query: Query, topic_id: str) -> list[str]:
        """The ids of a topic's messages matching `query`, in thread order."""
        self._flush_quietly()
        return self._ask(
            self._cache, self._indexed(lambda search: search.topic_matches(query, topic_id)), []
        )

    def _flush_quietly(self) -> None:
        """Index what waits before a search (a failure is said by `_change`)."""
        with contextlib.suppress(StoreError):
            self.flush_index()

    def unread_matches(self, query: Query, most: int = UNREAD_COUNTED) -> int:
        """How many topics have unread messages matching `query` (up to `most`)."""
        return len(self.search(replace(query, read=False), limit=most))

    def saved_searches(self) -> list[tuple[str, str]]:
        """The searches the user saved (name, query), by name."""
        return self._ask(self._state, state_file.saved_searches, [])

    def save_search(self, name: str, query: str, at: float) -> None:
        """Keep a search under a name (replacing one of the same name)."""
        self._change(self._state, lambda db: state_file.save_search(db, name, query, at))

    def remove_search(self, name: str) -> None:
        """Forget a saved search."""
        self._change(self._state, lambda db: state_file.remove_search(db, name))

    # --- the whole store -------------------------------------------------------------------

    def contents(self) -> Contents:
        """What the store holds and how big it is."""
        read, topics, whole, groups = self._ask(self._state, state_file.totals, (0, 0, 0, 0))
        nothing: tuple[dict[str, int], int] = ({}, 0)
        pages, page_bytes = self._ask(self._cache, page_cache.pages_by_endpoint, nothing)
        self._flush_quietly()
        index = self._ask(self._cache, self._indexed(lambda search: search.stats()), None)
        used = self._ask(self._cache, page_cache.used_bytes, 0)
        return Contents(
            self.path,
            self._cache.path,
            _on_disk(self.path),
            used,
            page_bytes,
            pages,
            read,
            topics,
            whole,
            groups,
            self.limit,
            index,
        )

    def clear(self, *, everything: bool = False) -> None:
        """Forget saved pages (and the read state too with `everything`), then shrink."""

        def forget(db: sqlite3.Connection) -> None:
            page_cache.forget(db)
            pictures.forget_pictures(db)
            self._indexed(lambda search: search.clear())(db)

        self._change(self._cache, forget)
        if everything:
            self._change(self._state, state_file.forget)
        for file in (self._cache, self._state) if everything else (self._cache,):
            if file.db is not None:
                with contextlib.suppress(sqlite3.Error):
                    file.db.execute("VACUUM")

    # --- transactions ----------------------------------------------------------------------

    def _open(self, file: _File, kind: str) -> None:
        moved = file.open()
        if moved is not None:
            self._moved(moved)
        if file.db is None:
            self._say(kind, _unopenable(file))

    def _ask(self, file: _File, question: Callable[[sqlite3.Connection], T], absent: T) -> T:
        """The answer of a read; `absent` when the file is not open."""
        if file.db is None:
            return absent
        return self._guarded(file, question, absent)

    def _change(self, file: _File, change: Callable[[sqlite3.Connection], object]) -> None:
        """Make a change in one transaction; StoreError (said once per kind) when it fails."""
        if file.db is None:
            raise StoreError(file.unusable or "the file is not open")
        try:
            self._write(file, change)
        except StoreError as error:
            kind = "state-unsaved" if file is self._state else "pages-unsaved"
            self._say(kind, _unsaved(file, str(error)))
            raise

    def _write(self, file: _File, change: Callable[[sqlite3.Connection], object]) -> None:
        def run(db: sqlite3.Connection) -> None:
            with _transaction(db) as inside:
                change(inside)

        self._guarded(file, run, None)

    def _guarded(self, file: _File, work: Callable[[sqlite3.Connection], T], absent: T) -> T:
        """Run `work` on the file; a damaged file is moved aside (and `work` tried on the
        new one)."""
        assert file.db is not None
        try:
            return work(file.db)
        except sqlite3.OperationalError as error:
            if "malformed" not in str(error) and "corrupt" not in str(error):
                raise StoreError(_operational(error)) from error
            problem: Exception = error
        except sqlite3.DatabaseError as error:
            problem = error
        except (ValueError, OverflowError, TypeError) as error:  # a value SQLite cannot take
            raise StoreError(f"a value could not be kept ({error})") from error
        assert file.db is not None
        file.db.close()
        file.db = None
        try:
            file.db, moved = replace_damaged(
                file.path, file.schema, reason_of(problem), file.salvage
            )
        except (sqlite3.Error, OSError) as error:
            file.unusable = _words(error)
            self._say(
                "state-unopenable" if file is self._state else "cache-unopenable", _unopenable(file)
            )
            return absent
        self._moved(moved)
        return work(file.db)

    def _moved(self, moved: MovedAside) -> None:
        self.moved.append(moved)
        self._say("", moved.message())  # each move is said

    def _say(self, kind: str, text: str) -> None:
        if kind and kind in self._said:
            return
        self._said.add(kind)
        problem = Problem(kind or "moved", text)
        self.problems.append(problem)
        if self._report is not None:
            self._report(problem)


def _never(topic_id: str, message_id: str | None, group_id: str, created: float) -> bool:
    return False


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _adopt_old_pages(state: Path, cache: sqlite3.Connection | None) -> None:
    """Move the pages an older Lurker kept in the state file into the cache file (once; the
    state file's next migration drops them). Pages are a cache: a failure costs nothing."""
    if cache is None or not state.exists():
        return
    try:
        old = sqlite3.connect(state, isolation_level=None)
        try:
            version = old.execute("PRAGMA user_version").fetchone()[0]
            has_pages = old.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pages'"
            ).fetchone()
        finally:
            old.close()
        if version != 1 or not has_pages or cache.execute("SELECT 1 FROM pages").fetchone():
            return
        cache.execute("ATTACH DATABASE ? AS old", (str(state),))
        try:
            with _transaction(cache) as db:
                db.execute(
                    "INSERT OR IGNORE INTO pages SELECT key, endpoint, body, size, saved_at, "
                    "used_at FROM old.pages"
                )
        finally:
            cache.execute("DETACH DATABASE old")
    except sqlite3.Error:
        pass


def _on_disk(path: Path) -> int:
    files = [path, path.with_name(path.name + "-wal")]
    return sum(file.stat().st_size for file in files if file.exists())


def _unopenable(file: _File) -> str:
    if file.schema is STATE:
        return (
            f"Lurker cannot open its read state at {file.path} ({file.unusable}): what you "
            "read will not be remembered this time. Check that folder's permissions, or set "
            "LURKER_DATA to another folder."
        )
    return (
        f"Lurker cannot open its page cache at {file.path} ({file.unusable}): pages will not "
        "be kept for offline reading this time."
    )


def _unsaved(file: _File, why: str) -> str:
    if file.schema is STATE:
        return f"What you read could not be saved in {file.path}: {why}."
    return f"Pages could not be kept for offline reading in {file.path}: {why}."


def _operational(error: sqlite3.OperationalError) -> str:
    text = str(error)
    if "full" in text:
        return "the disk is full, so nothing more can be saved"
    if "locked" in text or "busy" in text:
        return "another Lurker is holding the store; try again in a moment"
    if "readonly" in text or "read-only" in text:
        return "the store is read-only here"
    if "unable to open" in text:
        return "the file cannot be opened"
    return f"the store could not be used ({text})"


def _words(error: BaseException) -> str:
    if isinstance(error, sqlite3.OperationalError):
        return _operational(error)
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)
