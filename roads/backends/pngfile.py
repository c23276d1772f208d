"""PNG files written chunk by chunk: the still pictures' whole files, and the chunks that the
animated PNG writer assembles.

A board is flat colour with anti-aliased edges, so its rows compress best as they are (PNG's
filter type 0): trying the five filters on every row, as Pillow's encoder does, takes two thirds
of its time and makes a board's file larger, not smaller. The rows go to zlib a band at a time,
so a large picture is never held twice in memory.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image, _imaging

__all__ = ["SIGNATURE", "chunk", "still_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"RGB": 2, "RGBA": 6}
"""PNG's colour type of each mode drawn: truecolour, and truecolour with alpha."""
_LEVEL = 3
"""zlib's compression level: a 78-coup board in 4 ms, 11% smaller than Pillow's level 3."""
_BAND_BYTES = 1 << 22
"""About how many bytes of pixels are compressed at a time."""
_METRES_PER_INCH = 0.0254
_SLACK = 16
"""Bytes of the raw encoder's buffer beyond the pixels it holds."""
_NO_FILTER = b"\x00"
"""The filter byte that starts each row: type 0, the row as it is."""


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, ``kind`` (four letters), ``data`` and their CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _pixels(image: Image.Image) -> bytes:
    """The pixels of ``image``, row after row: ``image.tobytes()``, by the same raw encoder,
    in one buffer that holds them all (a band's: eight times faster than ``tobytes``' 64 kB
    at a time), and without the module that ``tobytes`` imports for its buffer's size (and
    the logging that module imports: some 4 ms of every PNG written)."""
    encoder = _imaging.raw_encoder(image.mode, image.mode)
    encoder.setimage(image.im, (0, 0, *image.size))
    whole = len(image.mode) * image.size[0] * image.size[1] + _SLACK
    parts = []
    try:
        while True:
            _, status, data = encoder.encode(whole)
            parts.append(data)
            if status:
                break
    finally:
        encoder.cleanup()
    if status < 0:
        raise RuntimeError(f"encoder error {status} reading the picture's pixels")
    return b"".join(parts)


def still_png(image: Image.Image, *, dpi: float) -> bytes:
    """The PNG file of ``image`` (mode ``"RGB"`` or ``"RGBA"``), at ``dpi`` in its pHYs chunk.

    Parameters:
        image: the picture, 8 bits per channel.
        dpi: its resolution, in pixels per inch, written as pixels per metre (rounded).
    """
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOUR_TYPES[image.mode], 0, 0, 0)
    per_metre = int(dpi / _METRES_PER_INCH + 0.5)
    parts = [
        SIGNATURE,
        chunk(b"IHDR", header),
        chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
    ]
    stride = width * len(image.mode)
    band = max(1, _BAND_BYTES // stride)
    deflate = zlib.compressobj(_LEVEL, zlib.DEFLATED, 15, 8)
    for top in range(0, height, band):
        rows = min(band, height - top)
        part = image if rows == height else image.crop((0, top, width, top + rows))
        pixels = memoryview(_pixels(part))
        # Each row after its filter byte, fed to zlib as it lies in the band: no copy of it.
        data = [
            deflate.compress(piece)
            for row in range(0, rows * stride, stride)
            for piece in (_NO_FILTER, pixels[row : row + stride])
        ]
        compressed = b"".join(data)
        if compressed:
            parts.append(chunk(b"IDAT", compressed))
    parts.append(chunk(b"IDAT", deflate.flush()))
    parts.append(chunk(b"IEND", b""))
    return b"".join(parts)
