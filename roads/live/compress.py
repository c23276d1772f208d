"""Compressing what ``roads serve`` sends, for a tablet on weak Wi-Fi: text of at least
MIN_SIZE bytes is gzipped when the client accepts gzip (the same bytes for the same body)."""

from __future__ import annotations

import gzip

MIN_SIZE = 1024
"""Bytes below which compressing saves too little to be worth it."""
_TEXT = ("text/", "image/svg+xml", "application/json")


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (not refused with ``q=0``)."""
    for part in accept_encoding.lower().split(","):
        name, _, parameters = part.partition(";")
        if name.strip() in ("gzip", "x-gzip", "*"):
            quality = parameters.strip().removeprefix("q=").strip() or "1"
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


def encoded(
    body: bytes, content_type: str, accept_encoding: str
) -> tuple[bytes, tuple[tuple[str, str], ...]]:
    """``body`` as it is sent and the headers that say how: gzipped if it is text of at least
    MIN_SIZE bytes and ``accept_encoding`` accepts gzip. Text always gets ``Vary``, since its
    encoding depends on that header."""
    if not content_type.startswith(_TEXT):
        return body, ()
    vary = ("Vary", "Accept-Encoding")
    if len(body) < MIN_SIZE or not accepts_gzip(accept_encoding):
        return body, (vary,)
    return gzip.compress(body, compresslevel=6, mtime=0), (("Content-Encoding", "gzip"), vary)
