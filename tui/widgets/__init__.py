"""The reader's own widgets: the paged list and the thread view, both drawn a line at a
time (Textual's Line API), both fed by a `feed.Feed` that pages them in from a source;
the footer of key hints every screen shows (`key_footer`), rebuilt only when its keys
change; and the two lines above a list, the header and the title bar (`app_header`,
`title_bar`), one widget each."""
