"""Compatibility: the names of the five bets older code used. What each bet pays is the
table's (``roads.tables``)."""

from __future__ import annotations

from enum import StrEnum


class BetOn(StrEnum):
    """The bets older code names: each value is the bet's name at every table."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"
    BANKER_PAIR = "banker_pair"
    PLAYER_PAIR = "player_pair"
