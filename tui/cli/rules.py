"""`lurker rules`: the rules in effect, in order, where each was written, and how many of the
topics fetched (the local index) each decides; then the topics marked by key. Offline."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping

from ..config.errors import SettingsError
from ..config.settings import from_args
from ..render.safety import clean
from ..store.house import House
from ..store.problems import StoreError
from ..store.reading.records import UNMARKED
from . import event_loop
from .house import command_house
from .say import say


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """List the rules; the exit status (2: a rule or a setting is wrong)."""
    try:
        settings = from_args(args, environ)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    house = command_house(settings)
    try:
        counts, keyed, served = event_loop.run(_matched(house))
    except StoreError:
        counts, keyed, served = {}, {}, {}
    finally:
        house.close()
    rules = [
        {
            "match": rule.match,
            "action": rule.action,
            "source": rule.source,
            "topics": counts.get(number, 0),
        }
        for number, rule in enumerate(settings.rules)
    ]
    if args.format == "json":
        found = {"rules": rules, "by_key": keyed, "by_service": served}
        print(json.dumps(found, ensure_ascii=False, indent=1))
        return 0
    if not rules:
        print("No rules in config.toml (docs/rules.md says how to write them).")
    for number, rule in enumerate(rules, start=1):
        topics = "1 topic" if rule["topics"] == 1 else f"{rule['topics']:,} topics"
        print(f"{number}. {rule['action']:<9} {clean(str(rule['match']))}")
        print(f"   {rule['source']}; decides {topics} of those fetched")
    if keyed:
        said = ", ".join(f"{count:,} {action}" for action, count in sorted(keyed.items()))
        print(f"By key (before any rule): {said}.")
    if served:
        said = ", ".join(f"{count:,} {action}" for action, count in sorted(served.items()))
        print(f"By the service's hashtag flags (where no rule decides): {said} of those fetched.")
    return 0


async def _matched(house: House) -> tuple[dict[int, int], dict[str, int], dict[str, int]]:
    """How many topics of the index each rule decides (the first that matches), the
    topics marked by key, by what, and those the service's hashtag flags decide, by what."""
    rulebook = house.reading.rulebook
    await house.reading.load()
    facts = await house.search.all_topic_facts()
    flags = await house.search.all_served()
    counts: dict[int, int] = {}
    served: dict[str, int] = {}
    now = rulebook.clock()
    for topic_id, known in facts.items():
        for number, rule in enumerate(rulebook.rules):
            if rule.matches(known, now):
                counts[number] = counts.get(number, 0) + 1
                break
        else:
            if topic_id in flags:
                word = _WORDS[flags[topic_id]]
                served[word] = served.get(word, 0) + 1
    keyed: dict[str, int] = {}
    for mark in house.reading.state.keyed.values():
        if mark.action:
            word = _WORDS[mark.action]
            keyed[word] = keyed.get(word, 0) + 1
    return counts, keyed, served


# (UNMARKED: a rule's or the service's mark undone by key)
_WORDS = {"hide": "hidden", "mute": "muted", "follow": "followed", UNMARKED: "unmarked"}
