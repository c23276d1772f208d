"""The GIF encoded frame by frame decodes to every frame's board, pixel for pixel."""

from __future__ import annotations

import io

from PIL import Image, ImageChops
from tiers import size

from roads.scoreboard import Scoreboard
from roads.story import animation


def test_every_gif_frame_is_its_board_in_the_shared_palette() -> None:
    # A whole 8-deck shoe with --stress; its first 30 coups in README's pytest.
    whole = Scoreboard.simulate(seed=5)
    board = Scoreboard(whole.hands[: size(30, len(whole.hands))])
    data = animation.animation(board.roads, "gif", fps=4, hold=2)
    assert isinstance(data, bytes)
    scenes = animation.frames(board.roads)
    palette = animation._palette(animation._image(scenes[-1], 1.0))
    shown = Image.open(io.BytesIO(data))
    assert shown.n_frames == len(board)
    for k, scene in enumerate(scenes):
        shown.seek(k)
        expected = (
            animation._image(scene, 1.0)
            .quantize(palette=palette, dither=Image.Dither.NONE)
            .convert("RGB")
        )
        assert ImageChops.difference(shown.convert("RGB"), expected).getbbox() is None, k
        assert shown.info["duration"] == (250 if k < len(scenes) - 1 else 2000)


def test_a_repeated_picture_shows_for_longer() -> None:
    # Boards of successive coups always differ, so the merge is checked on the encoder.
    board = Scoreboard.from_notation("BP")
    last, _ = animation._frames(board.roads, None)
    data = animation._gif(last, [last, last, last], 3, scale=1.0, fps=4, hold=1)
    shown = Image.open(io.BytesIO(data))
    assert shown.n_frames == 1
    assert shown.info["duration"] == 250 + 250 + 1000
