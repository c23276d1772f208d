"""The study's document as typed values: one frozen dataclass per part of ``schema.json``,
its fields in the JSON's order.

``figures`` builds a ``Study`` once; the page, the charts and the wording read its attributes;
``Study.to_json`` writes it and ``Study.from_json`` reads a saved one back, both by
``roads.study.codec`` (the one place the document meets JSON), which the fields' metadata
steer: a JSON name that is not the field's (``key``), a field left out when it is None
(``OMIT``: the data of the other source, the table of a study given none), rows written as an
object by their names (``KEYED``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import field
from fractions import Fraction
from typing import Any

from roads.game.odds import Odds
from roads.study.codec import INLINE, KEYED, OMIT, StudyFormatError, plain_object, read
from roads.values import frozen

FORMAT = "roads-study"
VERSION = 1
SOURCES = ("simulated", "recorded")
"""Where a study's shoes can come from: dealt from a seed, or read from files."""
VERDICTS = ("too few bets", "within chance", "beyond chance")
"""What a signal's test can say."""
AHEAD_METHODS = ("per-shoe results, convolved",)
"""How the chances of being ahead are worked out: from the measured result of every shoe, at
the standard table or priced by a named one (the share of shoes ahead, and its exact
convolution over 10 and 100 shoes)."""
Figure = Callable[[float | Fraction], float]
"""How the document writes a figure (``figures._number``: 12 significant digits)."""


@frozen(kw_only=True)
class Share:
    """A count out of some coups, its share and the share's 95% Wilson interval (None out of
    none)."""

    count: int
    share: float | None
    low: float | None
    high: float | None


@frozen(kw_only=True)
class Outcomes:
    """A Banker, Player and Tie share each (``next_coup``)."""

    banker: Share
    player: Share
    tie: Share

    def shares(self) -> tuple[Share, Share, Share]:
        """Banker's, Player's and Tie's, in that order."""
        return self.banker, self.player, self.tie


@frozen(kw_only=True)
class Unconditional:
    """Every coup of the study, whatever the board showed: how many, and each outcome's
    share."""

    coups: int
    banker: Share
    player: Share
    tie: Share

    def shares(self) -> tuple[Share, Share, Share]:
        """Banker's, Player's and Tie's, in that order."""
        return self.banker, self.player, self.tie


@frozen(kw_only=True)
class FreshShoe:
    """The exact odds of a coup from a fresh shoe (their counts written among the fields here),
    and the house edges of Banker and Player."""

    odds: Odds = field(metadata=INLINE)
    p_banker: float
    p_player: float
    p_tie: float
    banker_edge: float
    player_edge: float

    def probabilities(self) -> tuple[float, float, float]:
        """Banker's, Player's and Tie's, in that order."""
        return self.p_banker, self.p_player, self.p_tie


@frozen(kw_only=True)
class Test:
    """A count against its exact expectation: share with interval, exact share, z, p-value."""

    count: int
    of: int
    share: float | None
    low: float | None
    high: float | None
    exact: float | None
    z: float
    p_value: float


@frozen(kw_only=True)
class FitTest(Test):
    """A test of every coup, with its p-value adjusted among the study's tests."""

    p_adjusted: float | None

    @classmethod
    def adjusted(cls, test: Test, p_adjusted: float | None) -> FitTest:
        """``test`` with its adjusted p-value.

        Parameters:
            test: the test of every coup.
            p_adjusted: its p-value adjusted among the study's tests (None: not among them).
        """
        return cls(
            count=test.count,
            of=test.of,
            share=test.share,
            low=test.low,
            high=test.high,
            exact=test.exact,
            z=test.z,
            p_value=test.p_value,
            p_adjusted=p_adjusted,
        )


@frozen(kw_only=True)
class GoodnessOfFit:
    """Every coup against the exact odds: the ties' share, Banker's share of decided coups."""

    tie: FitTest
    banker_of_decided: FitTest

    def tests(self) -> tuple[tuple[str, FitTest], ...]:
        """The tests by their names in the document, in order."""
        return ("tie", self.tie), ("banker_of_decided", self.banker_of_decided)


