"""Tables: how a table pays (its rule set, the Tie's payout and its side bets), which coups its
board marks, and what it posts for a practice game (name, commission, limits, seats). Every part
of roads that pays, counts or marks asks a :class:`Table`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roads.lazy import lazy_exports
from roads.tables.bets import Bet
from roads.tables.deal import Deal, NeedsCardsError, Totals
from roads.tables.marks import MARKS, Mark
from roads.tables.posted import TableFile, read_table, table_from_fields
from roads.tables.rule_sets import RULE_SETS, RuleSet
from roads.tables.side_bets import SIDE_BETS
from roads.tables.table import (
    COMMISSIONS,
    STANDARD,
    TIE_PAYS,
    Limit,
    Table,
    TableError,
    make_table,
)

if TYPE_CHECKING:
    from roads.tables.pricing import Price, price, price_table

# Pricing (the exact returns of every bet) is imported when first asked for: it computes its
# tables at import, and a board only asks which coups a table marks.
__getattr__ = lazy_exports(__name__, pricing=("Price", "price", "price_table"))

__all__ = [
    "COMMISSIONS",
    "MARKS",
    "RULE_SETS",
    "SIDE_BETS",
    "STANDARD",
    "TIE_PAYS",
    "Bet",
    "Deal",
    "Limit",
    "Mark",
    "NeedsCardsError",
    "Price",
    "RuleSet",
    "Table",
    "TableError",
    "TableFile",
    "Totals",
    "make_table",
    "price",
    "price_table",
    "read_table",
    "table_from_fields",
]
