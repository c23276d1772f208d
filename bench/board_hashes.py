"""Hashes of the boards drawn from the examples, in every layout, theme, language and format:
a refactoring of the drawing must leave every one unchanged.

python bench/board_hashes.py > before.txt    # on the commit before the change
python bench/board_hashes.py > after.txt     # after it
diff before.txt after.txt                    # no output: every picture the same bytes
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator
from pathlib import Path

from roads.backends.png import to_png
from roads.backends.svg import to_svg
from roads.drawing.board import LAYOUTS, BoardOptions, draw_board
from roads.drawing.scene import Scene
from roads.drawing.themes import THEMES
from roads.drawing.wall import draw_wall
from roads.grids.road import SLUGS
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def boards() -> dict[str, Scoreboard]:
    return {
        "eight-decks": Scoreboard.read(EXAMPLES / "eight-decks.jsonl"),
        "short": Scoreboard.read(EXAMPLES / "short.txt"),
        "dragon": Scoreboard.read(EXAMPLES / "dragon.txt"),
        "flags": Scoreboard.from_notation("TTBPbTnPpBBPTBbPnBTTTTBPPB"),
    }


def cases() -> Iterator[tuple[str, BoardOptions]]:
    for layout in LAYOUTS:
        for theme in THEMES:
            for lang in LANGUAGES:
                yield (
                    f"{layout}/{theme}/{lang}",
                    BoardOptions(layout=layout, theme=theme, lang=lang),
                )
    yield "lobby+bead", BoardOptions(layout="lobby", with_bead_plate=True)
    yield "casino/columns-12", BoardOptions(layout="casino", columns=12)
    yield "casino/max-30", BoardOptions(layout="casino", max_columns=30)
    yield "standard/columns-16/print", BoardOptions(columns=16, theme="print")
    yield "standard/total/zh", BoardOptions(label="total", lang="zh")
    yield "standard/transparent/title", BoardOptions(transparent=True, title="Table 7")
    for road in SLUGS:
        yield f"road/{road}", BoardOptions(road=road)
        yield f"road/{road}/accessible", BoardOptions(road=road, theme="accessible")


def digest(scene: Scene) -> str:
    sha = hashlib.sha256()
    sha.update(repr(scene).encode())
    sha.update(to_svg(scene).encode())
    sha.update(to_png(scene))
    return sha.hexdigest()[:16]


def main() -> None:
    shoes = boards()
    for name, board in shoes.items():
        for case, options in cases():
            print(f"{name} {case} {digest(draw_board(board.roads, options))}")
    session = [board.roads for board in Scoreboard.read_shoes(EXAMPLES / "session.jsonl")[:4]]
    for theme in THEMES:
        options = BoardOptions(theme=theme)
        print(f"wall {theme} {digest(draw_wall(session, options))}")
        bead = dataclasses.replace(options, layout="lobby", with_bead_plate=True, lang="zh")
        print(f"wall {theme}/bead/zh {digest(draw_wall(session, bead))}")


if __name__ == "__main__":
    main()
