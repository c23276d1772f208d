"""What ``roads serve`` gzips (``roads.live.compress``): text of at least MIN_SIZE bytes, for a
client that accepts gzip, the same bytes for the same body."""

from __future__ import annotations

import gzip

import pytest

from roads.live.compress import MIN_SIZE, accepts_gzip, encoded


@pytest.mark.parametrize(
    ("header", "accepts"),
    [
        ("gzip", True),
        ("br, GZIP;q=0.5", True),
        ("*", True),
        ("gzip;q=0", False),
        ("gzip;q=x", False),
        ("deflate", False),
        ("", False),
    ],
)
def test_accepts_gzip(header: str, accepts: bool) -> None:
    assert accepts_gzip(header) is accepts


def test_long_text_is_gzipped_the_same_every_time() -> None:
    body = b"B" * MIN_SIZE
    sent, headers = encoded(body, "image/svg+xml", "gzip")
    assert gzip.decompress(sent) == body and sent == encoded(body, "image/svg+xml", "gzip")[0]
    assert headers == (("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding"))


def test_short_text_and_pictures_go_as_they_are() -> None:
    assert encoded(b"short", "text/html", "gzip") == (b"short", (("Vary", "Accept-Encoding"),))
    png = b"\x89PNG" * MIN_SIZE
    assert encoded(png, "image/png", "gzip") == (png, ())
