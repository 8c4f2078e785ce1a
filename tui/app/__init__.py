"""The application: `reader.LurkerApp`, built in three layers (`spoken`: screen-reader
mode; `opening`: the screens it opens; `reader`: the start, the client, the store's
bookkeeper), and `memory`, the garbage collector's pacing, which the start imports before
anything else (so this package imports nothing itself)."""
