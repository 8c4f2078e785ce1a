"""Compare our HTML-mail-to-text converter with `w3m -dump` on the corpus of real mails.

A quality check, not a benchmark (speed is scenario 5, `conversion`). For every body in
`../shared/corpus/html-email/` (or $LURKER_CORPUS) it writes `NAME.w3m.txt` (`w3m -dump -T
text/html -I UTF-8 -O UTF-8 -cols N`), `NAME.lurker.txt` (quotes unfolded, with bars) and
`NAME.lurker-folded.txt` (each quote run one "▸ N quoted lines" line, as the thread view
opens), to read side by side.
It prints a row per body: lines, blank lines, lines wider than N, junk lines (the heuristic
patterns in JUNK), quote marking, and the words only one side shows (lost text, or hidden).
Run: `.venv/bin/python -m tests.bench.compare_w3m OUTDIR [--cols 80]`.
"""

from __future__ import annotations

import argparse
import re
import subprocess
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from rich.cells import cell_len

from tests.shared_data import corpus_dir
from tui.render.convert import convert
from tui.render.draw import render_document

CORPUS = corpus_dir()
JUNK: dict[str, re.Pattern[str]] = {
    "data": re.compile(r"data:image|;base64,", re.I),
    "css": re.compile(
        r"mso-|@media|@font-face|@import|[{;]\s*(?:font|margin|padding|color|width|height"
        r"|display|border|line-height|text-align|background)[\w-]*\s*:",
        re.I,
    ),
    "tag": re.compile(
        r"</?(?:html|head|body|div|span|p|br|table|t[dhr]|img|a|font|style|script|meta|o:p"
        r"|v:\w+|b|i|u|blockquote|center)(?:\s[^<>]*)?/?>|<!--|<!\[",
        re.I,
    ),
    "cond": re.compile(r"\[if [^\]]*\]|\[endif\]", re.I),
    "ent": re.compile(r"&(?:nbsp|amp|lt|gt|quot|#\d+|#x[0-9a-f]+);", re.I),
    "qp": re.compile(r"=3D|=20$|=[0-9A-F]{2}=[0-9A-F]{2}|[a-z]= [a-z]"),
    "esc": re.compile(r"\\[_*\[\]#`]"),
    "ctl": re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]"),  # bidi, zero-width
    "img": re.compile(r"^\s*(?:\[(?!\d+\])[\w-]+\]\s*)+$"),  # a line of image placeholders
}
BARS = re.compile(r"^(?:▎ ?)+")
WORD = re.compile(r"[^\W\d_]{4,}")
LINK_ROW = re.compile(r"\[\d+\] \S|\s+\S+$|$")
URL = re.compile(r"\S*(?:://|mailto:|www\.)\S*")


def w3m_lines(path: Path, cols: int) -> list[str]:
    """`w3m -dump` of one file; the input read as UTF-8 whatever its <meta> says."""
    command = ["w3m", "-dump", "-T", "text/html", "-I", "UTF-8", "-O", "UTF-8"]
    result = subprocess.run(
        [*command, "-cols", str(cols), str(path)], capture_output=True, timeout=120, check=True
    )
    return result.stdout.decode("utf-8", "replace").rstrip("\n").split("\n")


def lurker_lines(body: str, cols: int, *, folded: bool) -> list[str]:
    """Our converter and layout, as the thread view draws the body."""
    return [line.plain for line in render_document(convert(body), cols, folded=folded)]


def junk(lines: Iterable[str]) -> dict[str, int]:
    """Lines matching each junk pattern (a line may count under several), and "any"."""
    counts = dict.fromkeys([*JUNK, "any"], 0)
    for line in lines:
        line = BARS.sub("", line)  # our quote bars; w3m indents instead
        hits = [name for name, pattern in JUNK.items() if pattern.search(line)]
        for name in hits:
            counts[name] += 1
        counts["any"] += bool(hits)
    return counts


def words(lines: Iterable[str]) -> set[str]:
    """The words of the text, links left out (the two sides place URLs differently)."""
    return {word.casefold() for line in lines for word in WORD.findall(URL.sub(" ", line))}


def only_in(these: list[str], those: list[str]) -> list[str]:
    """Words of ``these`` nowhere in ``those``, even split by a line break or in a URL."""
    squashed = "".join("".join(BARS.sub("", line).split()) for line in those).casefold()
    return sorted(word for word in words(these) - words(those) if word not in squashed)


def without_link_list(lines: list[str]) -> list[str]:
    """Our lines without the numbered link list at the end ("[1] https://…" and its folds)."""
    end = len(lines)
    while end and LINK_ROW.match(lines[end - 1]):
        end -= 1
    return lines[:end]


def main(argv: list[str] | None = None) -> int:
    """Write both sides for every body and print the summary table."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.compare_w3m", description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    options = parser.parse_args(argv)
    options.outdir.mkdir(parents=True, exist_ok=True)
    print(
        "file  lines w3m/ours/folded  blank w3m/ours  wide w3m/ours  junk w3m/ours  <blockquote>"
        "  quoted lines  folds  words only w3m/ours  [junk kinds; words only w3m]"
    )
    totals: Counter[str] = Counter()
    for path in sorted(options.corpus.glob("*.html")):
        body = path.read_text(encoding="utf-8")
        theirs = w3m_lines(path, options.cols)
        ours = lurker_lines(body, options.cols, folded=False)
        folded = lurker_lines(body, options.cols, folded=True)
        for suffix, lines in (("w3m", theirs), ("lurker", ours), ("lurker-folded", folded)):
            (options.outdir / f"{path.stem}.{suffix}.txt").write_text("\n".join(lines) + "\n")
        junk_w3m, junk_ours = junk(theirs), junk(ours)
        only_w3m = only_in(theirs, ours)
        row = {
            "lines w3m": len(theirs),
            "lines lurker": len(ours),
            "lines lurker folded": len(folded),
            "blank lines w3m": sum(not line.replace("\xa0", " ").strip() for line in theirs),
            "blank lines lurker": sum(not BARS.sub("", line).strip() for line in ours),
            "wide lines w3m": sum(cell_len(line) > options.cols for line in theirs),
            "wide lines lurker": sum(cell_len(line) > options.cols for line in ours),
            "junk lines w3m": junk_w3m.pop("any"),
            "junk lines lurker": junk_ours.pop("any"),
            "blockquotes in source": len(re.findall(r"<blockquote", body, re.I)),
            "quoted lines lurker": sum(line.startswith("▎") for line in ours),
            "folded runs lurker": sum(line.startswith("▸ ") for line in folded),
            "words only w3m": len(only_w3m),
            "words only lurker": len(only_in(without_link_list(ours), theirs)),
        }
        totals.update(row, files=1)
        totals.update({f"junk {name} w3m": count for name, count in junk_w3m.items()})
        totals.update({f"junk {name} lurker": count for name, count in junk_ours.items()})
        notes = [f"w3m {k}={v}" for k, v in junk_w3m.items() if v]
        notes += [f"ours {k}={v}" for k, v in junk_ours.items() if v] + only_w3m[:6]
        values = list(row.values())
        print(path.stem, "{}/{}/{}  {}/{}  {}/{}  {}/{}  {}  {}  {}  {}/{}".format(*values), *notes)
    print()
    for key, value in totals.items():
        print(f"{key:<24} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
