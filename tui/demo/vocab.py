# ruff: noqa: RUF001 - text in Greek, Cyrillic and other scripts is deliberate
"""A tiny generator of plausible sentences and subjects about audio software."""

from __future__ import annotations

import functools
import random

THINGS = (
    "JACK",
    "PipeWire",
    "the ALSA driver",
    "Ardour",
    "my Scarlett 2i2",
    "the RME Babyface",
    "Carla",
    "qjackctl",
    "the realtime kernel",
    "the MIDI clock",
    "the convolution reverb",
    "the USB hub",
    "Lurker",
    "the release build",
    "the test suite",
    "the Debian package",
    "the Flatpak",
    "the sample-rate converter",
    "the metering plugin",
    "Reaper",
    "Bitwig",
    "SuperCollider",
    "Csound",
    "the limiter",
    "the DSP load meter",
    "the LV2 host",
    "the Behringer UMC404",
    "the firewire stack",
    "WirePlumber",
    "the tape-echo plugin",
)
PROBLEMS = (
    "drops out",
    "produces xruns",
    "crashes on startup",
    "ignores the buffer size",
    "hangs at 100% CPU",
    "loses sync",
    "clicks every few seconds",
    "doesn't see the device",
    "reports the wrong latency",
    "fails to build",
    "forgets its routing",
    "distorts on playback",
)
CONDITIONS = (
    "the buffer is below 128 frames",
    "I switch sample rates",
    "the laptop is on battery",
    "Wi-Fi is enabled",
    "two interfaces are connected",
    "I record more than 16 tracks",
    "the session is reopened",
    "the kernel is updated",
    "the screen goes to sleep",
    "the plugin window is open",
    "I use the 48 kHz preset",
    "the fan spins up",
)
REMEDIES = (
    "raising the buffer to 256 frames",
    "disabling CPU frequency scaling",
    "running it with realtime priority",
    "pinning the IRQ thread to one core",
    "setting the period count to 3",
    "switching to the pro-audio profile",
    "rebuilding with -O2",
    "clearing the plugin cache",
    "using a powered hub",
    "booting the lowlatency kernel",
    "turning off the compositor",
    "updating the firmware",
)
RESULTS = (
    "the xruns are gone",
    "nothing changed",
    "it got slightly better",
    "it works again",
    "the clicks moved to the other channel",
    "latency dropped to about 6 ms",
    "it now fails earlier",
    "I can finally record a full take",
)
DISTROS = ("Debian 12", "Fedora 40", "Ubuntu Studio", "Arch", "openSUSE", "AV Linux", "NixOS")
OPENERS = ("Hi all,", "Hello,", "Hi everyone,", "Hey,", "Good morning,", "Dear list,")
CLOSERS = ("Thanks!", "Cheers,", "Best regards,", "Thanks in advance,", "Regards,", "Ciao,")

_SENTENCES = (
    "{Thing} {problem} when {condition}.",
    "Have you tried {remedy}?",
    "I tried {remedy} and {result}.",
    "For what it's worth, {thing} {problem} here too, but only when {condition}.",
    "The logs show nothing unusual until {condition}.",
    "Thanks, {remedy} fixed it for me.",
    "Could this be related to {thing2}?",
    "I measured {ms} ms round-trip latency at {rate} Hz with {frames} frames.",
    "On {distro} with {thing2} it behaves exactly the same.",
    "My guess is that {thing} and {thing2} disagree about the period size.",
    "Keep the buffer < {frames} frames & watch the DSP meter while you test.",
    "I'd start with {remedy}, then check dmesg for USB resets.",
    "Same here on {distro}; {thing2} {problem} after about {minutes} minutes.",
    "Please attach the output of `jack_lsp -c` & your session file.",
    "After {remedy}, {result}, at least on {distro}.",
    "Does {thing} {problem} for anyone else since {version}?",
    "{Thing} is fine for me, but {thing2} {problem} when {condition}.",
    "I bisected it to {version}; before that {thing} was solid.",
    "Which kernel are you on? {Thing} {problem} on anything older than {version}.",
    "We should document {remedy} in the FAQ.",
    "A colleague reports that {thing2} {problem} only when {condition}.",
    "Try {remedy} first; if {thing} still {problem}, file a bug.",
    "My numbers: {frames} frames, {rate} Hz, {ms} ms, zero xruns in {minutes} minutes.",
    "Good catch. {Thing} and {thing2} both changed in {version}.",
    "Out of curiosity, what happens with {thing2} instead of {thing}?",
    "That matches what I saw with {thing}: {result}.",
)
_SUBJECTS = (
    "{Thing} {problem} after upgrading to {version}",
    "xruns with {thing} on {distro}",
    "Best settings for {thing}?",
    "How do I route {thing} into {thing2}?",
    "[ANN] Lurker {version} released",
    "Question about {thing} and {thing2}",
    "{Thing} {problem} when {condition}",
    "Help: {thing} {problem}",
    "Tips for low latency with {thing}",
    "Is anyone using {thing} with {thing2}?",
)


