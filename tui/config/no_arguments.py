"""The reader's command line when it is empty, the most common start: the defaults of its
options, read without argparse (importing it and building even the reader's parser took
3 ms of every start). `tests/config/test_no_arguments.py` holds them to what the parser
reads from an empty line."""

from __future__ import annotations

from types import SimpleNamespace

__all__ = ["no_arguments"]


def no_arguments() -> SimpleNamespace:
    """What `arguments.parse([])` answers, without argparse."""
    return SimpleNamespace(
        demo_news=0,
        group=None,
        topic=None,
        screen_reader=None,
        demo=False,
        config=None,
        profile=None,
        base_url=None,
        auth=None,
        email=None,
        ca_bundle=None,
        command=None,
    )
