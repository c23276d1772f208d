"""The betting signals players read from the board, and how a study counts them.

Every signal is read from the board as it stands before a coup and names a side (Banker or
Player) or nothing. All of them depend only on the *state* of the board's big road:

- the side of the current streak (the last Banker/Player winner) and its length, capped at 7;
- for each derived road k = 1, 2, 3 whether the streak k columns back exists and, if it does,
  whether its length equals the current streak's length. By docs/rules/roads.md (derived
  roads) that is all the ask road of road k depends on;
- whether the two streaks before the current one were two coups each (for ``doubles``).

A study therefore counts, for every state and every outcome of the next coup, how many coups
were dealt from that state (one integer per pair), and works out every signal from those counts
at the end. The sides the derived-road signals name are taken from the project's own ask road
(``Roads.ask``), applied once per state to a board that is in that state.

``count_shoe`` counts one shoe: the reference of the study's counting (``roads.study.counters``);
the fast engine's (``roads.fast.study``) gives the same integers for many shoes at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import pairwise
from operator import itemgetter

from roads.game.coup import Outcome
from roads.grids.cells import AskAnswer, Colour
from roads.grids.road import DERIVED
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.translations import ENGLISH
from roads.values import frozen

BANKER, PLAYER, TIE = 0, 1, 2
"""Outcome codes of a study: the index into ``OUTCOMES``."""
OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)
CODE_OF = {outcome: code for code, outcome in enumerate(OUTCOMES)}
"""The outcome code of each ``Outcome``."""
LONGEST = 7
"""Streak lengths from this one on are one state (``streak-7+``)."""
LONG = 4
"""A streak this long or longer is a *long* Banker or Player, as lobby boards flag it."""
COMPARES = tuple(road.compares for road in DERIVED)
"""How many columns back each derived road compares (1, 2, 3), in ``DERIVED`` order."""
FLAG_CODES = 3 ** len(DERIVED)
"""The derived-road flags a state holds: three values for each derived road (0: no column k
back, 1: the same length, 2: not), 27 for the three."""
STATES = 1 + 2 * 2 * LONGEST * FLAG_CODES
"""State 0: no Banker/Player coup yet in the shoe; then doubles x side x length x derived-road
flags, where *doubles* says whether the two streaks before the current one were two long."""
CELLS = 3 * STATES
"""Counts per study: one per state and outcome of the next coup, at ``3 * state + outcome``."""

_DERIVED: tuple[tuple[str, str], ...] = tuple(
    (road.slug, getattr(ENGLISH, road.label_key)) for road in DERIVED
)
"""Each derived road's slug and English name."""
_HOW_MANY = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


@frozen
class Signal:
    """A signal: its name (part of the JSON contract) and what it bets, in words."""

    name: str
    description: str


def _signals() -> tuple[Signal, ...]:
    found = [
        Signal("follow-last", "Bet the side that won the last Banker/Player coup."),
        Signal("chop", "Bet against the side that won the last Banker/Player coup."),
    ]
    for n in range(1, LONGEST):
        found.append(
            Signal(
                f"streak-{n}",
                f"When the current streak is exactly {n} long, bet it continues.",
            )
        )
    found.append(
        Signal(
            f"streak-{LONGEST}+",
            f"When the current streak is {LONGEST} or longer (a dragon), bet it continues.",
        )
    )
    for side in ("banker", "player"):
        found.append(
            Signal(
                f"long-{side}",
                f"When {side.title()} has won {LONG} or more in a row (a long {side.title()}, "
                "as lobbies flag it), bet it continues.",
            )
        )
    found.append(
        Signal(
            "ping-pong",
            "When the last two streaks were one coup each (B P or P B), bet the chop goes on.",
        )
    )
    found.append(
        Signal(
            "doubles",
            "When the two streaks before the current one were two coups each (BB PP): bet the "
            "current streak reaches two, and once it has, that it ends there.",
        )
    )
    for colour in ("red", "blue"):
        for name, title in _DERIVED:
            found.append(
                Signal(
                    f"{name}-{colour}",
                    f"Bet the side whose {title} ask answer is {colour} "
                    "(only when both answers exist).",
                )
            )
        found.append(
            Signal(
                f"all-{colour}",
                f"Bet the side whose ask answers on all {_HOW_MANY[len(DERIVED)]} derived roads "
                f"are {colour}.",
            )
        )
    return tuple(found)


SIGNALS = _signals()
"""Every signal, in the order the study reports them."""
SIGNAL_NAMES = tuple(signal.name for signal in SIGNALS)


Decoded = tuple[int, int, tuple[int, ...], bool]
"""Side, length (capped), derived-road flags (in ``DERIVED`` order) and doubles of a state."""


