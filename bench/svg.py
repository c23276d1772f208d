"""The SVG writer against a plain string writer of the same scene, and against PNG (issue 24).

    python bench/svg.py

For an 82-coup board (examples/eight-decks.jsonl) and a 600-coup one: ``Scoreboard.svg()`` and
``Scoreboard.png()`` (both draw the scene, then write it), ``to_svg`` of a scene drawn once,
svgwrite's build of the same document (``svgwrite_document``), and :func:`plain_svg` below,
the floor: one f-string per shape, every attribute inline, no grouping, no ids. The runs of
the things compared are interleaved, round after round, and each figure is the median of its
rounds, so that a machine shared with others slows them alike. Bars (issue 24):
``svg()`` <= 0.2 x ``png()``, ``svg()`` <= 3 x the plain writer.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from roads.backends.svg import font_face, svgwrite_document, to_svg
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Text
from roads.scoreboard import Scoreboard

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "eight-decks.jsonl"
ROUNDS = 41


def _n(value: float) -> str:
    return str(round(value, 2)).removesuffix(".0")


def _x(text: str) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;")


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    paint = f' fill="{fill or "none"}"'
    return paint + (f' stroke="{stroke}" stroke-width="{_n(width)}"' if stroke else "")


def plain_svg(scene: Scene) -> str:
    """The floor: the same shapes written as text in the plainest way, each element with its
    own attributes (what a hand-written writer with no svgwrite, grouping or ids would do)."""
    font = scene.drawn_font()
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(scene.width)}" '
        f'height="{_n(scene.height)}" viewBox="0 0 {_n(scene.width)} {_n(scene.height)}" '
        f'font-family="{_x(font.family)}"><title>{_x(scene.title)}</title>'
        f"<desc>{_x(scene.description)}</desc><defs><style><![CDATA["
        f"{font_face(font, scene.texts())}]]></style></defs>"
    ]
    if scene.background is not None:
        out.append(f'<rect fill="{scene.background}" width="{_n(scene.width)}" height="100%"/>')
    for shape in scene.shapes:
        classes = f' class="{" ".join(shape.classes)}"' if shape.classes else ""
        if isinstance(shape, Circle):
            out.append(
                f'<circle cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" r="{_n(shape.r)}"{classes}'
                f"{_paint(shape.fill, shape.stroke, shape.stroke_width)}/>"
            )
        elif isinstance(shape, Line):
            out.append(
                f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" '
                f'y2="{_n(shape.y2)}"{classes} stroke="{shape.stroke}" '
                f'stroke-width="{_n(shape.stroke_width)}" stroke-linecap="round"/>'
            )
        elif isinstance(shape, Rect):
            out.append(
                f'<rect x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.width)}" '
                f'height="{_n(shape.height)}" rx="{_n(shape.radius)}"{classes}'
                f"{_paint(shape.fill, shape.stroke, shape.stroke_width)}/>"
            )
        elif isinstance(shape, Grid):
            right = shape.x + shape.cols * shape.cell_width
            bottom = shape.y + shape.rows * shape.cell_height
            path = "".join(
                f"M{_n(shape.x + i * shape.cell_width)} {_n(shape.y)}V{_n(bottom)}"
                for i in range(1, shape.cols)
            ) + "".join(
                f"M{_n(shape.x)} {_n(shape.y + j * shape.cell_height)}H{_n(right)}"
                for j in range(1, shape.rows)
            )
            out.append(
                f'<path d="{path}"{classes} stroke="{shape.stroke}" '
                f'stroke-width="{_n(shape.stroke_width)}" fill="none"/>'
            )
        elif isinstance(shape, Text):
            out.append(
                f'<text x="{_n(shape.x)}" y="{_n(shape.y)}"{classes} '
                f'font-size="{_n(shape.size)}" fill="{shape.fill}" '
                f'text-anchor="{shape.anchor}">{_x(shape.text)}</text>'
            )
    out.append("</svg>")
    return "".join(out)


def _board(coups: int) -> Scoreboard:
    if coups == 78:
        return Scoreboard.read(str(EXAMPLE))
    random.seed(24)
    return Scoreboard.from_notation("".join(random.choices("BPT", weights=[46, 45, 9], k=coups)))


def interleaved(actions: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """The median seconds of each action, its runs interleaved with the others' (after one
    run each to warm up)."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for action in actions.values():
        action()
    for _ in range(rounds):
        for name, action in actions.items():
            start = time.perf_counter()
            action()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for coups in (78, 600):
        board = _board(coups)
        scene = board.scene()
        assert len(plain_svg(scene)) > 0.5 * len(to_svg(scene))
        median = interleaved(
            {
                "Scoreboard.svg()": board.svg,
                "Scoreboard.png()": board.png,
                "scene alone (Scoreboard.scene())": board.scene,
                "to_svg(scene)": lambda s=scene: to_svg(s),
                "svgwrite_document(scene)": lambda s=scene: svgwrite_document(s),
                "plain string writer (bench/svg.py)": lambda s=scene: plain_svg(s),
            },
            rounds=ROUNDS if coups < 600 else ROUNDS // 2,
        )
        print(f"\n{coups} coups, {len(scene.shapes)} shapes, medians of interleaved rounds:")
        for name, seconds in median.items():
            print(f"  {name:40} {seconds * 1e3:8.3f} ms")
        plain = median["plain string writer (bench/svg.py)"]
        svg = median["Scoreboard.svg()"]
        print(f"  svg() / png()                            {svg / median['Scoreboard.png()']:8.3f}")
        print(f"  svg() / plain writer                     {svg / plain:8.3f}")
        print(f"  to_svg(scene) / plain writer             {median['to_svg(scene)'] / plain:8.3f}")
        print(
            f"  svgwrite_document / to_svg               "
            f"{median['svgwrite_document(scene)'] / median['to_svg(scene)']:8.3f}"
        )


if __name__ == "__main__":
    main()