@frozen(kw_only=True)
class Fairness:
    """Could these records come from a fair shoe dealt by the rules (Holm's adjustment)?"""

    alarm: bool
    p_adjusted: float
    method: str = field(metadata={"choices": ("holm",)})
    tests: int
    beyond: tuple[str, ...]


@frozen(kw_only=True)
class Origin:
    """Where a study's shoes come from, before they are counted."""

    source: str
    """``simulated`` (dealt from ``seed``) or ``recorded`` (read from ``inputs``)."""
    shoes: int
    seed: int | None = None
    shuffle: str | None = None
    """None in a study saved before the shuffle was recorded (it means ``shake-sort``)."""
    cut_card: int | None = None
    inputs: tuple[str, ...] | None = None
    set_aside: tuple[str, ...] = ()
    """Recorded shoes set aside before counting (``checks``): why, one line each."""
    repeated: int = 0
    """Recorded shoes that copy an earlier one (``checks``)."""


@frozen(kw_only=True)
class Data:
    """Where the shoes came from, the decks of the exact odds and the coups counted."""

    source: str = field(metadata={"choices": SOURCES})
    seed: int | None = field(default=None, metadata=OMIT)
    shuffle: str | None = field(default=None, metadata=OMIT)
    inputs: tuple[str, ...] | None = field(default=None, metadata=OMIT)
    shoes: int
    cut_card: int | None = field(default=None, metadata=OMIT)
    decks: int
    coups: int
    set_aside: int | None = field(default=None, metadata=OMIT)
    """Recorded shoes set aside before counting: the cards of ``decks`` decks cannot give them."""
    set_aside_first: str | None = field(default=None, metadata=OMIT)
    """Why the first of them was set aside."""
    repeated: int | None = field(default=None, metadata=OMIT)
    """Recorded shoes that copy an earlier one (the same cards, or the same long run of coups)."""

    @classmethod
    def of(cls, origin: Origin, decks: int, coups: int) -> Data:
        """The data of a study of ``origin``'s shoes.

        Parameters:
            origin: where the shoes came from.
            decks: decks of a fresh shoe, for the exact odds.
            coups: the coups counted.
        """
        return cls(
            source=origin.source,
            seed=origin.seed,
            shuffle=origin.shuffle,
            inputs=origin.inputs,
            shoes=origin.shoes,
            cut_card=origin.cut_card,
            decks=decks,
            coups=coups,
            set_aside=len(origin.set_aside) or None,
            set_aside_first=origin.set_aside[0] if origin.set_aside else None,
            repeated=origin.repeated or None,
        )


@frozen(kw_only=True)
class SignalTable:
    """By the side named, the next coup's Banker, Player and Tie counts."""

    banker_named: tuple[int, ...]
    player_named: tuple[int, ...]


@frozen(kw_only=True)
class Independence:
    """Pearson's chi-square test of independence of a signal's table."""

    test: str = field(metadata={"choices": ("chi-square",)})
    statistic: float
    df: int
    p_value: float


@frozen(kw_only=True)
class FlatBet:
    """1 unit on every side named: the result, per bet with its interval, and the exact
    expectation of the same bets."""

    units: float
    per_bet: float | None
    low: float | None
    high: float | None
    exact_expected_per_bet: float | None
    exact_house_edge: float | None


@frozen(kw_only=True)
class Curve:
    """The flat bet's running totals after each point of ``curve_shoes``."""

    bets: tuple[int, ...]
    units: tuple[float, ...]
    expected: tuple[float, ...]


@frozen(kw_only=True)
class Ahead:
    """The chance of being ahead after 1, 10 and 100 shoes of a flat bet."""

    one: float = field(metadata={"key": "1"})
    ten: float = field(metadata={"key": "10"})
    hundred: float = field(metadata={"key": "100"})
    method: str = field(metadata={"choices": AHEAD_METHODS})
    """How they were worked out (``AHEAD_METHODS``)."""

    def chances(self) -> tuple[float, float, float]:
        """After 1, 10 and 100 shoes, in that order."""
        return self.one, self.ten, self.hundred


