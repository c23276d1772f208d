"""Printed score cards as Scenes, one a page: blank ones to mark by hand, as casinos hand out,
and filled ones, a shoe's marks printed on its card.

A card is its title (and the table's name and posted rules, where given), the lines to fill in
(date, table, shoe) or a filled card's number and counts, the bead plate with a legend of how
to mark beside it, the big road (and the derived roads' grids with ``derived``), and the notice:
past results do not predict the next hand. Its measures come from ``roads.drawing.card_layout``;
its marks are the board's (``roads.drawing.marks``). A page is a Scene the paper's size in board
units, so a PDF written with a page that fits it is exactly the paper.

What the table posts, and a session's statement, are plain values here (``CardTable``, lines of
``statement``): whoever reads a table file or settles a session words them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from roads.drawing.card_layout import (
    BAND_GAP,
    BEAD_COLUMNS,
    CARD_GAP,
    FOOTER,
    GUTTER,
    HEADER,
    LEAST_FILLED_CELL,
    NOTES_LEAST,
    ROAD_COLUMNS,
    SUBHEADER,
    CardLayout,
    fit_card,
)
from roads.drawing.card_posts import CardTable
from roads.drawing.fonts import metrics
from roads.drawing.marks import MarkPainter
from roads.drawing.options import BoardOptions
from roads.drawing.paper import SIZES, Paper, mm_to_units
from roads.drawing.scene import Grid, Rect, Scene, Shape, Text
from roads.drawing.themes import Theme
from roads.drawing.titles import NO_LINE_END, NO_LINE_START
from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.cells import BeadCell, BigRoadCell, Cell, Colour
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED, Road
from roads.grids.roads import Roads
from roads.hands.statement_files import StatementTable
from roads.translations import LANGUAGES, Labels
from roads.translations.card import CARD_WORDS, CardWords
from roads.translations.statement import STATEMENT_WORDS
from roads.translations.tags import language
from roads.values import frozen

PAPER_WHITE = "#ffffff"
TITLE_SIZE = 5.0
"""The title's size, in millimetres (about 14 points)."""
TEXT_SIZE = 3.0
LABEL_SIZE = 3.0
LEGEND_SIZES = (3.2, 3.0, 2.8, 2.6, 2.4, 2.2, 2.0)
"""The legend's text sizes, largest first: the first whose lines fit beside the bead plate."""
LEGEND_TWO_COLUMNS = 150.0
"""The least width of a legend set in two columns, in millimetres."""
LEGEND_GAP = 5.0
FILL_IN = 28.0
"""The length of a line to write on (date, table), in millimetres."""
FRAME = 0.35
GRID = 0.18


def u(length: float) -> float:
    """``length`` millimetres in board units."""
    return mm_to_units(length)


@frozen(kw_only=True)
class CardOptions:
    """How cards are printed; every field is a keyword, checked when made."""

    lang: str = "en"
    """The card's words: ``"en"``, ``"zh"`` or ``"zh-hant"`` (any tag of them, as a board's)."""
    theme: str = "casino"
    """The marks' and the text's colours (``roads.drawing.themes``); the paper stays white."""
    per_page: int = 1
    """Cards a page holds, one under the other."""
    derived: bool = False
    """Print the derived roads' grids (Big Eye Boy, Small Road, Cockroach Pig) too."""
    table: CardTable | None = None
    """What the table posts, printed on every card (None: nothing)."""

    @property
    def palette(self) -> Theme:
        """The colours of ``theme``, resolved as a board's are (``BoardOptions.palette``)."""
        return BoardOptions(lang=self.lang, theme=self.theme).palette

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", language(self.lang))
        self.palette  # noqa: B018 (the theme checked, as a board's is)
        if not 1 <= self.per_page <= 6:
            raise RoadsError(f"a page holds 1 to 6 cards, not {self.per_page}", about=("per_page",))


DEFAULT_CARD = CardOptions()
"""The options of cards printed without any: one card a page, in English, casino colours."""


@frozen
class FilledShoe:
    """A shoe to print on its card: its roads, its number and how many shoes the session has."""

    roads: Roads
    number: int
    total: int


def blank_page(paper: Paper, options: CardOptions = DEFAULT_CARD) -> Scene:
    """A page of blank cards (``options.per_page`` of them), cells at least 5 mm.

    Parameters:
        paper: A4 or Letter, and its margins.
        options: the cards' language, colours, count and grids.

    Raises:
        RoadsError: the cards do not fit on the paper with cells of 5 mm.
    """
    layout = fit_card(
        paper,
        per_page=options.per_page,
        derived=options.derived,
        subheader=len(_posted_lines(options, first=None, width=_narrowest(paper))),
    )
    card = _Card(layout, options)
    for index in range(options.per_page):
        card.blank(card.top(index))
    return card.scene()


