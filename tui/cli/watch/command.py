"""`lurker watch`: the looks, every `--every` seconds (slower when the service is slow, says
429 or does not answer), each new event printed, notified and handed to `--exec`, and what
was told kept; until Ctrl+C or SIGTERM (status 0), or once with `--once`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from ...api.errors import (
    ExpiredError,
    LurkerError,
    RateLimitError,
    UnauthorizedError,
    describe,
)
from ...api.follow import FOLLOW_MAX, Pace
from ...api.library import Library
from ...config.account import AccountSession
from ...config.connection import open_account
from ...config.errors import SettingsError
from ...config.settings import Settings, from_args
from ...render.safety import clean
from ...store.reading.door import Reading
from .. import event_loop
from ..house import command_house
from ..say import say
from .hooks import Hook, HookError, split_command
from .looking import Look, NoSuchGroup, Scope, Watcher
from .notify import Notifier

__all__ = ["Pause", "Telling", "run", "watch"]

SLOW = 4.0  # after a check that took T seconds, the next waits at least SLOW times T
Pause = Callable[[float], Awaitable[None]]


def _say(text: str) -> None:
    say(f"lurker watch: {text}", sys.stderr)


@dataclass
class Telling:
    """How events are told: the format, the notifier, the hook."""

    form: str = "text"
    notifier: Notifier | None = None
    hook: Hook | None = None


@dataclass
class _Pacing:
    """The wait before the next look: `every`, longer after the service limited the rate
    (kept longer) or was slow, doubled after each failure up to five minutes."""

    every: float
    pace: Pace = field(init=False)
    failures: int = 0
    said: str = ""  # the failure said, until the service answers again

    def __post_init__(self) -> None:
        self.pace = Pace(self.every)

    def worked(self, took: float) -> float:
        self.failures = 0
        return max(self.pace.every, SLOW * took)

    def failed(self) -> float:
        self.failures += 1
        most = max(FOLLOW_MAX, self.pace.every)
        longer: float = self.pace.every * 2 ** min(self.failures, 16)
        return min(longer, most)

    def limited(self) -> float:
        return self.pace.slow_down()


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Watch; the exit status (0 after Ctrl+C or SIGTERM; 1: --once could not ask, or the
    sign-in was refused; 2: a mistake in the command or the settings)."""
    try:
        if args.every < 1:
            raise SettingsError(f"--every wants at least 1 second, not {args.every:g}.")
        if not args.exec_timeout > 0:
            raise SettingsError(f"--exec-timeout wants seconds, not {args.exec_timeout:g}.")
        words = split_command(args.exec) if args.exec is not None else None
        settings = from_args(args, environ)
        session = open_account(settings)
        if not settings.demo and not session.signed_in:
            raise SettingsError("not signed in: run `lurker login` first.")
        telling = Telling(args.format)
        if words is not None:
            telling.hook = Hook(args.exec, words, args.exec_timeout, _say)
        if args.notify:
            telling.notifier = Notifier(settings.notification, _say, environ)
        scope = Scope(args.group, followed_only=not args.all and args.group is None,
                      logs=args.logs)  # fmt: skip
        return event_loop.run(_main(settings, session, scope, telling, args))
    except KeyboardInterrupt:
        return 130 if args.once else 0  # Ctrl+C is how a watch ends; --once was cut short
    except (SettingsError, HookError) as error:
        _say(clean(str(error)))
        return 2
    except LurkerError as error:
        _say(clean(str(error)))
        return 1


async def _main(
    settings: Settings,
    session: AccountSession,
    scope: Scope,
    telling: Telling,
    args: argparse.Namespace,
) -> int:
    """Open the store, watch, and end cleanly whatever ends it."""
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    terminated: list[bool] = []

    def terminate() -> None:  # SIGTERM: as Ctrl+C, with status 0
        terminated.append(True)
        task.cancel()

    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, terminate)
    house = command_house(settings)
    watcher = Watcher(Library(session.client), house, scope)
    try:
        await watcher.recall()
        return await watch(watcher, telling, args.every, once=args.once)
    except asyncio.CancelledError:
        if not terminated:
            raise  # Ctrl+C: event_loop.run makes it a KeyboardInterrupt
        task.uncancel()
        return 0
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
        watcher.keep_now()  # what was told of a look cut short
        if telling.notifier is not None:
            telling.notifier.close()
        house.close()
        with contextlib.suppress(Exception):
            await session.client.aclose()


