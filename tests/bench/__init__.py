"""Benchmarks run by hand, never by pytest: `.venv/bin/python -m tests.bench [--quick]`."""
