"""Search: the query language (`query`), the FTS5 index it is answered from (`index`, in
the store's cache file; `fts` turns a query into FTS5 and SQL, `snippet` marks the words
found), and what of topics and messages is indexed (`docs`). No Textual here."""
