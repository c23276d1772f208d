"""The live server's two views without buttons: the overlay (the board alone, on a transparent
page that scales it to the window, for a stream's browser source) and the wall (every shoe of
the session as numbered lobby thumbnails). Both follow the journal through ``/events``.

Their HTML and script are package data files beside the live page's (``overlay.html``,
``wall.html``, ``view.js`` in ``roads/live``); the one script is allowed by the hash of the
loaded file in the views' Content-Security-Policy.
"""

from __future__ import annotations

import dataclasses
from html import escape
from string import Template

from roads.backends.svg import to_svg
from roads.drawing.board import BoardOptions
from roads.drawing.themes import Theme
from roads.drawing.wall import draw_wall
from roads.grids.placement import Tails
from roads.grids.roads import Roads
from roads.hands.journal import Session
from roads.live.page import content_security_policy, data_file
from roads.translations import LANGUAGES


def view_policy() -> str:
    """The overlay's and the wall's policy: their own script only, talking to this server."""
    return content_security_policy(data_file("view.js"))


def overlay_html(svg: str, *, lang: str, title: str, theme: Theme) -> str:
    """The overlay page showing the board ``svg`` at the window's size, its background hidden
    and the words outside its panels haloed in the ``theme``'s background colour."""
    return Template(data_file("overlay.html")).substitute(
        lang=escape(lang),
        title=escape(title),
        halo=theme.background,
        svg=svg,
        script=data_file("view.js"),
    )


def wall_svg(session: Session, options: BoardOptions, tails: Tails | str = Tails.STRAIGHT) -> str:
    """Every shoe of ``session`` as numbered lobby thumbnails, drawn with ``options`` (their
    theme, language, columns and title) and ``tails``."""
    boards = [
        Roads(session.hands(shoe=number), tails=tails, table=session.table_of(number))
        for number in range(1, len(session.shoes) + 1)
    ]
    plain = dataclasses.replace(options, layout="standard", road=None, with_bead_plate=False)
    return to_svg(draw_wall(boards, plain))


def wall_html(svg: str, options: BoardOptions, journal_name: str) -> str:
    """The wall page showing ``svg``, fetched again whenever the journal changes."""
    labels = LANGUAGES[options.lang]
    heading = options.title or labels.title
    return Template(data_file("wall.html")).substitute(
        lang=escape(options.lang),
        title=escape(f"{heading} · {journal_name}"),
        background=options.palette.background,
        svg=svg,
        script=data_file("view.js"),
    )
