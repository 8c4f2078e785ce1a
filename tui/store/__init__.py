"""The local store: what Lurker keeps on disk, one wing per kind of kept data.

The root (the modules here) knows only the files: where they live (`location`), how one is
opened, checked, migrated and moved aside (`database`, `salvage`), its transactions and the
problems said about it (`file`, `problems`), the size bound (`bound`) and the store's thread
(`thread`). It imports no wing. Each wing keeps one kind of data, with its rules, its SQL
(functions of a connection) and one door, the only object the app and the commands call:
`reading` (what a user cannot get back: read marks), `pages` (what can be fetched again: saved
pages, the saved group list), `search` (the index, fed from the pages, and the saved
searches). `house` opens the two files with every wing's tables. No Textual here.
"""