def filled_pages(
    shoes: Sequence[FilledShoe],
    paper: Paper,
    options: CardOptions = DEFAULT_CARD,
    *,
    statement: StatementTable | None = None,
) -> list[Scene]:
    """The pages of ``shoes``, a card each (``options.per_page`` a page), then the statement.

    Parameters:
        shoes: the shoes, in order.
        paper: A4 or Letter, and its margins.
        options: the cards' language, colours, count and grids.
        statement: a session's statement, laid out for people in the cards' language
            (``roads.hands.statement_files.statement_table``), printed as a table on a last page
            of its own (None: no such page).

    Raises:
        RoadsError: a shoe needs more columns than the paper holds at 3 mm a cell.
    """
    bead = max([BEAD_COLUMNS, *(_columns(shoe.roads.bead_plate) for shoe in shoes)])
    road = max([ROAD_COLUMNS, *(_road_columns(shoe.roads, options.derived) for shoe in shoes)])
    layout = fit_card(
        paper,
        per_page=options.per_page,
        derived=options.derived,
        subheader=len(_posted_lines(options, first="", width=_narrowest(paper))),
        bead_columns=bead,
        road_columns=road,
        least_cell=LEAST_FILLED_CELL if (bead, road) != (BEAD_COLUMNS, ROAD_COLUMNS) else 5.0,
    )
    pages = []
    for first in range(0, len(shoes), options.per_page):
        card = _Card(layout, options)
        for index, shoe in enumerate(shoes[first : first + options.per_page]):
            card.filled(card.top(index), shoe)
        pages.append(card.scene())
    if statement is not None:
        card = _Card(layout, options)
        card.statement(statement)
        pages.append(card.scene())
    return pages


def _posted_lines(options: CardOptions, *, first: str | None, width: float) -> list[str]:
    """The lines under a card's title: ``first`` (a filled card's counts; None: none), then
    what the table posts, run together and broken to ``width`` millimetres."""
    lines = [] if first is None else [first]
    table = options.table
    if table is not None and table.rules:
        lines += _wrap(" · ".join(table.rules), width, TEXT_SIZE, metrics().width)
    return lines


def _narrowest(paper: Paper) -> float:
    """The narrower side of ``paper`` inside its margins: lines broken to it hold whichever
    way the paper is turned."""
    return min(SIZES[paper.size]) - 2 * paper.margin_mm


def _columns(cells: Sequence[Cell]) -> int:
    return max((cell.col for cell in cells), default=-1) + 1


def _road_columns(roads: Roads, derived: bool) -> int:
    roads_counted = [Road.BIG_ROAD, *(DERIVED if derived else ())]
    counted: list[Sequence[Cell]] = [getattr(roads, road.attribute) for road in roads_counted]
    return max(_columns(cells) for cells in counted)


