"""Exact odds of the next coup, by enumerating every way the next cards can come out.

Counting follows GAME.md: every ordering of six cards from those left, so a coup that uses four
cards counts once for each ordered pair of unused fifth and sixth cards, and one that uses five
once for each unused sixth card. All counting is in integers; probabilities come last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from roads.errors import ShoeError
from roads.game import rules
from roads.game.cards import DECK

_COMMISSION = Fraction(5, 100)
_TIE_PAYS = 8


def deck_counts(decks: int) -> tuple[int, ...]:
    """How many cards of each value 0-9 there are in ``decks`` full decks."""
    counts = [0] * 10
    for card in DECK:
        counts[card.value] += decks
    return tuple(counts)


@dataclass(frozen=True, slots=True)
class Odds:
    """Integer counts of the ways the next coup can end, out of ``total`` orderings."""

    total: int
    banker: int
    player: int
    tie: int

    @property
    def p_banker(self) -> float:
        return self.banker / self.total

    @property
    def p_player(self) -> float:
        return self.player / self.total

    @property
    def p_tie(self) -> float:
        return self.tie / self.total

    @property
    def banker_edge(self) -> float:
        """House edge of a Banker bet paid 0.95:1 (ties push), as a fraction of the stake."""
        return float((self.player - (1 - _COMMISSION) * self.banker) / self.total)

    @property
    def player_edge(self) -> float:
        """House edge of a Player bet paid 1:1 (ties push)."""
        return (self.banker - self.player) / self.total

    @property
    def tie_edge(self) -> float:
        """House edge of a Tie bet paid 8:1."""
        return (self.total - self.tie - _TIE_PAYS * self.tie) / self.total

    def as_dict(self) -> dict[str, int | float]:
        return {
            "total": self.total,
            "banker": self.banker,
            "player": self.player,
            "tie": self.tie,
            "p_banker": self.p_banker,
            "p_player": self.p_player,
            "p_tie": self.p_tie,
            "banker_edge": self.banker_edge,
            "player_edge": self.player_edge,
            "tie_edge": self.tie_edge,
        }


def odds_for_decks(decks: int) -> Odds:
    """Exact odds of the first coup from ``decks`` full decks."""
    return exact_odds(deck_counts(decks))


def exact_odds(counts: Sequence[int]) -> Odds:
    """Exact odds of the next coup from the cards left, given as ten counts of values 0-9.

    ``counts[0]`` is the number of tens and faces left, ``counts[1]`` the aces, and so on.
    """
    if len(counts) != 10:
        raise ShoeError(f"give ten card counts, for values 0 to 9, not {len(counts)}")
    if any(count < 0 for count in counts):
        raise ShoeError("card counts cannot be negative")
    n = sum(counts)
    if n < 6:
        raise ShoeError(f"a coup may need 6 cards and only {n} are left")
    return _Enumeration(counts).run()


class _Enumeration:
    """Walks every start of four cards (grouping the two orders of a hand's two cards) and
    weighs the third cards it leads to by how many of each value are left."""

    def __init__(self, counts: Sequence[int]) -> None:
        self.left = list(counts)
        self.n = sum(counts)
        # above[shift][p]: how many cards v have (shift + v) % 10 > p.
        self.above = [
            [sum(counts[(final - shift) % 10] for final in range(p + 1, 10)) for p in range(10)]
            for shift in range(10)
        ]
        # Weights of coups that use 4, 5 and 6 cards, by outcome (0 Banker, 1 Player, 2 Tie).
        self.four = [0, 0, 0]
        self.five = [0, 0, 0]
        self.six = [0, 0, 0]

    def run(self) -> Odds:
        left = self.left
        for p1 in range(10):
            w1 = left[p1]
            if not w1:
                continue
            left[p1] -= 1
            for p2 in range(p1, 10):
                w2 = left[p2]
                if not w2:
                    continue
                left[p2] -= 1
                w12 = w1 * w2 * (1 if p1 == p2 else 2)
                for b1 in range(10):
                    w3 = left[b1]
                    if not w3:
                        continue
                    left[b1] -= 1
                    for b2 in range(b1, 10):
                        w4 = left[b2]
                        if not w4:
                            continue
                        left[b2] -= 1
                        weight = w12 * w3 * w4 * (1 if b1 == b2 else 2)
                        self._after_four(weight, (p1, p2, b1, b2))
                        left[b2] += 1
                    left[b1] += 1
                left[p2] += 1
            left[p1] += 1
        n = self.n

        def ways(outcome: int) -> int:
            return (
                self.four[outcome] * (n - 4) * (n - 5)
                + self.five[outcome] * (n - 5)
                + self.six[outcome]
            )

        total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        return Odds(total=total, banker=ways(0), player=ways(1), tie=ways(2))

    def _after_four(self, weight: int, drawn: tuple[int, int, int, int]) -> None:
        """Add the weight of one four-card start to the outcomes it leads to."""
        p1, p2, b1, b2 = drawn
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
            self.four[_compare(player, banker)] += weight
        elif player >= 6:
            # The Player stands and the Banker draws once.
            self._banker_draws(self.five, weight, (player, banker), drawn, self.n - 4)
        else:
            left, draws = self.left, rules.BANKER_DRAWS[banker]
            for third in range(10):
                if not left[third]:
                    continue
                w5 = weight * left[third]
                final = (player + third) % 10
                if draws[third]:
                    left[third] -= 1
                    self._banker_draws(self.six, w5, (final, banker), (*drawn, third), self.n - 5)
                    left[third] += 1
                else:
                    self.five[_compare(final, banker)] += w5

    def _banker_draws(
        self,
        into: list[int],
        weight: int,
        totals: tuple[int, int],
        drawn: Sequence[int],
        rest: int,
    ) -> None:
        """Spread ``weight`` over the Banker's third card, ``rest`` cards left to draw from.

        ``totals`` are the Player's final total and the Banker's two-card total.
        """
        player, banker = totals
        tie = self.left[(player - banker) % 10]
        above = self.above[banker][player] - sum(1 for v in drawn if (banker + v) % 10 > player)
        into[0] += weight * above
        into[2] += weight * tie
        into[1] += weight * (rest - above - tie)


def _compare(player: int, banker: int) -> int:
    if banker > player:
        return 0
    if player > banker:
        return 1
    return 2
