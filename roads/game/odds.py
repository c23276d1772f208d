"""Exact odds of the next coup, by enumerating every way the next cards can come out: the
reference of the ``odds`` concept (``roads.engines``), and its types.

Counting follows docs/rules/game.md: every ordering of six cards from those left, so a coup
that uses four cards counts once for each ordered pair of unused fifth and sixth cards, and one
that uses five once for each unused sixth card. All counting is in integers; probabilities come
last. The fast engine (``roads.fast.odds``) gives the same integers; ``exact_odds`` and its
siblings take ``engine=`` and ask ``roads.engines`` which engine counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import Protocol, cast

from roads import engines
from roads.errors import ShoeError
from roads.game import rules
from roads.game.cards import DECK
from roads.values import frozen


def deck_counts(decks: int) -> tuple[int, ...]:
    """How many cards of each value 0-9 there are in ``decks`` full decks."""
    counts = [0] * 10
    for card in DECK:
        counts[card.value] += decks
    return tuple(counts)


@frozen
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

    def as_dict(self) -> dict[str, int | float]:
        """The counts and the probabilities, by name (a table prices its bets from them: the
        house edges are the table's to say)."""
        return {
            "total": self.total,
            "banker": self.banker,
            "player": self.player,
            "tie": self.tie,
            "p_banker": self.p_banker,
            "p_player": self.p_player,
            "p_tie": self.p_tie,
        }


class OddsEngine(Protocol):
    """What an engine does for the exact odds (``roads.engines``, concept ``odds``): the same
    integers as this module's enumeration, for counts already checked."""

    def exact_odds(self, counts: Sequence[int]) -> Odds:
        """The odds of the next coup from ten counts of values 0-9."""
        ...

    def exact_odds_many(self, shoes: Sequence[Sequence[int]]) -> list[Odds]:
        """The odds from each of ``shoes``."""
        ...

    def exact_distributions(self, shoes: Sequence[Sequence[int]]) -> list[Distribution]:
        """The distribution (``exact_distribution``) from each of ``shoes``, without pairs."""
        ...


def odds_engine(name: str) -> OddsEngine:
    """The odds of engine ``name`` (``roads.engines.choose`` gives one)."""
    return cast(OddsEngine, engines.implementation("odds", name))


def odds_for_decks(decks: int, *, engine: str | None = None) -> Odds:
    """Exact odds of the first coup from ``decks`` full decks, counted by ``engine`` as in
    ``exact_odds``."""
    return exact_odds(deck_counts(decks), engine=engine)


def exact_odds(counts: Sequence[int], *, engine: str | None = None) -> Odds:
    """Exact odds of the next coup from the cards left, ``counts``: ten counts of values 0-9,
    the tens and faces first, then the aces, the twos, and so on.

    ``engine`` names the engine as ``--engine`` does on the command line (``roads.engines``):
    ``"python"`` walks the four-card starts, ``"numpy"`` sums a fixed table of the orderings
    grouped by the values their cards show; None lets the ``ROADS_ENGINE`` variable choose,
    else python (one count does not pay for importing numpy).
    Both give the same integers. A ShoeError names counts that are not ten, are negative or
    hold fewer than six cards; a RoadsError an unknown engine.
    """
    check_counts(counts)
    return odds_engine(engines.choose(engine, pays=False)).exact_odds(counts)


MANY_PAY_FROM = 30
"""Shoes counted together from which the fast engine wins back its import (about 70 ms: the
reference takes about 5 ms a shoe)."""


def exact_odds_many(shoes: Sequence[Sequence[int]], *, engine: str | None = None) -> list[Odds]:
    """Exact odds of the next coup from each of ``shoes`` (ten counts of values 0-9 each), for
    the cards left after every coup of a shoe, say: the same integers as ``exact_odds``.

    Parameters:
        shoes: the cards left, each as ``exact_odds`` takes them.
        engine: an engine's name, as ``--engine`` on the command line; None lets
            ``ROADS_ENGINE`` choose, else numpy when the shoes are many
            (``MANY_PAY_FROM``).
    """
    for counts in shoes:
        check_counts(counts)
    chosen = engines.choose(engine, pays=len(shoes) >= MANY_PAY_FROM)
    return odds_engine(chosen).exact_odds_many(shoes)


def exact_distributions(
    shoes: Sequence[Sequence[int]], *, engine: str | None = None
) -> list[Distribution]:
    """The exact distribution of the next coup (``exact_distribution``) from each of
    ``shoes``, without pairs.

    Parameters:
        shoes: the cards left, each as ``exact_odds`` takes them.
        engine: an engine's name; None lets ``ROADS_ENGINE`` choose, else numpy, which pays
            for its import from the first shoe (the reference takes 0.1 s a shoe).
    """
    for counts in shoes:
        check_counts(counts)
    return odds_engine(engines.choose(engine)).exact_distributions(shoes)


def check_counts(counts: Sequence[int]) -> None:
    """Raise ShoeError unless ``counts`` are ten counts, none negative, of at least 6 cards."""
    if len(counts) != 10:
        raise ShoeError(f"give ten card counts, for values 0 to 9, not {len(counts)}")
    if any(count < 0 for count in counts):
        raise ShoeError("card counts cannot be negative")
    n = sum(counts)
    if n < 6:
        raise ShoeError(f"a coup may need 6 cards and only {n} are left")


def _plans() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each Player two-card total 0-5 and Banker total 0-7, the Player's third cards:
    ``(third, player_final, banker_draws, tie_value, shift, above_third, outcome_if_stands)``.

    ``tie_value`` is the Banker's third card that ties, ``shift`` where ``player_final``'s field
    sits in a packed row of ``_ABOVE_BITS``, ``above_third`` whether the third card itself
    would have beaten ``player_final`` as the Banker's third card.
    """
    plans = []
    for player in range(10):
        for banker in range(10):
            plan = []
            for third in range(10):
                final = (player + third) % 10
                plan.append(
                    (
                        third,
                        final,
                        int(rules.BANKER_DRAWS[banker][third]),
                        (final - banker) % 10,
                        4 * final,
                        int((banker + third) % 10 > final),
                        _compare(final, banker),
                    )
                )
            plans.append(tuple(plan))
    return tuple(plans)


def _above_bits() -> tuple[tuple[int, ...], ...]:
    """``[banker][value]``: 4-bit fields, field ``p`` set when ``(banker + value) % 10 > p``.

    Adding the rows of the cards drawn counts, in every field at once, how many of them would
    have beaten a Player total ``p`` as the Banker's third card (at most 5 per field).
    """
    return tuple(
        tuple(
            sum(1 << (4 * p) for p in range(10) if (banker + value) % 10 > p) for value in range(10)
        )
        for banker in range(10)
    )


def _compare(player: int, banker: int) -> int:
    if banker > player:
        return 0
    if player > banker:
        return 1
    return 2


_PLANS = _plans()
_ABOVE_BITS = _above_bits()
_OUTCOME = tuple(_compare(p, b) for p in range(10) for b in range(10))


class _Enumeration:
    """Walks every start of four cards (grouping the two orders of a hand's two cards) and
    weighs the third cards it leads to by how many of each value are left.

    The Banker's third card is not walked: how many cards left beat, tie or lose to the
    Player's final total is the count for the whole shoe less the cards already drawn.
    """

    def __init__(self, counts: Sequence[int]) -> None:
        self.left = list(counts)
        self.n = sum(counts)
        # above[shift][p]: how many cards v of the whole shoe have (shift + v) % 10 > p.
        self.above = [
            [sum(counts[(final - shift) % 10] for final in range(p + 1, 10)) for p in range(10)]
            for shift in range(10)
        ]

    def run(self) -> Odds:  # noqa: PLR0912, PLR0915 (the six-card enumeration, in one loop nest)
        left, n, above_all, bits, plans, outcome_of = (
            self.left,
            self.n,
            self.above,
            _ABOVE_BITS,
            _PLANS,
            _OUTCOME,
        )
        # Weights of coups that use 4 and 5 cards, by outcome (0 Banker, 1 Player, 2 Tie); of
        # six-card coups, the weight of all of them and of those the Banker wins and ties.
        four = [0, 0, 0]
        five = [0, 0, 0]
        six_all = six_banker = six_tie = 0
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
                player = (p1 + p2) % 10
                for b1 in range(10):
                    w3 = left[b1]
                    if not w3:
                        continue
                    left[b1] -= 1
                    for b2 in range(b1, 10):
                        w4 = left[b2]
                        if not w4:
                            continue
                        weight = w12 * w3 * w4 * (1 if b1 == b2 else 2)
                        banker = (b1 + b2) % 10
                        if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
                            four[outcome_of[player * 10 + banker]] += weight
                            continue
                        left[b2] -= 1
                        row = bits[banker]
                        drawn = row[p1] + row[p2] + row[b1] + row[b2]
                        if player >= 6:
                            # The Player stands and the Banker draws once.
                            beat = above_all[banker][player] - (drawn >> (4 * player) & 15)
                            tie = left[(player - banker) % 10]
                            five[0] += weight * beat
                            five[2] += weight * tie
                            five[1] += weight * (n - 4 - beat - tie)
                        else:
                            above = above_all[banker]
                            for third, final, draws, tie_at, shift, own, stands in plans[
                                player * 10 + banker
                            ]:
                                w5 = left[third]
                                if not w5:
                                    continue
                                w5 *= weight
                                if draws:
                                    six_all += w5
                                    six_banker += w5 * (above[final] - (drawn >> shift & 15) - own)
                                    six_tie += w5 * (left[tie_at] - (tie_at == third))
                                else:
                                    five[stands] += w5
                        left[b2] += 1
                    left[b1] += 1
                left[p2] += 1
            left[p1] += 1
        six = (six_banker, six_all * (n - 5) - six_banker - six_tie, six_tie)

        def ways(outcome: int) -> int:
            return four[outcome] * (n - 4) * (n - 5) + five[outcome] * (n - 5) + six[outcome]

        total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        return Odds(total=total, banker=ways(0), player=ways(1), tie=ways(2))


def cell(player_total: int, player_cards: int, banker_total: int, banker_cards: int) -> int:
    """The index in ``Distribution.ways`` of coups that end on these totals and card counts
    (2 or 3 cards each)."""
    return ((player_total * 2 + player_cards - 2) * 10 + banker_total) * 2 + banker_cards - 2


CELLS = tuple(
    (pt, pc, bt, bc) for pt in range(10) for pc in (2, 3) for bt in range(10) for bc in (2, 3)
)
"""``(player_total, player_cards, banker_total, banker_cards)`` of each index of
``Distribution.ways``, in order."""


@frozen
class PairCounts:
    """Orderings (of the same ``total``) in which the Player's, the Banker's, and both hands'
    first two cards have the same rank."""

    player: int
    banker: int
    both: int


@frozen
class Distribution:
    """How the next coup can end, exactly: integer counts of orderings of six cards by final
    totals and card counts of both hands (see ``cell``), and the pair counts when the cards
    left are known by rank (``None`` when only their values are)."""

    total: int
    ways: tuple[int, ...]
    pairs: PairCounts | None = None

    def odds(self) -> Odds:
        """The Banker, Player and Tie counts these ways add up to."""
        won = [0, 0, 0]
        for (pt, _, bt, _), ways in zip(CELLS, self.ways, strict=True):
            won[_OUTCOME[pt * 10 + bt]] += ways
        return Odds(total=self.total, banker=won[0], player=won[1], tie=won[2])

    def with_pairs(self, pairs: PairCounts | None) -> Distribution:
        return Distribution(total=self.total, ways=self.ways, pairs=pairs)


def _falling(n: int, k: int) -> int:
    product = 1
    for i in range(k):
        product *= n - i
    return product


def pair_counts(ranks: Sequence[int]) -> PairCounts:
    """Pair counts from the cards left by rank: 13 counts, A 2 3 ... 10 J Q K."""
    check_ranks(ranks)
    n = sum(ranks)
    one = sum(c * (c - 1) for c in ranks)
    # Both hands paired: two different ranks, or four cards of one rank.
    both = one * one - sum((c * (c - 1)) ** 2 for c in ranks)
    both += sum(c * (c - 1) * (c - 2) * (c - 3) for c in ranks)
    pair = one * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    return PairCounts(player=pair, banker=pair, both=both * (n - 4) * (n - 5))


def check_ranks(ranks: Sequence[int]) -> None:
    """Raise ShoeError unless ``ranks`` are 13 counts (A to K), none negative, of 6 or more."""
    if len(ranks) != 13:
        raise ShoeError(f"give 13 card counts, for ranks A 2 3 ... 10 J Q K, not {len(ranks)}")
    check_counts(values_of_ranks(ranks))


def values_of_ranks(ranks: Sequence[int]) -> tuple[int, ...]:
    """The ten counts of values 0-9 of 13 counts of ranks A 2 3 ... 10 J Q K."""
    return (sum(ranks[9:]), *ranks[:9])


def rank_counts(decks: int) -> tuple[int, ...]:
    """How many cards of each rank A 2 3 ... 10 J Q K there are in ``decks`` full decks."""
    return (4 * decks,) * 13


def distribution_for_decks(decks: int) -> Distribution:
    """The exact distribution of the first coup from ``decks`` full decks, with pairs."""
    ranks = rank_counts(decks)
    return exact_distribution(values_of_ranks(ranks)).with_pairs(pair_counts(ranks))


def exact_distribution(counts: Sequence[int]) -> Distribution:
    """Exact distribution of the next coup from the cards left, ten counts of values 0-9.

    Walks the four-card starts only. For the third cards it needs, per start group (both
    two-card totals), the sum of the starts' weights ``W``, of weights times how many of each
    value the start drew (``P1``), and times how many of each pair of values (``P2``): the
    cards left of a value are the shoe's count less those drawn, so the third cards' counts
    expand into those three sums. The sums are kept packed in fields of one integer each.
    """
    check_counts(counts)
    c = list(counts)
    n = sum(c)
    field = -(-((16 * n**4).bit_length() + 1) // 8) * 8  # whole bytes, to unpack fast
    unit = [1 << (field * v) for v in range(10)]
    tens = [1 << (field * 10 * v) for v in range(10)]
    pair_unit = [[unit[x] + unit[y] for y in range(10)] for x in range(10)]
    pair_tens = [[tens[x] + tens[y] for y in range(10)] for x in range(10)]
    groups = 100
    w_of = [0] * groups
    p1_of = [0] * groups
    p2_of = [0] * groups
    left = c[:]
    for a in range(10):
        wa = left[a]
        if not wa:
            continue
        left[a] -= 1
        for b in range(a, 10):
            wb = left[b]
            if not wb:
                continue
            left[b] -= 1
            wab = wa * wb * (1 if a == b else 2)
            player = (a + b) % 10
            ab_unit = unit[a] + unit[b]
            ab_tens = tens[a] + tens[b]
            for x in range(10):
                wx = left[x]
                if not wx:
                    continue
                left[x] -= 1
                for y in range(x, 10):
                    wy = left[y]
                    if not wy:
                        continue
                    weight = wab * wx * wy * (1 if x == y else 2)
                    banker = (x + y) % 10
                    g = player * 10 + banker
                    w_of[g] += weight
                    if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
                        continue
                    weighed = weight * (ab_unit + pair_unit[x][y])
                    p1_of[g] += weighed
                    if player <= 5:
                        p2_of[g] += weighed * (ab_tens + pair_tens[x][y])
                left[x] += 1
            left[b] += 1
        left[a] += 1
    return Distribution(total=_falling(n, 6), ways=_expand(c, n, field, w_of, p1_of, p2_of))


def _fields(packed: int, field: int, count: int) -> list[int]:
    """The ``count`` fields of ``field`` bits (whole bytes) packed in ``packed``, lowest first."""
    size = field // 8
    data = packed.to_bytes(size * count, "little")
    return [int.from_bytes(data[i : i + size], "little") for i in range(0, size * count, size)]


def _expand(
    c: list[int], n: int, field: int, w_of: list[int], p1_of: list[int], p2_of: list[int]
) -> tuple[int, ...]:
    ways = [0] * len(CELLS)
    both = [[0] * 10 for _ in range(10)]  # six-card coups by both final totals
    four, five = (n - 4) * (n - 5), n - 5
    for player in range(10):
        for banker in range(10):
            g = player * 10 + banker
            w = w_of[g]
            if not w:
                continue
            if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
                ways[cell(player, 2, banker, 2)] += w * four
                continue
            p1 = _fields(p1_of[g], field, 10)
            # a[v]: orderings of the start and a next card of value v.
            a = [c[v] * w - p1[v] for v in range(10)]
            if player >= 6:
                for v in range(10):
                    ways[cell(player, 2, (banker + v) % 10, 3)] += a[v] * five
                continue
            p2 = _fields(p2_of[g], field, 100)
            draws = rules.BANKER_DRAWS[banker]
            turn = (10 - banker) % 10  # the count of Banker final total u is at v = u - banker
            for t in range(10):
                a_t = a[t]
                if not a_t:
                    continue
                final = (player + t) % 10
                if not draws[t]:
                    ways[cell(final, 3, banker, 2)] += a_t * five
                    continue
                ct, p1t = c[t], p1[t]
                counts = [
                    ct * av - cv * p1t + pv
                    for av, cv, pv in zip(a, c, p2[10 * t : 10 * t + 10], strict=True)
                ]
                counts[t] -= a_t
                # Each t gives its own final total: one row of Banker totals per final.
                both[final] = list(map(add, both[final], counts[turn:] + counts[:turn]))
    for final, row in enumerate(both):
        base = cell(final, 3, 0, 3)
        for banker_final, count in enumerate(row):
            ways[base + 2 * banker_final] += count
    return tuple(ways)


class _Reference:
    """The reference engine's odds: this module's enumeration, one shoe at a time."""

    def exact_odds(self, counts: Sequence[int]) -> Odds:
        return _Enumeration(counts).run()

    def exact_odds_many(self, shoes: Sequence[Sequence[int]]) -> list[Odds]:
        return [_Enumeration(counts).run() for counts in shoes]

    def exact_distributions(self, shoes: Sequence[Sequence[int]]) -> list[Distribution]:
        return [exact_distribution(counts) for counts in shoes]


ODDS: OddsEngine = _Reference()
"""The reference engine's odds (``roads.engines``, concept ``odds``)."""
