"""The local store: read state, what is new since the last visit, and saved pages for offline
reading and an instant start. One SQLite file per service origin and user (`location`),
opened and migrated by `database`, read and written only through `Store` on a thread of its
own (`StoreThread`). `readstate` answers "read or new?" from memory; `sources` puts saved
pages in front of the live lists. No Textual here."""
