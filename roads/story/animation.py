"""The board growing coup by coup: one frame per coup, as a GIF, an animated PNG, or an SVG
that plays in a browser.

Every frame is drawn at the size of the last (``BoardOptions.min_columns`` gets the whole shoe's
columns), so the board never jumps as it grows, and the last frame is exactly the board that
``roads render`` draws. Every frame carries the notice, as every board does.
"""

from __future__ import annotations

import io
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from roads.atomic import write_atomic
from roads.drawing.board import draw_board
from roads.drawing.options import BoardOptions
from roads.drawing.scene import Scene, Shape
from roads.errors import RoadsError
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.progress import job

if TYPE_CHECKING:
    from PIL import Image

FPS = 4.0
"""Frames (coups) per second, unless told."""
HOLD = 3.0
"""Seconds the last frame stays before a GIF or animated PNG starts again."""
FRAMES_WORTH_A_BAR = 50
"""Animations of at least this many frames (a second or more of drawing) report their progress
(``roads.progress``), one step per frame."""

_Key = tuple[Shape, int]
"""A shape of a frame, told apart from an equal shape drawn earlier in the same frame."""
_Item = tuple[_Key, int]
"""A shape over one unbroken run of frames (its number among the runs of that shape)."""
Shown = tuple[float | None, float | None]
"""When a shape shows, in seconds: from (None: the start) until (None: the end)."""


def frames(roads: Roads, options: BoardOptions | None = None) -> list[Scene]:
    """The Scene of the first 1, 2, ... n coups of ``roads``, all of the size of the last."""
    _, scenes = _frames(roads, options)
    return list(scenes)


def _frames(roads: Roads, options: BoardOptions | None) -> tuple[Scene, Iterator[Scene]]:
    """The last frame, and all the frames one by one, each drawn when it is asked for."""
    options = options or BoardOptions()
    hands = roads.hands
    if not hands:
        raise RoadsError("there is no coup to animate")
    fewest = _columns(roads)
    if options.min_columns:
        fewest = tuple(map(max, fewest, options.min_columns))
    fixed = replace(options, min_columns=fewest)
    last = draw_board(roads, fixed)
    size = last.width, last.height

    def scenes() -> Iterator[Scene]:
        # Totals on the bead plate are read from the hands' cards: only then are they kept.
        growing = Roads(tails=roads.tails, keep_hands=fixed.label == "total", table=roads.table)
        for hand in hands:
            growing.add(hand)
            scene = draw_board(growing, fixed)
            # The stretched panels make every frame as large as the last; this only guards
            # the layout.
            if (scene.width, scene.height) != size:
                scene = replace(scene, width=size[0], height=size[1])
            yield scene

    return last, scenes()


def _columns(roads: Roads) -> tuple[int, ...]:
    """How many columns each road of ``roads`` fills, in ``Road`` order."""
    return tuple(max((cell.col for cell in roads.cells(road)), default=-1) + 1 for road in Road)


def durations(count: int, fps: float = FPS, hold: float = HOLD) -> list[int]:
    """Milliseconds each of ``count`` frames shows: 1/fps, and the last at least ``hold``."""
    if fps <= 0:
        raise RoadsError(f"fps must be more than 0, not {fps:g}", about=("fps",))
    if hold < 0:
        raise RoadsError(f"hold cannot be negative, not {hold:g}", about=("hold",))
    step = max(1, round(1000 / fps))
    return [step] * (count - 1) + [max(step, round(1000 * hold))]


def to_gif(
    scenes: Sequence[Scene], *, scale: float = 1.0, fps: float = FPS, hold: float = HOLD
) -> bytes:
    """A looping GIF of ``scenes``, with one palette (no dithering) for every frame, so pixels
    that do not change keep their index and each frame stores only what changed."""
    return _gif(scenes[-1], iter(scenes), len(scenes), scale=scale, fps=fps, hold=hold)


def _gif(
    last: Scene, scenes: Iterable[Scene], count: int, *, scale: float, fps: float, hold: float
) -> bytes:
    """The GIF of ``count`` frames, encoded as they are drawn: one frame in memory at a time.

    Each frame after the first is the box of pixels that changed, those that did not inside it
    transparent (the palette's last index), laid over the frame before.
    """
    from PIL import GifImagePlugin, Image, ImageChops

    times = durations(count, fps, hold)
    palette = _palette(_image(last, scale))
    out = io.BytesIO()
    previous: Image.Image | None = None
    pending: list[tuple[Image.Image, tuple[int, int], dict[str, int]]] = []

    def flush() -> None:
        for image, offset, params in pending:
            out.write(b"".join(GifImagePlugin.getdata(image, offset, **params)))
        pending.clear()

    for number, scene in enumerate(scenes):
        frame = _image(scene, scale).quantize(palette=palette, dither=Image.Dither.NONE)
        if previous is None:
            header, _ = GifImagePlugin.getheader(frame, None, {"loop": 0})
            out.write(b"".join(header))
            pending.append((frame, (0, 0), {"duration": times[number]}))
            previous = frame
            continue
        delta = ImageChops.subtract_modulo(frame, previous)
        box = delta.getbbox(alpha_only=False)
        if box is None:
            # The same picture again: the frame before shows for longer.
            pending[-1][2]["duration"] += times[number]
            continue
        flush()
        unchanged = delta.point([255, *(0,) * 255], "1")
        changes = frame.copy()
        changes.paste(_COLOURS, mask=unchanged)
        params = {"duration": times[number], "transparency": _COLOURS}
        pending.append((changes.crop(box), (box[0], box[1]), params))
        previous = frame
    flush()
    out.write(b";")
    return out.getvalue()


