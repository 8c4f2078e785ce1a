"""The reading wing: what a user cannot get back. Timed records of what was read (`records`),
the rules of what counts as read and new (`rules`, pure), the records in memory (`state`),
their SQL (`tables`), counting a group's news (`counting`), and the door the app and the
commands call (`door.Reading`)."""
