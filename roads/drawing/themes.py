"""Colour themes. Banker red, Player blue, Tie green in every one (docs/rules/roads.md);
``print`` keeps red and blue far apart in lightness so they stay distinct on a grey-scale
printer; ``accessible`` takes colours that stay apart for red-green colour blindness and tells
Banker from Player, and red from blue, by shape as well (see ``Theme.shapes``)."""

from __future__ import annotations

from enum import StrEnum

from roads.errors import member
from roads.values import frozen


class ThemeName(StrEnum):
    """A theme, by the name ``--theme`` takes (``THEMES`` holds its colours)."""

    CASINO = "casino"
    DARK = "dark"
    PRINT = "print"
    ACCESSIBLE = "accessible"


@frozen
class Theme:
    """The colours of a board (``THEMES``), and whether its marks differ in shape too."""

    background: str
    panel: str
    grid: str
    frame: str
    text: str
    muted: str
    banker: str
    player: str
    tie: str
    natural: str
    on_mark: str
    """Text drawn on a solid disc."""
    halo: str
    """Outline that separates small dots and numbers from what lies under them."""
    notice_fill: str
    notice_text: str
    shapes: bool = False
    """Whether marks differ in shape as well as colour: a Player ring and a blue Big Eye Boy
    ring hold a dot, a blue Small Road dot has a hole, a blue Cockroach Pig slash leans the
    other way, and the natural mark is a square, not a dot."""
    on_banker: str | None = None
    """Text drawn on a Banker disc where ``on_mark`` would not stand out on it (None:
    ``on_mark``): a light disc takes dark letters."""
    on_player: str | None = None
    """Text drawn on a Player disc, likewise."""
    on_tie: str | None = None
    """Text drawn on a Tie disc, likewise."""


CASINO = Theme(
    background="#f4f1ea",
    panel="#ffffff",
    grid="#d5dbe3",
    frame="#aeb8c4",
    text="#1d2733",
    muted="#5b6776",
    banker="#d0212b",
    player="#1f5fbf",
    tie="#1c8339",
    natural="#e0a100",
    on_mark="#ffffff",
    halo="#ffffff",
    notice_fill="#fff4d6",
    notice_text="#4a3900",
)

DARK = Theme(
    background="#0d141c",
    panel="#141e29",
    grid="#2a3848",
    frame="#3d5064",
    text="#e8eef5",
    muted="#9fb0c2",
    banker="#ff5c63",
    player="#4d9dff",
    tie="#3ed07a",
    natural="#ffc83d",
    on_mark="#0d141c",
    halo="#141e29",
    notice_fill="#2b2410",
    notice_text="#ffe39a",
)

PRINT = Theme(
    background="#ffffff",
    panel="#ffffff",
    grid="#bdbdbd",
    frame="#7a7a7a",
    text="#000000",
    muted="#333333",
    banker="#8c0a10",
    player="#7fb2e5",
    tie="#2f7a3a",
    natural="#000000",
    on_mark="#ffffff",
    halo="#ffffff",
    notice_fill="#eeeeee",
    notice_text="#000000",
    on_player="#000000",
)

ACCESSIBLE = Theme(
    # Okabe and Ito's colours for colour-blind readers: vermilion, blue, bluish green, orange;
    # black letters on the vermilion and the green, on which white would not read (WCAG AA).
    background="#f4f1ea",
    panel="#ffffff",
    grid="#d5dbe3",
    frame="#9aa6b4",
    text="#1d2733",
    muted="#4f5b69",
    banker="#d55e00",
    player="#0072b2",
    tie="#009e73",
    natural="#e69f00",
    on_mark="#ffffff",
    halo="#ffffff",
    notice_fill="#fff4d6",
    notice_text="#4a3900",
    shapes=True,
    on_banker="#000000",
    on_tie="#000000",
)

THEMES = {
    ThemeName.CASINO: CASINO,
    ThemeName.DARK: DARK,
    ThemeName.PRINT: PRINT,
    ThemeName.ACCESSIBLE: ACCESSIBLE,
}


def theme_named(name: str) -> Theme:
    """The colours of the theme called ``name``; RoadsError naming the themes there are."""
    return THEMES[member(ThemeName, name, "theme")]
