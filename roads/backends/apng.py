"""An animated PNG written frame by frame: one frame in memory at a time (and the one before, to
compare), the rest already compressed.

Pillow's own APNG writer takes the frames as a list and keeps them all (it reads them twice).
This one makes the same bytes from a stream: each frame is compressed by Pillow's PNG encoder, as
a PNG of its own, and its image data moved into the animation's chunks; a frame that repeats
the one before lengthens it instead (as Pillow does), and each frame after the first keeps only
the box of pixels that differ from the frame before it.
"""

from __future__ import annotations

import io
import struct
from fractions import Fraction
from typing import TYPE_CHECKING

from roads.backends.pngfile import SIGNATURE, chunk

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["ApngWriter"]

_DISPOSE_NONE, _BLEND_OVER = 0, 1
"""Each frame stays under the next (APNG's dispose_op 0), which is laid over it (blend_op 1)."""
_MOST_DELAY = 65535


def _chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) of every chunk of a PNG file, in order."""
    found = []
    at = len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        found.append((png[at + 4 : at + 8], png[at + 8 : at + 8 + length]))
        at += 12 + length
    return found


def _delay(milliseconds: int) -> Fraction:
    return Fraction(milliseconds / 1000).limit_denominator(_MOST_DELAY)


class ApngWriter:
    """The frames of a looping animated PNG, added one at a time; ``finish`` gives the file.

    Every frame must have the size and mode (``"RGBA"``) of the first.
    """

    def __init__(self, *, loop: int = 0) -> None:
        """``loop``: how many times the animation plays (0: for ever)."""
        self._loop = loop
        self._head = b""
        self._alone = b""
        self._body: list[bytes] = []
        self._frames = 0
        self._sequence = 0
        self._pending: tuple[Image.Image, tuple[int, int, int, int] | None, int] | None = None

    def add(self, frame: Image.Image, duration: int) -> None:
        """Add ``frame``, shown for ``duration`` milliseconds."""
        from PIL import ImageChops

        pending = self._pending
        if pending is None:
            self._pending = (frame.copy(), None, duration)
            return
        before, box, shown = pending
        changed = ImageChops.subtract_modulo(frame, before).getbbox(alpha_only=False)
        if changed is None and _delay(shown + duration).numerator <= _MOST_DELAY:
            self._pending = (before, box, shown + duration)  # the same picture, for longer
            return
        self._encode(*pending)
        self._pending = (frame.copy(), changed, duration)

    def _encode(
        self, image: Image.Image, box: tuple[int, int, int, int] | None, duration: int
    ) -> None:
        if box is None:
            box = (0, 0, *image.size)
        else:
            image = image.crop(box)
        delay = _delay(duration)
        if delay.numerator > _MOST_DELAY:
            raise ValueError("cannot write duration")
        out = io.BytesIO()
        image.save(out, format="PNG")
        chunks = _chunks(out.getvalue())
        first = self._frames == 0
        if first:
            self._alone = out.getvalue()
            self._head = b"".join(
                chunk(kind, data)
                for kind, data in chunks[: next(i for i, c in enumerate(chunks) if c[0] == b"IDAT")]
            )
        control = struct.pack(
            ">IIIIIHHBB",
            self._sequence,
            image.width,
            image.height,
            box[0],
            box[1],
            delay.numerator,
            delay.denominator,
            _DISPOSE_NONE,
            _BLEND_OVER,
        )
        self._body.append(chunk(b"fcTL", control))
        self._sequence += 1
        for kind, data in chunks:
            if kind != b"IDAT":
                continue
            if first:
                self._body.append(chunk(b"IDAT", data))
            else:
                self._body.append(chunk(b"fdAT", struct.pack(">I", self._sequence) + data))
                self._sequence += 1
        self._frames += 1

    def finish(self) -> bytes:
        """The animated PNG of the frames added (at least one)."""
        if self._pending is None:
            raise ValueError("an animated PNG needs at least one frame")
        self._encode(*self._pending)
        self._pending = None
        if self._frames == 1:
            return self._alone  # one picture: a plain PNG, as Pillow writes it
        control = chunk(b"acTL", struct.pack(">II", self._frames, self._loop))
        return b"".join((SIGNATURE, self._head, control, *self._body, chunk(b"IEND", b"")))