@frozen(kw_only=True)
class Signal:
    """One betting signal: what followed it, its test, and its flat bet."""

    name: str
    description: str
    bets: int
    won_of_decided: Test
    mirror_of: str | None
    p_adjusted: float | None
    verdict: str = field(metadata={"choices": VERDICTS})
    visible_difference: float | None
    detectable_difference: float | None
    """The difference per bet, in percent of the stake, that the alarm catches 8 times in 10."""
    shoes_for_half_percent: int | None
    ahead: Ahead
    named_banker: int
    named_player: int
    won: int
    lost: int
    tied: int
    table: SignalTable
    next_coup: Outcomes
    independence: Independence | None
    flat_bet: FlatBet
    curve: Curve


@frozen(kw_only=True)
class Bin:
    """A bin of a histogram of edges: its bounds and how many coups fell in it."""

    first: float = field(metadata={"key": "from"})
    last: float = field(metadata={"key": "to"})
    count: int


@frozen(kw_only=True)
class Distribution:
    """An edge over the exact coups: percentiles, mean and histogram."""

    min: float
    p05: float
    p25: float
    median: float
    p75: float
    p95: float
    max: float
    mean: float
    histogram: tuple[Bin, ...]


@frozen(kw_only=True)
class EdgeAtPosition:
    """The exact edges of the coups numbered ``first`` to ``last`` in their shoes."""

    first: int = field(metadata={"key": "from"})
    last: int = field(metadata={"key": "to"})
    coups: int
    banker_edge_mean: float
    player_edge_mean: float
    either_positive: int


@frozen(kw_only=True)
class SignalEdge:
    """How a signal's side follows the cards left."""

    name: str
    coups: int
    edge_correlation: float | None
    mean_exact_return: float | None


@frozen(kw_only=True)
class CardRemoval:
    """The exact odds of every coup of the first shoes, from the cards left before it."""

    shoes: int
    coups: int
    by_position: tuple[EdgeAtPosition, ...]
    banker_edge: Distribution
    player_edge: Distribution
    banker_positive: Share
    player_positive: Share
    either_positive: Share
    fresh_banker_edge: float
    fresh_player_edge: float
    signals: tuple[SignalEdge, ...]
    left_out: int | None = field(default=None, metadata=OMIT)
    """Coups of these shoes not counted exactly: fewer than six cards were left before them."""


@frozen(kw_only=True)
class PerfectBet:
    """What perfect play staked on one bet expected and got."""

    name: str
    expected_units: float
    realised_units: float
    coups: int


@frozen(kw_only=True)
class PerfectAtPosition:
    """Perfect play over the coups numbered ``first`` to ``last`` in their shoes."""

    first: int = field(metadata={"key": "from"})
    last: int = field(metadata={"key": "to"})
    coups: int
    coups_with_an_edge: int
    expected_units: float


@frozen(kw_only=True)
class PerfectPlay:
    """Betting only when the cards left favour a bet, over the exact shoes."""

    shoes: int
    face_up_burns: tuple[str, ...]
    expected_units_per_shoe: float
    realised_units_per_shoe: float
    luck_per_shoe: float | None
    """The 95% half-width of what luck adds to the expectation per shoe; None at a named
    table."""
    coups: int
    coups_with_an_edge: int
    by_bet: tuple[PerfectBet, ...] = field(metadata=KEYED)
    by_position: tuple[PerfectAtPosition, ...]


@frozen(kw_only=True)
class OwnKind:
    """The practice bets of one kind: how many, staked, net and exactly expected."""

    name: str
    bets: int
    staked: float
    net: float
    exact_expected: float


@frozen(kw_only=True)
class StreakFollowed:
    """Bets on Banker or Player made with a streak of ``length``, and how many followed it."""

    length: str
    bets: int
    followed: int


