"""How much reading folding quotes saves, and what it must never hide: a quality check.

Two sets, at 80 columns (as the thread view opens a message, quotes folded):

- the hand-written cases of ``tests/render/quotes/`` (``cases.toml`` says which words are
  the sender's): reply words still visible (must be 100 %), quoted words folded away,
  words that must stay although quoted (a forward, an inline reply's questions), per
  pattern and per language;
- the shared corpus of real mails (``../shared/corpus/html-email/`` or $LURKER_CORPUS),
  which has no such labels: the words on screen unfolded and folded, the words the
  converter marks as a reply's quote, and the share of those folding hides.

Run: ``.venv/bin/python -m tests.bench.quote_folding [--cases] [--corpus] [--each]``; it
measures the checkout it runs from, so the same command in another checkout gives its
figures to compare.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Iterable

from tests.render.folding import WIDTH, Case, cases, percent, score, screen, words
from tests.shared_data import corpus_dir, corpus_missing
from tui.render.convert import convert
from tui.render.document import Document, Part
from tui.render.draw import quote_runs

_FIELDS = ("reply", "reply_visible", "kept", "kept_visible", "quoted", "quoted_folded")


def _rows(selected: Iterable[tuple[str, Case]], *, each: bool) -> list[tuple[str, Counter[str]]]:
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for group, case in selected:
        result = score(case)
        counts = Counter({name: getattr(result, name) for name in _FIELDS})
        counts["cases"] = 1
        counts["labels"] = result.label_words
        totals[group].update(counts)
        totals["all"].update(counts)
        if each:
            totals[f"  {case.name}"] = counts
    return sorted(totals.items(), key=lambda item: (item[0] == "all", item[0]))


def _print_table(title: str, rows: list[tuple[str, Counter[str]]]) -> None:
    print(f"\n{title}")
    print(f"{'':44} {'cases':>5} {'reply kept':>11} {'quoted folded':>14} {'context kept':>13}")
    for name, total in rows:
        print(
            f"{name[:44]:44} {total['cases']:>5} "
            f"{percent(total['reply_visible'], total['reply']):>11} "
            f"{percent(total['quoted_folded'], total['quoted']):>14} "
            f"{percent(total['kept_visible'], total['kept']):>13}"
        )


def own_cases(*, each: bool) -> None:
    """The hand-written cases, by pattern, by language, and plain text against HTML."""
    every = cases()
    kinds = [("plain text" if case.plain_text else "HTML", case) for case in every]
    _print_table(f"Own cases ({len(every)}), at {WIDTH} columns, by kind", _rows(kinds, each=False))
    patterns = [(case.pattern.split(" (")[0], case) for case in every]
    _print_table("By pattern", _rows(patterns, each=each))
    languages = [(case.language, case) for case in every]
    _print_table("By language", _rows(languages, each=False))
    labels = _rows(kinds, each=False)[-1][1]["labels"]
    print(f"\nQuoted words on screen only in fold lines (▸ … · On …, X wrote:): {labels}")


def _quote_words(document: Document) -> tuple[int, int]:
    """Words in the runs of a reply's quote (a forward is content), and those folded away.

    A run stays when it is short context for an answer below it (``is_context``), or
    when the message has no words of its own (all quote: a forward, a resent notice).
    """
    own = any(part.kind == "text" and part.text.plain.strip() for part in document.parts)
    runs = quote_runs(document.parts)
    total = hidden = 0
    for index, run in enumerate(runs):
        if run[0].kind != "quote" or run[0].forward:
            continue
        count = sum(sum(words(part.text.plain).values()) for part in run)
        total += count
        if own and not _context(runs, index):
            hidden += count
    return total, hidden


def _context(runs: list[list[Part]], index: int) -> bool:
    try:
        from tui.render.draw.quotes import is_context
    except ImportError:  # a checkout from before inline context: every run folds
        return False
    return is_context(runs, index)


def corpus(*, each: bool) -> None:
    """The shared corpus: how much the folded view leaves to read."""
    missing = corpus_missing()
    if missing:
        print(f"\nCorpus: skipped ({missing})")
        return
    totals: Counter[str] = Counter()
    for path in sorted(corpus_dir().glob("*.html")):
        document = convert(path.read_text(encoding="utf-8"))
        unfolded = sum(words(screen(document, folded=False)[0]).values())
        text, labels = screen(document, folded=True)
        folded = sum(words(text).values())
        quote, hidden = _quote_words(document)
        row = Counter(
            bodies=1,
            unfolded=unfolded,
            folded=folded,
            quote=quote,
            hidden=hidden,
            folds=int(bool(labels)),
            labels=sum(words(labels).values()),
        )
        totals.update(row)
        if each and unfolded != folded:
            print(f"  {path.stem:44} {unfolded:>6} → {folded:>6} words on screen")
    print(f"\nCorpus ({totals['bodies']} bodies, {corpus_dir()}), at {WIDTH} columns")
    print(f"  bodies with a folded quote        {totals['folds']}")
    print(f"  words on screen, unfolded         {totals['unfolded']}")
    print(f"  words on screen, folded           {totals['folded']}")
    print(f"  words in a reply's quote          {totals['quote']}")
    print(f"  of those, folded away             {percent(totals['hidden'], totals['quote'])}")
    print(f"  words in fold lines               {totals['labels']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench.quote_folding", description=__doc__
    )
    parser.add_argument("--cases", action="store_true", help="only the hand-written cases")
    parser.add_argument("--corpus", action="store_true", help="only the shared corpus")
    parser.add_argument("--each", action="store_true", help="a row per case / changed body")
    options = parser.parse_args(argv)
    both = not options.cases and not options.corpus
    if options.cases or both:
        own_cases(each=options.each)
    if options.corpus or both:
        corpus(each=options.each)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
