"""The animated PNG written frame by frame: Pillow's bytes, the GIF's pictures, flat memory."""

from __future__ import annotations

import io
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import PIL
import pytest
from memory import measured
from PIL import Image, ImageChops
from PIL.PngImagePlugin import Blend, Disposal

from roads.backends.apng import ApngWriter
from roads.scoreboard import Scoreboard
from roads.story import animation

FOLLOWS_PILLOW = int(PIL.__version__.split(".")[0]) >= 13
"""Our writer writes what Pillow 13's APNG writer writes, byte for byte. Earlier Pillows (the
lowest allowed is 10.2) write repeated frames otherwise and cannot write a delay past 65.535 s;
there the streamed file is compared by what it shows."""

_OLDER_PILLOW = "Pillow before 13 writes repeated frames otherwise: compared by pictures instead"


def _pillow(frames: list[Image.Image], times: list[int]) -> bytes:
    """Pillow's own writer, which keeps every frame: the reference for the bytes."""
    out = io.BytesIO()
    frames[0].save(
        out,
        format="PNG",
        save_all=True,
        append_images=frames[1:],
        duration=times,
        loop=0,
        disposal=Disposal.OP_NONE,
        blend=Blend.OP_OVER,
    )
    return out.getvalue()


def _streamed(frames: list[Image.Image], times: list[int]) -> bytes:
    writer = ApngWriter()
    for frame, time in zip(frames, times, strict=True):
        writer.add(frame, time)
    return writer.finish()


def _changes(board: Scoreboard) -> list[Image.Image]:
    """The frames ``roads animate`` gives the writer: the first board whole, then each
    board's changed pixels over transparency."""
    images = [animation._image(scene, 1.0) for scene in animation.frames(board.roads)]
    frames = [images[0].convert("RGBA")]
    for before, image in pairwise(images):
        frame = Image.new("RGBA", image.size, (0, 0, 0, 0))
        frame.paste(image, mask=animation._changed(before, image))
        frames.append(frame)
    return frames


@pytest.mark.skipif(not FOLLOWS_PILLOW, reason=_OLDER_PILLOW)
def test_the_streamed_animation_has_pillows_bytes() -> None:
    frames = _changes(Scoreboard.simulate(seed=9, cut_card=380))
    times = animation.durations(len(frames), 4, 2)
    assert _streamed(frames, times) == _pillow(frames, times)


def _small_frames() -> tuple[Image.Image, Image.Image]:
    a = Image.new("RGBA", (7, 5), (10, 20, 30, 255))
    b = a.copy()
    b.putpixel((3, 2), (200, 0, 0, 255))
    return a, b


@pytest.mark.skipif(not FOLLOWS_PILLOW, reason=_OLDER_PILLOW)
def test_repeated_and_single_frames_are_written_as_pillow_writes_them() -> None:
    a, b = _small_frames()
    for frames, times in (
        ([a], [100]),
        ([a, a.copy(), a.copy()], [100, 100, 900]),  # one picture: a plain PNG
        ([a, a.copy(), b, b.copy(), a.copy()], [100, 200, 300, 400, 500]),
        ([a, b], [65535 * 1000, 10]),  # a delay of 65535 s, the most a frame can say
    ):
        assert _streamed(frames, times) == _pillow(frames, times)


def test_repeated_frames_become_one_frame_shown_as_long_as_both() -> None:
    a, b = _small_frames()
    with Image.open(io.BytesIO(_streamed([a, a.copy(), b], [100, 200, 300]))) as shown:
        assert shown.n_frames == 2
        assert shown.info["duration"] == 300


def test_an_animation_needs_a_frame() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        ApngWriter().finish()


def test_every_png_frame_shows_the_gif_frames_picture() -> None:
    board = Scoreboard.simulate(seed=5, cut_card=400)
    png = animation.animation(board.roads, "png", fps=4, hold=2)
    gif = animation.animation(board.roads, "gif", fps=4, hold=2)
    assert isinstance(png, bytes) and isinstance(gif, bytes)
    palette = animation._palette(animation._image(animation.frames(board.roads)[-1], 1.0))
    shown, other = Image.open(io.BytesIO(png)), Image.open(io.BytesIO(gif))
    assert shown.n_frames == other.n_frames == len(board)
    for k in range(len(board)):
        shown.seek(k)
        other.seek(k)
        # The GIF holds the colours its palette holds: the PNG's frame, put in that palette.
        picture = shown.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
        assert ImageChops.difference(picture.convert("RGB"), other.convert("RGB")).getbbox() is None
        assert shown.info["duration"] == other.info["duration"]


_MOST = 100 << 20


@pytest.mark.stress
def test_an_eight_deck_shoe_animates_in_little_memory(tmp_path: Path) -> None:
    shoe = tmp_path / "shoe.txt"
    subprocess.run(
        [sys.executable, "-m", "roads", "simulate", "--seed", "3", "-o", str(shoe)], check=True
    )
    out = tmp_path / "shoe.png"
    code, err, used = measured("animate", str(shoe), "-o", str(out), timeout=300)
    assert code == 0, err
    peak = used["bytes"]
    assert peak < _MOST, f"{peak / 2**20:.0f} MiB"
    with Image.open(out) as shown:
        assert shown.n_frames > 60
