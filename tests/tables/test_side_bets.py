"""The side bets (``roads.tables.side_bets``): what a 1-unit stake on each nets, read off
TABLES.md's table of side bets, coup by coup."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bets import SIDE_BETS as NAMES

from roads.game.coup import Coup
from roads.tables.deal import Deal
from roads.tables.side_bets import SIDE_BETS

COUPS = {
    "pairs, Player natural 8": "4h 4d / Kc Ks",
    "Banker two-card 6": "Kh 2d 3c / 4s 2h",
    "Banker three-card 7": "2h 3d 5c / 4c Ks 3s",
    "Player three-card 8": "Ah 2d 5c / Kc Qs 4h",
    "natural tie": "8h Kd / 8c Qs",
    "Banker 9 to 0, no natural": "Kh Qd Jc / Ks 2h 7d",
}
EXPECTED = {  # bet -> net result on each coup above, in order
    "player_pair": [11, -1, -1, -1, -1, -1],
    "banker_pair": [11, -1, -1, -1, -1, -1],
    "either_pair": [5, -1, -1, -1, -1, -1],
    "dragon_7": [-1, -1, 40, -1, -1, -1],
    "panda_8": [-1, -1, -1, 25, -1, -1],
    "super_6": [-1, 12, -1, -1, -1, -1],
    "lucky_6": [-1, 12, -1, -1, -1, -1],
    "dragon_bonus_player": [1, -1, -1, 1, 0, -1],
    "dragon_bonus_banker": [-1, -1, 6, -1, 0, 30],
}


def test_every_side_bet_of_tables_md_is_registered() -> None:
    assert SIDE_BETS.names() == NAMES == tuple(EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_each_side_bet_nets_what_tables_md_pays(name: str) -> None:
    bet = SIDE_BETS.find(name)()
    found = [bet.settle(Deal.of_coup(Coup.parse(coup))) for coup in COUPS.values()]
    assert found == [Fraction(n) for n in EXPECTED[name]]
