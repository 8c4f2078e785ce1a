"""What F, z and x make of a topic a rule or the service already marks, and what they say."""

from __future__ import annotations

from tui.screens.topic_rules import key_said, toggled
from tui.store.reading.records import UNMARKED

WHY = "hashtag #help-wanted, muted on the service"


def test_z_on_a_topic_the_service_mutes_unmutes_it_here_and_z_again_gives_it_back() -> None:
    assert toggled("mute", "mute", "mute") == UNMARKED
    assert (
        key_said(UNMARKED, "mute", "S", "mute", WHY)
        == f"S: No longer muted here ({WHY}; z undoes)."
    )
    assert toggled(None, "mute", "mute") == ""
    assert key_said("", "mute", "S", "mute", WHY) == f"S: Muted again ({WHY})."


def test_undoing_another_key_on_a_topic_the_service_mutes_says_it_is_muted_again() -> None:
    # z unmuted it here, x hid it (the key's one mark), x again: the service's mute is back,
    # which "No longer hidden." alone did not say.
    assert toggled(None, "hide", "mute") == "hide"
    assert toggled("hide", "hide", "mute") == ""
    assert key_said("", "hide", "S", "mute", WHY) == f"S: No longer hidden; muted ({WHY})."


def test_a_key_on_a_topic_no_rule_marks_toggles_as_it_always_did() -> None:
    assert toggled(None, "follow", None) == "follow"
    assert key_said("follow", "follow", "S", None, "").startswith("S: Followed")
    assert toggled("follow", "follow", None) == ""
    assert key_said("", "follow", "S", None, "") == "S: No longer followed."
