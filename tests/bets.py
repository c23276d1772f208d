"""The bets docs/rules/tables.md lists, by name, in its order: the main bets, then the side bets
every table offers unless it names its own."""

from __future__ import annotations

MAIN_BETS = ("banker", "player", "tie")
SIDE_BETS = (
    "player_pair",
    "banker_pair",
    "either_pair",
    "dragon_7",
    "panda_8",
    "super_6",
    "lucky_6",
    "dragon_bonus_player",
    "dragon_bonus_banker",
)
EVERY_BET = (*MAIN_BETS, *SIDE_BETS)
