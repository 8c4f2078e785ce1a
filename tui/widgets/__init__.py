"""The reader's own widgets: the paged list and the thread view, both drawn a line at a
time (Textual's Line API), both fed by a `feed.Feed` that pages them in from a source;
and the footer of key hints every screen shows (`key_footer`), rebuilt only when its keys
change."""
