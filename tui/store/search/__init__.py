"""The search wing: the FTS5 index in the cache file (`index`, `fts`, `docs`, `snippet`), fed
from the pages as they are kept and from the converter's texts (`feeding`), the saved
searches in the state file (`saved`), and the door (`door.Search`), which asks the reading
door about is:read and is:unread. The query language itself is `tui.query`."""
