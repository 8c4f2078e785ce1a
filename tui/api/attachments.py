"""A message's attachment fetched by its link, the link fetched again with its message
(gettopic) when the service refuses it: signed links expire, and a thread kept from an
earlier visit holds old ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .download import Fetched, LinkRefusedError, Progress, Write

if TYPE_CHECKING:
    from .client import ServiceClient
    from .models.messages import Attachment

# Pages of a thread walked to find a message again: 100 messages each (the longest
# threads hold a few thousand).
_MOST_PAGES = 100


async def fresh_attachment(
    client: ServiceClient, topic_id: int | str, message_id: int | str, attachment: Attachment
) -> Attachment | None:
    """The attachment as the service gives it now (a new link), None if it is gone."""
    token: int | str | None = None
    for _ in range(_MOST_PAGES):
        page = await client.get_topic(topic_id=topic_id, limit=100, page_token=token)
        for message in page.data:
            if message.id == message_id:
                return _same(message.attachments, attachment)
        token = page.next_page_token
        if not page.data or not token or not page.has_more:
            return None
    return None


def _same(attachments: list[Attachment], wanted: Attachment) -> Attachment | None:
    for item in attachments:
        if (item.id and item.id == wanted.id) or (not item.id and item.filename == wanted.filename):
            return item
    return None


async def fetch_attachment(
    client: ServiceClient,
    attachment: Attachment,
    where: tuple[int | str, int | str],
    write: Write,
    *,
    most: int,
    progress: Progress | None = None,
) -> Fetched:
    """Stream the attachment into `write`; a refused link is asked for again once, with
    its message (`where`: the topic's id and the message's)."""
    try:
        return await client.downloads.fetch(
            attachment.download_url, write, most=most, progress=progress
        )
    except LinkRefusedError:
        fresh = await fresh_attachment(client, where[0], where[1], attachment)
        if fresh is None or fresh.download_url == attachment.download_url:
            raise
    return await client.downloads.fetch(fresh.download_url, write, most=most, progress=progress)
