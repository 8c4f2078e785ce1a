"""Link targets and image placeholders."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote, urlsplit

from ..safety import clean
from .parse import Attributes, is_hidden

__all__ = ["image_label", "link_target", "same_target", "written_urls"]

_SCHEMES = frozenset(
    {"http", "https", "mailto", "ftp", "ftps", "sftp", "tel", "sms", "news", "nntp", "irc",
     "ircs", "xmpp", "gemini", "gopher", "matrix", "webcal", "ssh", "git"}
)  # fmt: skip
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.-]*):")
_URL_JUNK = re.compile(r"[\t\n\r]")
_NORMAL_PREFIX = re.compile(r"^(?:[a-z][a-z0-9+.-]*:(?://)?)?(?:www\.)?", re.IGNORECASE)
_PIXEL_SIZE = re.compile(r"(?:^|[;\s])(width|height)\s*:\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*(?:;|$|!)")
_IMAGE_FILE = re.compile(r"[^/\\]+\.(?:png|jpe?g|gif|webp|bmp|svg|tiff?|heic)$", re.IGNORECASE)
_MAX_URL = 4096
# Layout spacers named for what they are (Gmail's "cleardot.gif", "spacer.gif", ...).
_SPACER = re.compile(
    r"/(?:cleardot|blank|pixel|transparent|1x1|s|[^/]*spacer[^/]*)\.(?:gif|png|jpe?g)(?:[?#]|$)",
    re.IGNORECASE,
)
_ENTITY = re.compile(r"&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);")
# A URL as people write one in text: with a scheme, or starting "www.".
_WRITTEN_URL = re.compile(r"\b(?:(?:https?|ftp)://|www\.|mailto:)[^\s<>\"']+", re.IGNORECASE)
_TRAILING = ".,;:!?'\"»\u201d\u2019"
_CLOSERS = {")": "(", "]": "[", "}": "{"}
_OPENERS = {opener: closer for closer, opener in _CLOSERS.items()}


def link_target(href: str) -> str | None:
    """A URL worth listing, or None for anchors, scripts, data and unknown schemes."""
    url = _URL_JUNK.sub("", clean(href)).strip().replace(" ", "%20")
    if _ENTITY.search(url):
        url = html.unescape(url)  # escaped twice by the sender: "&amp;lt;" in the source
    if not url or len(url) > _MAX_URL:
        return None
    if url.startswith("//"):
        url = "https:" + url
    elif url.lower().startswith("www."):
        url = "http://" + url
    match = _SCHEME.match(url)
    if match is None or match.group(1).lower() not in _SCHEMES:
        return None
    return url


def _trim(url: str) -> str:
    """Drop sentence punctuation and unbalanced closing brackets from a URL's end."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _CLOSERS and url.count(last) > url.count(_CLOSERS[last]):
            url = url[:-1]
        else:
            break
    return url


def _to_unbalanced(url: str) -> str:
    """A URL up to its first closing bracket that nothing in it opened: it closes what the
    text around it opened ("[https://a.example/x]", markup like "[link=URL]words")."""
    depth = dict.fromkeys(_CLOSERS, 0)
    for index, char in enumerate(url):
        if char in _OPENERS:
            depth[_OPENERS[char]] += 1
        elif char in _CLOSERS:
            if not depth[char]:
                return url[:index]
            depth[char] -= 1
    return url


def written_urls(text: str) -> list[tuple[int, int, str]]:
    """The URLs written in a text: where each starts and ends, and its target."""
    lowered = text.lower()
    if "://" not in text and "www." not in lowered and "mailto:" not in lowered:
        return []
    found = []
    at = 0
    while (match := _WRITTEN_URL.search(text, at)) is not None:
        written = _trim(_to_unbalanced(match.group()))
        target = link_target(written)
        if target is not None:
            found.append((match.start(), match.start() + len(written), target))
        at = match.start() + max(len(written), 1)  # (after a bracket: another may follow)
    return found


def _normal(target: str) -> str:
    # "<a@b.org>" is how Thunderbird writes an address it links; a long URL as link text
    # is often broken by line breaks the href spells "%20" or leaves out.
    target = "".join(unquote(target).split()).strip("<>").casefold()
    return _NORMAL_PREFIX.sub("", target).rstrip("/")


def same_target(text: str, url: str) -> bool:
    """True when a link's words already are its URL (so no number is needed).

    Words that are a URL which the target only extends with a query or fragment
    (tracking parameters) count as the same: the reader already sees where it goes.
    """
    words, target = _normal(text), _normal(url)
    if not words:
        return False
    if words == target:
        return True
    looks_like_url = "://" in text or text.strip().lower().startswith("www.")
    return (
        looks_like_url
        and target.startswith(words)
        and target[len(words) : len(words) + 1] in ("?", "#", "&")
    )


def _dimension(attributes: Attributes, name: str) -> float | None:
    raw = (attributes.get(name) or "").strip().lower().removesuffix("px")
    try:
        return float(raw)
    except ValueError:
        pass
    for match in _PIXEL_SIZE.finditer((attributes.get("style") or "").lower()):
        if match.group(1) == name:
            return float(match.group(2))
    return None


def is_tracking_pixel(attributes: Attributes) -> bool:
    """Zero-size, one-pixel or hidden images: beacons, spacers, never content."""
    if is_hidden(attributes) or _SPACER.search(attributes.get("src") or ""):
        return True
    dimensions = (_dimension(attributes, "width"), _dimension(attributes, "height"))
    sizes = [size for size in dimensions if size is not None]
    return any(size <= 2 for size in sizes)


def _file_name(src: str) -> str:
    if src.lower().startswith("cid:"):
        name = src[4:].split("@", 1)[0]
    else:
        try:
            name = unquote(urlsplit(src).path.rsplit("/", 1)[-1])
        except ValueError:
            return ""
    name = clean(name).strip()
    return name if _IMAGE_FILE.fullmatch(name) else ""


def image_label(attributes: Attributes) -> str | None:
    """``[image: alt or file name]``, or None for pixels and decorative images.

    ``alt=""`` marks a decorative image on the web; but mail clients also write it for
    pasted screenshots, so embedded (``cid:``/``data:``) images are always shown.
    """
    if is_tracking_pixel(attributes):
        return None
    src = clean(attributes.get("src")).strip()
    embedded = src.lower().startswith(("cid:", "data:"))
    alt = " ".join(clean(attributes.get("alt")).split())
    if alt:
        return f"[image: {alt}]"
    if "alt" in attributes and not embedded:
        return None
    name = "" if src.lower().startswith("data:") else _file_name(src)
    return f"[image: {name}]" if name else "[image]"