@frozen(kw_only=True)
class OwnSeat:
    """The practice bets of one seat of a journal with seats, audited on their own: the
    journal's file name, the seat, the players who sat there, and ``OwnBets``' figures."""

    input: str
    seat: int
    players: tuple[str, ...]
    bets: int
    staked: float
    net: float
    exact_expected: float
    luck: float
    """The 95% half-width of what luck alone moves ``net`` by around ``exact_expected``."""
    by_bet: tuple[OwnKind, ...] = field(metadata=KEYED)
    followed_streak: tuple[StreakFollowed, ...]


@frozen(kw_only=True)
class OwnBets:
    """The practice bets of the journals studied; in journals with seats, each seat's too."""

    bets: int
    staked: float
    net: float
    exact_expected: float
    luck: float
    """The 95% half-width of what luck alone moves ``net`` by around ``exact_expected``."""
    by_bet: tuple[OwnKind, ...] = field(metadata=KEYED)
    followed_streak: tuple[StreakFollowed, ...]
    seats: tuple[OwnSeat, ...] | None = field(default=None, metadata=OMIT)


@frozen(kw_only=True)
class TableBet:
    """One bet of the study's table staked 1 unit on every coup that settles it."""

    name: str
    bets: int
    won: int
    pushed: int
    lost: int
    units: float
    per_bet: float | None
    low: float | None
    high: float | None
    exact_expected_per_bet: float | None
    exact_house_edge: float | None


@frozen(kw_only=True)
class TableBets:
    """The study's table and every bet it offers."""

    rules: str
    tie_pays: int = field(metadata={"choices": (8, 9)})
    side_bets: tuple[str, ...]
    bets: tuple[TableBet, ...]


@frozen(kw_only=True)
class Study:
    """The study document (``schema.json``), in its JSON order."""

    fairness: Fairness
    format: str
    version: int
    notice: str
    data: Data
    confidence: float
    z: float
    unconditional: Unconditional
    exact_fresh_shoe: FreshShoe
    curve_shoes: tuple[int, ...]
    signals: tuple[Signal, ...]
    card_removal: CardRemoval | None
    perfect_play: PerfectPlay | None
    own_bets: OwnBets | None
    table: TableBets | None = field(default=None, metadata=OMIT)
    goodness_of_fit: GoodnessOfFit
    conclusions: tuple[str, ...]

    def signal(self, name: str) -> Signal | None:
        """The signal called ``name``, if the study has it.

        Parameters:
            name: the signal's name (``follow-last``, ...).
        """
        return next((s for s in self.signals if s.name == name), None)

    def as_dict(self) -> dict[str, Any]:
        """The document as JSON values (dicts, lists, numbers, strings)."""
        return plain_object(self)

    def to_json(self) -> bytes:
        """The document as JSON: the same document, the same bytes."""
        text = json.dumps(self.as_dict(), indent=1, ensure_ascii=False, allow_nan=False)
        return (text + "\n").encode()

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "the study") -> Study:
        """A saved study document; StudyFormatError saying what is wrong, and where.

        Parameters:
            text: the JSON ``to_json`` wrote.
            source: what to call it in errors (a file name).
        """
        try:
            value = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:
            raise StudyFormatError(f"{source} is not JSON: {error}") from None
        return cls.from_dict(value, source)

    @classmethod
    def from_dict(cls, value: object, source: str = "the study") -> Study:
        """A study document given as JSON values (``json.loads`` of ``to_json``).

        Parameters:
            value: the document.
            source: what to call it in errors.
        """
        if not isinstance(value, dict) or value.get("format") != FORMAT:
            raise StudyFormatError(
                f'{source} is not a roads study: its JSON has no "format": "{FORMAT}" '
                "(write one with roads study -o study.json)"
            )
        if value.get("version") != VERSION:
            raise StudyFormatError(
                f"{source} is a roads study of version {value.get('version')!r}; this roads "
                f"reads version {VERSION}: run the study again with this roads"
            )
        try:
            study = read(cls, value, "$")
        except StudyFormatError as error:
            raise StudyFormatError(f"{source}: {error}") from None
        assert isinstance(study, Study)
        return study
