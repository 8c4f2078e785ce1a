"""Commands of `lurker` other than the reader itself: login, logout, config, export and
demo-server.

Each command parses its own options (the account options are shared with the reader,
`config.settings.add_account_options`), opens the same client the reader would
(`config.connection.open_account`: the demo when no account is set up), and says what went
wrong in one line on stderr with an exit status, never a traceback.
"""
