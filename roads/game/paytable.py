"""Compatibility: the names of the five bets the practice journal took before tables.

Every payout is a table's (``roads.tables``); a bet is named by a string, which these values
are.
"""

from __future__ import annotations

from enum import StrEnum


class BetOn(StrEnum):
    """The bets older code names: each value is the bet's name at every table."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"
    BANKER_PAIR = "banker_pair"
    PLAYER_PAIR = "player_pair"