async def watch(
    watcher: Watcher,
    telling: Telling,
    every: float,
    *,
    once: bool = False,
    pause: Pause = asyncio.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Look every `every` seconds and tell what is new, until cancelled (or once)."""
    pacing = _Pacing(every)
    said_watching = False
    while True:
        started = clock()
        before = watcher.since
        try:
            look = await watcher.look()
        except (UnauthorizedError, ExpiredError, NoSuchGroup):
            raise  # not a passing fault: said, and the watch ends (1)
        except RateLimitError as error:
            wait = pacing.limited()
            _failed(pacing, f"{describe(error)} (asking every {wait:g} s from now)", once)
        except LurkerError as error:
            wait = pacing.failed()
            _failed(pacing, describe(error), once)
        else:
            if pacing.said:
                pacing.said = ""
                _say("the service answers again.")
            if not said_watching and (look.first or not once):
                said_watching = True
                _say(_watching(watcher, every, once, before))
            await tell(watcher, look, telling)
            wait = pacing.worked(clock() - started)
            if once:
                return 1 if look.failed else 0
        if once:
            return 1
        await pause(wait)


def _failed(pacing: _Pacing, text: str, once: bool) -> None:
    """Say that a look failed (once, until the service answers again or the reason changes)."""
    if text != pacing.said:
        pacing.said = text
        more = "" if once else " (trying again)"
        _say(f"the service could not be asked: {text}{more}")


async def tell(watcher: Watcher, look: Look, telling: Telling) -> None:
    """Print, notify and run each event, then keep that it was told."""
    for event in look.events:
        sys.stdout.write(event.line(telling.form))
        sys.stdout.flush()
        watcher.told(event)  # printed: never again, whatever stops the rest
        if telling.notifier is not None:
            telling.notifier.notify(event.title, event.body)
        if telling.hook is not None:
            what = f"{event.row['event']} {event.row['id']}"
            await telling.hook.run(event.json_line(), what)
    for what, error in look.failed:
        _say(f"{what}: {describe(error)} (asked again at the next check)")
    if look.cut:
        _say("more topics moved than one check reads (1,000): the oldest were not told.")
    await watcher.keep()


def _watching(watcher: Watcher, every: float, once: bool, since: float | None) -> str:
    """What the first look says: what is watched, and from when."""
    scope = watcher.scope
    readable = [g for g in watcher.groups.values() if g.perms.archives_visible]
    if scope.group is not None:
        what = clean(scope.group)
    elif scope.followed_only:
        what = _followed(watcher.reading, len(readable))
    else:
        what = f"every group you may read ({len(readable):,})"
    if scope.logs:
        logs = [g for g in watcher.groups.values() if watcher.logs_wanted(g)]  # (as checked)
        what += f", and the activity logs of {len(logs):,} group{'s' if len(logs) != 1 else ''}"
    when = "checking once" if once else f"every {every:g} s"
    if since is None:
        return f"watching {what}, {when}; what comes is told from now on."
    return f"watching {what}, {when}; first what came since {since_words(since)}."


def _followed(reading: Reading, groups: int) -> str:
    keyed = sum(1 for mark in reading.state.keyed.values() if mark.action == "follow")
    rules = sum(1 for rule in reading.rulebook.rules if rule.action == "follow")
    parts = [f"{keyed:,} followed by key (F)"]
    if rules:
        parts.append(f'{rules:,} rule{"s" if rules != 1 else ""} with action = "follow"')
    parts.append("hashtags followed on the service")
    where = f"{groups:,} group{'s' if groups != 1 else ''}"
    return f"the topics you follow in {where} ({', '.join(parts)})"


def since_words(since: float) -> str:
    """A moment as the messages say it, in local time."""
    return datetime.fromtimestamp(since).astimezone().strftime("%Y-%m-%d %H:%M")
