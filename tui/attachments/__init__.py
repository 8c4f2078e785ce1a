"""Attachments kept on disk: a safe name for each (``names``), a download written beside
its place and moved in only when whole, never over another file (``save``), what may be
opened (``kinds``), and a message's attachment fetched and saved (``keep``). No Textual."""