def _fill(template: str, rnd: random.Random) -> str:
    thing = rnd.choice(THINGS)
    return template.format(
        Thing=thing[0].upper() + thing[1:],
        thing=thing,
        thing2=rnd.choice(THINGS),
        problem=rnd.choice(PROBLEMS),
        condition=rnd.choice(CONDITIONS),
        remedy=rnd.choice(REMEDIES),
        result=rnd.choice(RESULTS),
        distro=rnd.choice(DISTROS),
        ms=rnd.choice((3, 5, 6, 8, 11, 12, 23)),
        rate=rnd.choice((44100, 48000, 96000)),
        frames=rnd.choice((64, 128, 256, 512, 1024)),
        minutes=rnd.randint(2, 90),
        version=f"{rnd.randint(0, 3)}.{rnd.randint(0, 19)}.{rnd.randint(0, 9)}",
    )


@functools.cache
def _bank(templates: tuple[str, ...], size: int) -> tuple[str, ...]:
    """Sentences made once per process, so messages pick them instead of filling templates."""
    rnd = random.Random(f"vocab:{templates[0]}")
    return tuple(_fill(rnd.choice(templates), rnd) for _ in range(size))


def sentences() -> tuple[str, ...]:
    """The bank of sentences messages are written from."""
    return _bank(_SENTENCES, 1024)


def subjects() -> tuple[str, ...]:
    """The bank of topic subjects."""
    return _bank(_SUBJECTS, 512)


def sentence(rnd: random.Random) -> str:
    """One sentence about audio software."""
    bank = sentences()
    return bank[int(rnd.random() * len(bank))]


def paragraph(rnd: random.Random, sentences: int) -> str:
    """A paragraph of several sentences."""
    return " ".join(sentence(rnd) for _ in range(sentences))


FOREIGN = {
    "ja": (
        "バッファサイズを256に上げたら、ノイズが消えました。",
        "JACKとPipeWireの併用について質問があります。",
        "ありがとうございます。週末に試してみます。",
    ),
    "el": (
        "Δοκίμασα με buffer 128 και δουλεύει χωρίς προβλήματα.",
        "Ευχαριστώ πολύ για τη βοήθεια!",
        "Το πρόβλημα εμφανίζεται μόνο στα 96 kHz.",
    ),
    "ru": (
        "Попробуйте увеличить размер буфера до 256 сэмплов.",
        "У меня та же проблема с драйвером ALSA.",
        "Спасибо, всё заработало после обновления ядра.",
    ),
    "he": (
        "ניסיתי להגדיל את גודל המאגר וזה פתר את הבעיה.",
        "תודה רבה על העזרה!",
        "הבעיה מופיעה רק כשמחברים שני ממשקים.",
    ),
    "ar": (
        "جربت زيادة حجم المخزن المؤقت وتم حل المشكلة.",
        "شكرا جزيلا على المساعدة!",
        "تظهر المشكلة فقط عند تردد 96 كيلوهرتز.",
    ),
    "de": (
        "Ich habe die Puffergröße auf 256 erhöht, jetzt läuft es stabil.",
        "Bei mir tritt das Problem nur mit dem Echtzeit-Kernel auf.",
        "Danke für den Tipp, das hat geholfen!",
    ),
}
RTL_LANGUAGES = frozenset({"he", "ar"})
