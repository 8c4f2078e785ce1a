"""The service's HTTP API: models by resource, errors, the client and its credential, paging
cursors. No Textual here. Import from the modules themselves (`tui.api.client`, …): this
package imports nothing, so a module that needs only errors or the paging protocol does
not pay for httpx and pydantic."""
