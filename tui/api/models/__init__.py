"""Pydantic models of the service's resources (api-reference §2, as api-reality shows them).

One module per resource; import from the module itself. Each is created on first import,
so the group list builds only `page` and `memberships` before its first paint.
"""
