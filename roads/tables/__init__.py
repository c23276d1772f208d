"""Tables: how a table pays (its rule set, the Tie's payout and its side bets), which coups its
board marks, and what it posts for a practice game (name, commission, limits, seats). Every part
of roads that pays, counts or marks asks a :class:`Table`."""

from __future__ import annotations

from roads.lazy import attach

# Every name is listed once, in __init__.pyi, and its module imported when it is first read:
# pricing (the exact returns of every bet) computes its tables at import, and a board only asks
# which coups a table marks.
__getattr__, __dir__, __all__ = attach(__name__, __file__)
