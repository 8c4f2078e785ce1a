"""The thread screen's copying: `y` the current message as Markdown, `Y` a line naming the
topic (its group, id, subject and web address), both by OSC 52 (they work over SSH)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from ..export.topic import message_markdown
from ..render.safety import clean
from .attachment_actions import AttachmentKeys

if TYPE_CHECKING:
    from ..api.models.messages import Message as ApiMessage
    from ..api.models.topics import Topic
    from .topic_rows import TopicRow


class CopyingThread(AttachmentKeys):
    """`y` and `Y` of the thread screen (which sets what they copy as its pages arrive)."""

    topic: Topic | TopicRow | None
    group: str  # the group's short name, once known
    group_url: str  # the group's web address, if the service gives it

    def action_copy_markdown(self) -> None:
        """Copy the current message as Markdown to the clipboard (OSC 52: works over SSH)."""
        current = self.thread_view.current_message
        if current is not None:
            self._copy_markdown(current.message)

    @work(thread=True, group="copy", exit_on_error=False)
    def _copy_markdown(self, message: ApiMessage) -> None:
        markdown = message_markdown(message)  # markdownify on a long body takes a while
        self.app.call_from_thread(self.app.copy_to_clipboard, markdown)
        note = f"Message #{message.msg_num} copied as Markdown"
        self.app.call_from_thread(self.app.notify, note, title="Copy", markup=False)

    def topic_reference(self) -> tuple[str, str]:
        """A line naming the topic (its group, id, subject and web address), and the web
        address alone ("" when the service gave no address for the group)."""
        url = f"{self.group_url.rstrip('/')}/topic/{self.topic_id}" if self.group_url else ""
        subject = clean(self.topic.subject) if self.topic is not None else ""
        where = f"{clean(self.group)} " if self.group else ""
        line = f"{where}topic {self.topic_id}" + (f": {subject}" if subject else "")
        return line + (f" {url}" if url else ""), url

    def action_copy_reference(self) -> None:
        """Copy a reference to the topic: its id, and its web address where known (OSC 52)."""
        reference, url = self.topic_reference()
        self.app.copy_to_clipboard(reference)
        what = "and its web address" if url else "(no web address: the service gave none)"
        self.notify(
            f"Copied topic {self.topic_id} {what}. lurker --topic {self.topic_id} opens it.",
            title="Copy",
            markup=False,
        )