def _palette(last: Image.Image) -> Image.Image:
    """A palette of 255 colours: the last frame's commonest colours, each kept exactly.

    Pillow maps a colour to a palette by looking for the entry nearest to the colour with each
    channel rounded down to a multiple of 4 (ties to the first entry), so an entry can steal a
    nearby colour from its exact match. A colour joins the palette, commonest first, only where
    it neither steals nor is stolen from the colours already in it: those map to themselves in
    every frame, and the few rare ones left out (edge shading) go to a near neighbour.
    """
    from PIL import Image

    counts = last.getcolors(last.width * last.height) or []
    chosen: list[_RGB] = []
    near: dict[_RGB, list[tuple[_RGB, _RGB, int]]] = {}
    for _, value in sorted(counts, reverse=True):
        colour = cast(_RGB, value)
        corner = _corner(colour)
        own = _distance(colour, corner)
        bucket = (colour[0] >> 3, colour[1] >> 3, colour[2] >> 3)
        neighbours = [
            entry
            for dr, dg, db in _AROUND
            for entry in near.get((bucket[0] + dr, bucket[1] + dg, bucket[2] + db), ())
        ]
        if all(
            _distance(other, corner) > own and _distance(colour, other_corner) >= other_own
            for other, other_corner, other_own in neighbours
        ):
            chosen.append(colour)
            near.setdefault(bucket, []).append((colour, corner, own))
            if len(chosen) == _COLOURS:
                break
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in chosen for value in colour])
    return palette


_RGB = tuple[int, int, int]
_COLOURS = 255
"""Palette entries for the frames: the 256th stays free, for the GIF writer to mark the pixels a
frame leaves as they were (transparent), which keeps each frame to what changed."""
_AROUND = [(dr, dg, db) for dr in (-1, 0, 1) for dg in (-1, 0, 1) for db in (-1, 0, 1)]
"""Neighbouring buckets of 8 levels a channel: a colour can only steal one at most 8 levels away
in each channel, which is in the same bucket or the next."""


def _corner(colour: _RGB) -> _RGB:
    return colour[0] & ~3, colour[1] & ~3, colour[2] & ~3


def _distance(a: _RGB, b: _RGB) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def _changed(before: Image.Image, after: Image.Image) -> Image.Image:
    """A mask of the pixels that differ between two RGB images."""
    from PIL import ImageChops

    red, green, blue = ImageChops.difference(before, after).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).point(_opaque)


def to_apng(
    scenes: Sequence[Scene], *, scale: float = 1.0, fps: float = FPS, hold: float = HOLD
) -> bytes:
    """A looping animated PNG of ``scenes``, in full colour. Each frame after the first keeps
    only the pixels that changed, the rest transparent, and is laid over the frame before."""
    return _apng(iter(scenes), len(scenes), scale=scale, fps=fps, hold=hold)


def _apng(scenes: Iterator[Scene], count: int, *, scale: float, fps: float, hold: float) -> bytes:
    """The animated PNG of ``count`` frames, encoded as they are drawn (``ApngWriter``): the
    full picture and the changes of the one before are all it holds of them."""
    from PIL import Image

    from roads.backends.apng import ApngWriter

    times = durations(count, fps, hold)
    writer = ApngWriter(loop=0)
    before: Image.Image | None = None
    for number, scene in enumerate(scenes):
        image = _image(scene, scale)
        if before is None:
            writer.add(image.convert("RGBA"), times[number])
        else:
            frame = Image.new("RGBA", image.size, (0, 0, 0, 0))
            frame.paste(image, mask=_changed(before, image))
            writer.add(frame, times[number])
        before = image
    return writer.finish()


def _opaque(value: int) -> int:
    return 255 if value else 0


def _image(scene: Scene, scale: float) -> Image.Image:
    from roads.backends import raster

    return raster(scene, scale).convert("RGB")


def to_animated_svg(scenes: Sequence[Scene], *, scale: float = 1.0, fps: float = FPS) -> str:
    """One SVG in which the marks of each coup appear ``1/fps`` seconds after the last; it plays
    once and stays on the last frame, which is also what a viewer that does not animate shows."""
    from roads.backends.svg import to_svg

    scene, shown = timeline(scenes, fps)
    return to_svg(scene, scale, shown=shown)