class _Card:
    """A page being drawn: its shapes, in millimetres turned to board units as they are made."""

    def __init__(self, layout: CardLayout, options: CardOptions) -> None:
        self.layout = layout
        self.options = options
        self.theme: Theme = options.palette
        self.labels: Labels = LANGUAGES[options.lang]
        self.words: CardWords = CARD_WORDS[options.lang]
        self.shapes: list[Shape] = []
        self.marks = MarkPainter(Roads(), theme=self.theme, labels=self.labels, label="outcome")

    def scene(self) -> Scene:
        layout = self.layout
        return Scene(
            width=u(layout.page_width),
            height=u(layout.page_height),
            background=PAPER_WHITE,
            shapes=tuple(self.shapes),
            title=self.words.title,
            description=self.words.title,
            language=self.options.lang,
        )

    def top(self, index: int) -> float:
        """The top of card ``index`` of the page, in millimetres."""
        layout = self.layout
        return layout.margin + index * (layout.card_height + CARD_GAP)

    # -- text ----------------------------------------------------------------------------------

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        fill: str | None = None,
        anchor: str = "start",
    ) -> None:
        """``text`` on the baseline ``y`` (millimetres), ``x`` its start, middle or end."""
        self.shapes.append(
            Text(
                u(x), u(y), text, u(size), fill or self.theme.text, anchor=anchor, classes=("card",)
            )
        )

    def width(self, text: str, size: float) -> float:
        """How wide ``text`` is at ``size``, in millimetres."""
        return metrics().width(text, size)

    # -- the parts of a card -------------------------------------------------------------------

    def header(self, top: float, right: str | None = None) -> float:
        """The title (and the table's name), with ``right`` (or the lines to fill in) at the
        right; the y under it."""
        layout, words = self.layout, self.words
        left, end = layout.margin, layout.margin + layout.card_width
        baseline = top + TITLE_SIZE + 0.5
        title = words.title
        table = self.options.table
        if table is not None and table.name:
            title = f"{title} · {table.name}"
        self.text(left, baseline, title, TITLE_SIZE)
        if right is not None:
            self.text(end, baseline, right, TEXT_SIZE + 0.5, anchor="end")
        else:
            x = end
            for word in (words.shoe, words.table, words.date):
                line = FILL_IN if word != words.shoe else FILL_IN / 2
                self.rule(x - line, baseline + 0.6, x)
                x -= line + 1.5
                self.text(x, baseline, word, TEXT_SIZE + 0.5, anchor="end")
                x -= self.width(word, TEXT_SIZE + 0.5) + 5
        y = top + HEADER
        self.rule(left, y - 2.0, end, colour=self.theme.frame, weight=0.25)
        return y

    def subheader(self, y: float, line: str) -> float:
        self.text(self.layout.margin, y + TEXT_SIZE, line, TEXT_SIZE, fill=self.theme.muted)
        return y + SUBHEADER

    def rule(
        self, x1: float, y: float, x2: float, *, colour: str | None = None, weight: float = 0.3
    ) -> None:
        """A line to write on (or a separator), ``weight`` millimetres thick."""
        self.shapes.append(
            Rect(u(x1), u(y - weight / 2), u(x2 - x1), u(weight), fill=colour or self.theme.muted)
        )

    def grid(self, road: Road, x: float, y: float, columns: int) -> None:
        """An empty grid of ``road``, six cells tall, its name in the gutter on its left."""
        cell = self.layout.cell
        theme = self.theme
        name: str = getattr(self.labels, road.label_key)
        lines = _wrap(name, GUTTER - 2.0, LABEL_SIZE, self.width)
        for index, line in enumerate(lines):
            self.text(
                x - GUTTER, y + LABEL_SIZE + 0.3 + index * (LABEL_SIZE + 0.8), line, LABEL_SIZE
            )
        self.shapes.append(
            Rect(
                u(x),
                u(y),
                u(columns * cell),
                u(ROWS * cell),
                fill=PAPER_WHITE,
                classes=(road.slug, "panel"),
            )
        )
        self.shapes.append(
            Grid(
                u(x),
                u(y),
                columns,
                ROWS,
                u(cell),
                u(cell),
                theme.frame,
                u(GRID),
                classes=(road.slug, "grid"),
            )
        )
        self.shapes.append(
            Rect(
                u(x),
                u(y),
                u(columns * cell),
                u(ROWS * cell),
                stroke=theme.text,
                stroke_width=u(FRAME),
                classes=(road.slug, "frame"),
            )
        )

    def roads(self, y: float, roads: Roads | None) -> float:
        """The grids (and, on a filled card, their marks) from ``y``; the y under them."""
        layout = self.layout
        x = layout.margin + GUTTER
        cell = layout.cell
        order = [Road.BEAD_PLATE, Road.BIG_ROAD, *(DERIVED if layout.bands == 5 else ())]
        for road in order:
            columns = layout.bead_columns if road is Road.BEAD_PLATE else layout.road_columns
            self.grid(road, x, y, columns)
            if road is Road.BEAD_PLATE:
                self.legend(x + columns * cell + 5.0, y, ROWS * cell)
            if roads is not None:
                cells: tuple[Cell, ...] = getattr(roads, road.attribute)
                for mark in cells:
                    self.shapes.extend(
                        self.marks.cell_shapes(
                            road.slug, mark, u(x + mark.col * cell), u(y + mark.row * cell), u(cell)
                        )
                    )
            y += ROWS * cell + BAND_GAP
        return y - BAND_GAP

    def legend(self, x: float, y: float, height: float) -> None:
        """How to mark, each with its sample marks, in the room right of the bead plate: in two
        columns where it is wide enough, in the largest text that fits."""
        words, layout = self.words, self.layout
        width = layout.margin + layout.card_width - x
        rows = [
            (self._bead_samples, words.bead_plate),
            (self._ring_samples, words.big_road),
            (self._tie_sample, words.tie),
            (self._pair_sample, words.pairs),
            (self._natural_sample, words.natural),
        ]
        if layout.bands == 5:
            rows.append((self._derived_samples, words.derived))
        heading = TEXT_SIZE + 0.5
        room = height - heading - 1.5
        sample = min(layout.cell, 4.5)
        columns = 2 if width >= LEGEND_TWO_COLUMNS else 1
        per_column = -(-len(rows) // columns)
        column_width = (width - (columns - 1) * LEGEND_GAP) / columns
        samples_width = 3 * sample + 1.5
        for size in LEGEND_SIZES:
            step = size + 0.8
            wrapped = [
                _wrap(text, column_width - samples_width, size, self.width) for _, text in rows
            ]
            talls = [max(len(lines) * step, sample) + 0.9 for lines in wrapped]
            needed = max(
                sum(talls[start : start + per_column]) for start in range(0, len(rows), per_column)
            )
            if needed <= room:
                break
        self.text(x, y + heading - 0.5, words.how_to_mark, heading)
        for index, ((draw, _), lines) in enumerate(zip(rows, wrapped, strict=True)):
            column = index // per_column
            left = x + column * (column_width + LEGEND_GAP)
            top = y + heading + 1.5 + sum(talls[column * per_column : index])
            tall = talls[index] - 0.9
            draw(left, top + (tall - sample) / 2, sample)
            first = top + (tall - len(lines) * step) / 2 + step - 0.8
            for number, line in enumerate(lines):
                self.text(left + samples_width, first + number * step, line, size)

    def sample(self, shapes: Sequence[Shape]) -> None:
        """Draw a legend's sample marks, classed as the legend's (not a shoe's marks)."""
        self.shapes.extend(
            replace(shape, classes=("legend", *shape.classes[1:])) for shape in shapes
        )

    def _bead_samples(self, x: float, y: float, size: float) -> None:
        for index, outcome in enumerate((Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)):
            self.sample(self.marks.bead(outcome, 0, u(x + index * size), u(y), u(size)))

    def _ring_samples(self, x: float, y: float, size: float) -> None:
        for index, outcome in enumerate((Outcome.BANKER, Outcome.PLAYER)):
            self.sample(self.marks.ring(outcome, 0, u(x + index * size), u(y), u(size)))

    def _tie_sample(self, x: float, y: float, size: float) -> None:
        self.sample(self.marks.ring(Outcome.BANKER, 1, u(x), u(y), u(size)))

    def _pair_sample(self, x: float, y: float, size: float) -> None:
        cell = BigRoadCell(0, 0, 0, 0, Outcome.BANKER, 0, (0,), True, True, False)
        self.sample(self.marks.cell_shapes(Road.BIG_ROAD.slug, cell, u(x), u(y), u(size)))

    def _natural_sample(self, x: float, y: float, size: float) -> None:
        cell = BeadCell(0, 0, 0, Outcome.PLAYER, False, False, True)
        self.sample(self.marks.cell_shapes(Road.BEAD_PLATE.slug, cell, u(x), u(y), u(size)))

    def _derived_samples(self, x: float, y: float, size: float) -> None:
        for index, road in enumerate(DERIVED):
            for colour, dy in ((Colour.RED, 0.0), (Colour.BLUE, size / 2)):
                self.sample(
                    self.marks.derived(
                        road.slug, colour, u(x + index * size), u(y + dy), size=u(size / 2)
                    )
                )

    def footer(self, top: float, counts: str | None) -> None:
        """The notice, at the foot of the card that starts at ``top``; ``counts``, a blank
        card's tally line to fill in, at its left."""
        layout = self.layout
        bottom = top + layout.card_height
        y = bottom - FOOTER + 2.0
        left, width = layout.margin, layout.card_width
        theme = self.theme
        self.shapes.append(
            Rect(
                u(left),
                u(y),
                u(width),
                u(FOOTER - 2.0),
                fill=theme.notice_fill,
                radius=u(1.2),
                classes=("notice-band",),
            )
        )
        notice = "  ".join(self.labels.notice)
        baseline = y + (FOOTER - 2.0) / 2 + TEXT_SIZE * 0.36
        self.text(
            left + width - 3.0, baseline, notice, TEXT_SIZE, fill=theme.notice_text, anchor="end"
        )
        if counts is not None:
            self.text(left + 3.0, baseline, counts, TEXT_SIZE, fill=theme.notice_text)

    def notes(self, y: float, top: float) -> None:
        """Ruled lines for notes from ``y`` to the notice of the card that starts at ``top``."""
        layout = self.layout
        bottom = top + layout.card_height - FOOTER - 1.0
        if bottom - y < NOTES_LEAST:
            return
        left, right = layout.margin + GUTTER, layout.margin + layout.card_width
        self.text(layout.margin, y + 4.0 + LABEL_SIZE, self.words.notes, LABEL_SIZE)
        line = y + 8.0
        while line <= bottom:
            self.rule(left, line, right, colour=self.theme.grid, weight=0.25)
            line += 8.0

    # -- whole cards ---------------------------------------------------------------------------

    def posted(self, y: float, first: str | None) -> float:
        """The lines under the title (``first``, then what the table posts) from ``y``; the y
        under them."""
        for line in _posted_lines(self.options, first=first, width=self.layout.card_width):
            y = self.subheader(y, line)
        return y

    def blank(self, top: float) -> None:
        """A blank card from ``top``."""
        y = self.posted(self.header(top), None)
        y = self.roads(y, None)
        self.notes(y + 2.0, top)
        blank = "_____"
        self.footer(top, self.words.counts.format(banker=blank, player=blank, tie=blank))

    def filled(self, top: float, shoe: FilledShoe) -> None:
        """The card of ``shoe`` from ``top``: its number, its counts and its marks."""
        words, labels = self.words, self.labels
        stats = shoe.roads.stats
        y = self.header(top, words.shoe_of.format(n=shoe.number, total=shoe.total))
        counts = [
            words.coups.format(n=stats.hands),
            f"{labels.banker_name} {stats.banker}",
            f"{labels.player_name} {stats.player}",
            f"{labels.tie_name} {stats.tie}",
            f"{labels.banker_pairs} {stats.banker_pair}",
            f"{labels.player_pairs} {stats.player_pair}",
        ]
        y = self.posted(y, " · ".join(counts))
        y = self.roads(y, shoe.roads)
        self.notes(y + 2.0, top)
        self.footer(top, None)

    def statement(self, table: StatementTable) -> None:
        """A page of a session's statement: its title, a table of its seats and the house (the
        name to the left, the figures to the right of their columns), the lines under it."""
        layout = self.layout
        top = self.top(0)
        left, width = layout.margin, layout.card_width
        y = self.header(top, self.words.statement)
        for line in _wrap(table.title, width, TEXT_SIZE + 0.5, self.width):
            y += TEXT_SIZE + 2.5
            self.text(left, y, line, TEXT_SIZE + 0.5)
        y += 4.0
        rows = [table.heads, *table.rows]
        size = TEXT_SIZE + 0.5
        gap = 4.0
        widths = [max(self.width(row[i], size) for row in rows) for i in range(len(table.heads))]
        wanted = sum(widths) + gap * (len(widths) - 1)
        if wanted > width:  # a long name or many digits: the table shrinks to the card
            size *= width / wanted
            widths = [column * width / wanted for column in widths]
            gap *= width / wanted
        for index, row in enumerate(rows):
            y += size + 2.5
            if index in (1, len(rows) - 1) and table.rows:  # under the heads, above the house
                self.rule(left, y - size - 1.2, left + width, colour=self.theme.grid, weight=0.2)
            x = left
            for column, (cell, cell_width) in enumerate(zip(row, widths, strict=True)):
                fill = self.theme.muted if index == 0 else None
                if column <= 1:  # the seat (or the house) and the name read from the left
                    self.text(x, y, cell, size, fill=fill)
                else:
                    self.text(x + cell_width, y, cell, size, fill=fill, anchor="end")
                x += cell_width + gap
        if not table.rows:
            y += size + 2.5
            self.text(left, y, STATEMENT_WORDS[self.options.lang].no_seats, size)
        y += 4.0
        for line in table.closing:
            for part in _wrap(line, width, TEXT_SIZE, self.width):
                y += TEXT_SIZE + 2.0
                self.text(left, y, part, TEXT_SIZE, fill=self.theme.muted)
        last = layout.page_height - layout.margin - layout.card_height
        self.footer(last, None)


def _wrap(
    text: str, width: float, size: float, measure: Callable[[str, float], float]
) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` (``measure`` tells how
    wide a text is): at spaces, or between any two characters where the text has none
    (Chinese)."""
    lines: list[str] = []
    current = ""
    joiner = " " if " " in text else ""
    tokens = text.split(" ") if joiner else []
    for char in "" if joiner else text:
        if tokens and (char in NO_LINE_START or tokens[-1][-1] in NO_LINE_END):
            tokens[-1] += char  # a line starts with no closing mark, ends with no opening one
        else:
            tokens.append(char)
    for token in tokens:
        candidate = f"{current}{joiner}{token}" if current else token
        if measure(candidate, size) <= width or not current:
            current = candidate
        else:
            lines.append(current)
            current = token
    if current:
        lines.append(current)
    return lines
