"""The command-line commands other than the reader: accounts, the demo server."""
