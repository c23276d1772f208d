"""The report's section of a practice session's statement (a journal with seats): a row per
player's time at a seat, the house's net, and the check that every net adds up to 0."""

from __future__ import annotations

from html import escape

from roads.hands.statement import Statement
from roads.hands.statement_files import COLUMNS, statement_title
from roads.story.report_sections import part
from roads.tables.money import money
from roads.translations.statement import STATEMENT_WORDS


def seats_section(statement: Statement | None, lang: str) -> str:
    """The section, in ``lang``; "" without a statement, or when nobody sat at the table."""
    if statement is None or not statement.lines:
        return ""
    words = STATEMENT_WORDS[lang]
    names = (*COLUMNS[1:], "net", "balance")
    heads = "".join(part("seat-head", text=escape(getattr(words, name))) for name in COLUMNS)
    heads += "".join(part("seat-head", text=escape(getattr(words, n))) for n in ("net", "balance"))
    rows = []
    for line in statement.lines:
        amounts = line.amounts()
        cells = [escape(line.name or words.no_name)]
        cells += [money(amounts[name]) for name in names[1:] if name not in ("net", "balance")]
        cells += [money(line.net, sign=True), money(line.balance)]
        rows.append(
            part(
                "seat-row",
                seat=str(line.seat),
                cells="".join(part("seat-cell", text=cell) for cell in cells),
            )
        )
    house = [""] * (len(COLUMNS) - 1) + [money(statement.house, sign=True), ""]
    return part(
        "seats",
        heading=escape(words.heading),
        title=escape(statement_title(statement, lang)),
        heads=heads,
        rows="".join(rows),
        house=escape(words.house),
        house_cells="".join(part("seat-cell", text=cell) for cell in house),
        reconciled=escape(
            words.reconciled.format(
                seats=money(-statement.house, sign=True), house=money(statement.house, sign=True)
            )
        ),
        play_money=escape(words.play_money),
    )
