"""Commands of `lurker` other than the reader itself: login, logout, config, unread, export,
cache and demo-server.

The one command line (`config.arguments`) parses every command's options, the account
options before or after the command; each module here has `run(args, environ)`, opens the
same client the reader would (`config.connection.open_account`: the demo when no account
is set up), and says what went wrong in one line on stderr with an exit status, never a
traceback.
"""