def timeline(scenes: Sequence[Scene], fps: float = FPS) -> tuple[Scene, list[Shown]]:
    """One scene holding every shape of every frame, and when each shows: from frame k on for
    a shape first drawn in frame k (k/fps seconds), until the first frame without it.

    The shapes of the last frame keep its order exactly, and they alone show without animation.
    A shape of earlier frames only goes right after the shape before it in its own frame. Where
    two frames order shapes differently (the board paints marks of separate cells in layers, and
    a cell's shapes move to a deeper layer as it gains a tie), the later frame's order wins:
    those shapes never overlap, so each frame still looks as its own scene does.
    """
    durations(len(scenes), fps)
    runs: dict[_Key, list[list[int]]] = {}
    rows: list[list[_Item]] = []
    for frame, scene in enumerate(scenes):
        repeats: Counter[Shape] = Counter()
        row = []
        for shape in scene.shapes:
            key = (shape, repeats[shape])
            repeats[shape] += 1
            spans = runs.setdefault(key, [])
            if spans and spans[-1][1] == frame - 1:
                spans[-1][1] = frame
            else:
                spans.append([frame, frame])
            row.append((key, len(spans) - 1))
        rows.append(row)

    last = len(scenes) - 1
    shapes = []
    shown: list[Shown] = []
    for key, run in _paint_order(rows):
        first, final = runs[key][run]
        shape = key[0]
        if final < last and "mark" in shape.classes:
            # A mark a later coup replaced (a tie-only cell taken over) is no cell of the
            # final board: it must not count as one where marks are counted.
            shape = replace(
                shape,
                classes=tuple("replaced-mark" if c == "mark" else c for c in shape.classes),
            )
        shapes.append(shape)
        shown.append((first / fps if first else None, (final + 1) / fps if final < last else None))
    return replace(scenes[-1], shapes=tuple(shapes)), shown


def _paint_order(rows: Sequence[Sequence[_Item]]) -> list[_Item]:
    """The items of all ``rows``: the last row as it is, then each earlier row's new items
    inserted right after the item before them in that row (a linked list keeps it linear)."""
    following: dict[_Item | None, _Item | None] = {None: None}  # None: the head and the end
    for row in reversed(rows):
        before: _Item | None = None
        for item in row:
            if item not in following:
                following[item] = following[before]
                following[before] = item
            before = item
    order = []
    at = following[None]
    while at is not None:
        order.append(at)
        at = following[at]
    return order


def animation(
    roads: Roads,
    kind: str,
    *,
    options: BoardOptions | None = None,
    scale: float = 1.0,
    fps: float = FPS,
    hold: float = HOLD,
) -> bytes | str:
    """The animation of ``roads`` as ``kind`` (gif, png or svg)."""
    from roads import formats

    if kind not in formats.ANIMATION:
        raise formats.FormatError(
            f"no animation format {kind!r}: choose {', '.join(formats.ANIMATION)}"
        )
    last, drawn = _frames(roads, options)
    scenes = _told(drawn, len(roads))
    writers: dict[str, Callable[[], bytes | str]] = {
        "svg": lambda: to_animated_svg(list(scenes), scale=scale, fps=fps),
        "gif": lambda: _gif(last, scenes, len(roads), scale=scale, fps=fps, hold=hold),
        "png": lambda: _apng(scenes, len(roads), scale=scale, fps=fps, hold=hold),
    }
    return writers[kind]()


def _told(scenes: Iterator[Scene], count: int) -> Iterator[Scene]:
    """``scenes``, telling the progress listener (if any) of each frame drawn."""
    with job("Drawing the frames", count, at_least=FRAMES_WORTH_A_BAR) as progress:
        for scene in scenes:
            yield scene
            progress.advance(1)


def save_animation(
    roads: Roads,
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    options: BoardOptions | None = None,
    scale: float = 1.0,
    fps: float = FPS,
    hold: float = HOLD,
) -> None:
    """Write the animation of ``roads`` to ``path`` (``"-"``: standard output). The file is
    replaced only once it is made.

    Parameters:
        roads: the board, drawn growing one coup per frame.
        path: the file to write.
        format: ``"gif"``, ``"png"`` (animated PNG) or ``"svg"``; None: from the extension
            (SVG for standard output). It must agree with the extension.
        options: how each frame is drawn (``BoardOptions``).
        scale: size, times the natural size.
        fps: coups per second.
        hold: seconds the last frame stays before a GIF or PNG starts again.
    """
    from roads import formats

    kind = formats.for_output(path, format, formats.ANIMATION, noun="animation").name
    write_atomic(path, animation(roads, kind, options=options, scale=scale, fps=fps, hold=hold))