def _decode(state: int) -> Decoded | None:
    """What a state says, or None for state 0 and states no board can be in."""
    if state == 0:
        return None
    rest = state - 1
    flags_code = rest % FLAG_CODES
    rest //= FLAG_CODES
    capped = rest % LONGEST + 1
    doubles, side = divmod(rest // LONGEST, 2)
    flags = tuple(flags_code // 3**power % 3 for power in reversed(range(len(DERIVED))))
    # A column k back exists only if every nearer one does.
    if any(near == 0 and far for near, far in pairwise(flags)):
        return None
    # Two streaks of two before: both exist, and equal the current length exactly when it is 2.
    if doubles and any(flag != (1 if capped == 2 else 2) for flag in flags[:2]):
        return None
    return side, capped, flags, bool(doubles)


def _board_in(side: int, length: int, flags: tuple[int, ...], doubles: bool) -> Roads:
    """A board whose big road is in the given state: the current streak ``length`` long on
    ``side``, and before it as many streaks as the flags say exist, of the same length as the
    current one where the flag says so and one longer where it does not (two long, for the two
    just before it, when ``doubles``)."""
    earlier = sum(1 for flag in flags if flag)
    lengths = [length if flags[k] == 1 else length + 1 for k in range(earlier)]
    if doubles:
        lengths[0] = lengths[1] = 2
    lengths.reverse()  # oldest first
    letters = []
    for back, count in enumerate(lengths):
        streak_side = side if (earlier - back) % 2 == 0 else 1 - side
        letters.append(OUTCOMES[streak_side] * count)
    letters.append(OUTCOMES[side] * length)
    hands = [Hand(Outcome(letter)) for letter in "".join(letters)]
    return Roads(hands)


def _red_side(banker: AskAnswer, player: AskAnswer, road: int, colour: Colour) -> int | None:
    b, p = tuple(banker)[road], tuple(player)[road]
    if b is None or p is None:
        return None
    if b is colour:
        return BANKER
    if p is colour:
        return PLAYER
    return None


@cache
def sides() -> dict[str, tuple[int, ...]]:
    """For every signal, the side it names in each state: BANKER, PLAYER, or -1 (none)."""
    table: dict[str, list[int]] = {name: [-1] * STATES for name in SIGNAL_NAMES}
    for state in range(STATES):
        decoded = _decode(state)
        if decoded is None:
            continue
        side, length, flags, doubles = decoded
        table["follow-last"][state] = side
        table["chop"][state] = 1 - side
        name = f"streak-{length}" if length < LONGEST else f"streak-{LONGEST}+"
        table[name][state] = side
        if length >= LONG:
            table["long-banker" if side == BANKER else "long-player"][state] = side
        if length == 1 and flags[0] == 1:
            table["ping-pong"][state] = 1 - side
        if doubles and length <= 2:
            table["doubles"][state] = side if length == 1 else 1 - side
        ask = _board_in(side, length, flags, doubles).ask
        for colour in (Colour.RED, Colour.BLUE):
            named = [
                _red_side(ask.banker, ask.player, road, colour) for road in range(len(DERIVED))
            ]
            for (road_name, _), one in zip(_DERIVED, named, strict=True):
                if one is not None:
                    table[f"{road_name}-{colour.value}"][state] = one
            if named[0] is not None and named.count(named[0]) == len(DERIVED):
                table[f"all-{colour.value}"][state] = named[0]
    return {name: tuple(values) for name, values in table.items()}


@cache
def _pickers(name: str, size: int) -> tuple[Callable[[Sequence[int]], Iterable[int]], ...]:
    named = sides()[name]
    found = []
    for side in (BANKER, PLAYER):
        states = [state for state in range(STATES) if named[state] == side]
        for value in range(size):
            at = [size * state + value for state in states]
            found.append(itemgetter(*at) if len(at) > 1 else _listed(at))
    return tuple(found)


def _listed(at: list[int]) -> Callable[[Sequence[int]], Iterable[int]]:
    """``itemgetter(*at)`` for fewer than two indexes (it returns no tuple then)."""
    return lambda counts: [counts[i] for i in at]


def named_rows(counts: Sequence[int], name: str, size: int = 3) -> tuple[list[int], list[int]]:
    """A signal's bets from counts of ``size`` per state (``3 * state + outcome``, or a table's
    classes): by the side it named (Banker, Player), then by the value counted.

    Parameters:
        counts: ``size * STATES`` integers.
        name: the signal's name (``SIGNAL_NAMES``).
        size: the values counted per state (3: the next coup's outcome).
    """
    pickers = _pickers(name, size)
    return (
        [sum(pick(counts)) for pick in pickers[:size]],
        [sum(pick(counts)) for pick in pickers[size:]],
    )


# -- counting ----------------------------------------------------------------------------------


def count_shoe(outcomes: bytes, counts: list[int], states: list[int] | None = None) -> None:
    """Add one shoe (outcome codes 0 Banker, 1 Player, 2 Tie, in order) to ``counts``
    (``CELLS`` integers). ``states``, when given, receives the state before every coup."""
    state = 0  # 3 * the state before the next coup
    side = -1
    length = 0
    earlier: list[int] = []  # lengths of the finished streaks
    for outcome in outcomes:
        counts[state + outcome] += 1
        if states is not None:
            states.append(state // 3)
        if outcome == TIE:
            continue
        if outcome == side:
            length += 1
        else:
            if side >= 0:
                earlier.append(length)
            side = outcome
            length = 1
        n = len(earlier)
        flags = 0
        for k in COMPARES:  # each derived road's flag: no streak k back, the same length, not
            flags = flags * 3 + ((1 if earlier[-k] == length else 2) if n >= k else 0)
        capped = length if length < LONGEST else LONGEST
        doubles = 2 if n > 1 and earlier[-1] == 2 and earlier[-2] == 2 else 0
        state = 3 + 3 * (((doubles + side) * LONGEST + capped - 1) * FLAG_CODES + flags)
