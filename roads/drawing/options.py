"""What to draw and how: ``BoardOptions``, every choice a value (an enum) made once from its name,
shared by every command that draws (``roads.cli.look``) and every surface (board, wall,
animation, report, live page)."""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from roads.drawing.themes import Theme, ThemeName, theme_named
from roads.errors import RoadsError, member
from roads.grids.road import Road
from roads.translations.tags import language
from roads.values import frozen


class Layout(StrEnum):
    """How the roads are arranged (``roads.drawing.layouts.BY_LAYOUT`` draws each)."""

    STANDARD = "standard"
    """The derived roads in a row of their own (or one road alone)."""
    CASINO = "casino"
    """As live tables show it: the derived roads under the big road, on its grid."""
    LOBBY = "lobby"
    """A compact thumbnail of the big road."""


class LabelKind(StrEnum):
    """What a bead of the bead plate shows."""

    OUTCOME = "outcome"
    """The outcome's letter: B, P, T (or the language's characters)."""
    TOTAL = "total"
    """The winning total, where the cards are known."""


MAX_COLUMNS = 1000
"""The most columns ``columns`` keeps of each road: wider than any screen or sheet (a board's
size grows with it, so a larger number would only eat the machine)."""

LAYOUTS = tuple(layout.value for layout in Layout)
"""The layouts' names, the default first."""
LABEL_KINDS = tuple(kind.value for kind in LabelKind)
"""The bead-plate label kinds' names, the default first."""


@frozen(kw_only=True)
class BoardOptions:
    """What to draw and how; every field is a keyword. A choice is given as its value or its
    name (``layout=Layout.CASINO`` or ``layout="casino"``) and held as its value (a
    ``StrEnum`` is its name too), made once, here: a name that is none is refused when the
    options are made."""

    road: Road | str | None = None
    """One road alone (``Road.BIG_ROAD``, or its slug ``"big-road"``; held as the ``Road``,
    ``alone``); None: the full board."""
    columns: int | None = None
    """Keep the last ``columns`` columns of each road, as a table display scrolls; None: the
    whole shoe."""
    lang: str = "en"
    """Language of labels and road names: ``"en"``, ``"zh"`` (simplified Chinese) or
    ``"zh-hant"`` (traditional); any BCP 47 tag of them in any case (``"zh-TW"``) is read as
    one of these (``roads.translations.tags``)."""
    theme: str = ThemeName.CASINO
    """Colours: ``casino`` (light), ``dark``, ``print`` (readable in grey-scale) or
    ``accessible`` (for colour-blind readers: Banker, Player, red and blue marks differ in
    shape too)."""
    label: str = LabelKind.OUTCOME
    """Bead-plate labels: ``outcome`` (B, P, T) or ``total`` (the winning total, where the
    cards are known)."""
    title: str | None = None
    """Title drawn at the top (None: "Baccarat scoreboard" in ``lang``)."""
    transparent: bool = False
    """No background: the picture shows through where nothing is drawn."""
    min_columns: tuple[int, ...] = ()
    """The fewest columns to draw of each road, in ``Road`` order (() for the usual minimum):
    an animation passes the whole shoe's, so every frame has the size of the last."""
    max_columns: int | None = None
    """Without ``columns``: the most columns to draw of each road (None: no limit). A road
    that needs more shows only its last ones, as with ``columns``; one that fits is drawn as
    without it. The live board sets it, so that a long shoe costs what a window of it holds."""
    layout: str = Layout.STANDARD
    """How the roads are arranged: ``standard``, ``casino`` (as live tables show it) or
    ``lobby`` (a compact thumbnail of the big road)."""
    with_bead_plate: bool = False
    """Lobby layout only: show the bead plate left of the big road."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "layout", member(Layout, self.layout, "layout", about=("layout",)))
        set_(self, "theme", member(ThemeName, self.theme, "theme"))
        set_(self, "label", member(LabelKind, self.label, "label kind"))
        if self.road is not None:
            try:
                set_(self, "road", Road.parse(self.road))
            except ValueError as error:
                raise RoadsError(str(error)) from None
            if self.layout is not Layout.STANDARD:
                raise RoadsError(
                    f"a road drawn alone has no {self.layout} layout: drop the road, or the layout",
                    about=("road", "layout"),
                )
        if self.with_bead_plate and self.layout is not Layout.LOBBY:
            raise RoadsError(
                "the bead plate is added to the lobby layout only: give layout 'lobby'",
                about=("with_bead_plate", "layout"),
            )
        roads = len(Road)
        if self.min_columns and len(self.min_columns) != roads:
            names = ", ".join(road.slug for road in Road)
            raise RoadsError(f"give min_columns for the {roads} roads {names}")
        if self.columns is not None and not 1 <= self.columns <= MAX_COLUMNS:
            raise RoadsError(
                f"columns must be from 1 to {MAX_COLUMNS}, not {self.columns}", about=("columns",)
            )
        if self.max_columns is not None and self.max_columns < 1:
            raise RoadsError(
                f"max_columns must be at least 1, not {self.max_columns}", about=("max_columns",)
            )
        set_(self, "lang", language(self.lang))
        if self.title is not None and any(
            ord(char) < 32 or 0xFFFE <= ord(char) <= 0xFFFF for char in self.title
        ):
            raise RoadsError("the title holds a control character, which SVG cannot carry")
        if self.title is not None:  # accents as one character each, as the fonts draw them
            set_(self, "title", unicodedata.normalize("NFC", self.title))

    @property
    def alone(self) -> Road | None:
        """The one road drawn alone, as its ``Road`` (None: the full board)."""
        return None if self.road is None else Road.parse(self.road)

    @property
    def palette(self) -> Theme:
        """The colours of ``theme``: where every drawing surface (board, report, charts, live
        page) resolves the theme into the ``Theme`` it passes down."""
        return theme_named(self.theme)


DEFAULT_OPTIONS = BoardOptions()
"""The options of a board drawn without any: the full board, in English, casino colours."""
