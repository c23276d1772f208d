"""The record of one coup as the scoreboard sees it."""

from __future__ import annotations

from typing import Any

from roads.errors import CardError
from roads.game.coup import Coup, Outcome, outcome_of
from roads.tables.deal import Deal
from roads.tables.marks import MARK_BY_NAME, MARKS, SUPER_6
from roads.values import frozen

FLAG_FIELDS = ("banker_pair", "player_pair", "natural")
CARD_FIELDS = ("player_cards", "banker_cards", "player_total", "banker_total")
FIELDS = ("outcome", *FLAG_FIELDS, *CARD_FIELDS)
"""The fields of a hand in the export's ``hands``, in order; the card fields when known."""


@frozen
class Hand:
    """One coup's result: who won, the pair and natural flags, and the cards when known.

    ``marks`` are the marks written as flags after the result letter (``B6``, ``B7``, ``P8``,
    by name, in the table rules' order); a table reads the marks of a coup with
    cards from the cards. When ``coup`` is given, the other fields must be what its cards say.
    ``player_total`` and ``banker_total``: the hands' totals of a coup given without its cards
    (both or neither, each 0 to 9), which must agree with the result, the natural flag and the
    marks (a Banker win with 6 carries ``super_6``); None with the cards, which hold them.
    """

    outcome: Outcome
    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False
    coup: Coup | None = None
    marks: tuple[str, ...] = ()
    player_total: int | None = None
    banker_total: int | None = None

    def __post_init__(self) -> None:
        coup = self.coup
        if coup is not None and self._flags() != (
            coup.outcome,
            coup.banker_pair,
            coup.player_pair,
            coup.natural,
        ):
            raise CardError(f"the result {self.notation!r} disagrees with the cards {coup}")
        if self.marks:
            for name in self.marks:
                if MARK_BY_NAME[name].side is not self.outcome:
                    raise CardError(f"the mark {name} cannot be on a {self.outcome.value} result")
            if coup is not None:
                held = tuple(mark.name for mark in MARKS if mark.on(Deal.of_coup(coup)))
                if any(name not in held for name in self.marks):
                    raise CardError(
                        f"the marks of {self.notation!r} disagree with the cards {coup}"
                    )
        if self.player_total is not None or self.banker_total is not None:
            self._check_totals()

    def _check_totals(self) -> None:
        """CardError unless the totals given without cards agree with the rest."""
        player, banker = self.player_total, self.banker_total
        if self.coup is not None:
            raise CardError("a coup with its cards takes its totals from them")
        if player is None or banker is None:
            raise CardError("give both totals, the Player's and the Banker's, or neither")
        for total in (player, banker):
            if type(total) is not int or not 0 <= total <= 9:
                raise CardError(f"a hand's total is a whole number from 0 to 9, not {total!r}")
        if outcome_of(player, banker) is not self.outcome:
            raise CardError(
                f"the result {self.outcome.value} disagrees with the totals Player {player}, "
                f"Banker {banker}"
            )
        if self.natural and max(player, banker) < 8:
            raise CardError(
                f"a natural is an 8 or a 9 in two cards: not the totals Player {player}, "
                f"Banker {banker}"
            )
        for name in self.marks:
            mark = MARK_BY_NAME[name]
            if (banker if mark.side is Outcome.BANKER else player) != mark.total:
                raise CardError(
                    f"the mark {name} disagrees with the totals Player {player}, Banker {banker}"
                )
        if (
            self.outcome is Outcome.BANKER
            and banker == SUPER_6.total
            and (SUPER_6.name not in self.marks)
        ):
            raise CardError(
                f"a Banker win with {banker} carries the mark {SUPER_6.name}: give it, or let "
                "the reader add it"
            )

    @property
    def totals(self) -> tuple[int, int] | None:
        """The Player's and the Banker's totals, from the cards or as given (None: unknown)."""
        if self.coup is not None:
            return self.coup.player_total, self.coup.banker_total
        if self.player_total is None or self.banker_total is None:
            return None
        return self.player_total, self.banker_total

    def deal(self, known_marks: frozenset[str] = frozenset()) -> Deal:
        """What a table can settle from this hand: every fact when the cards are known; else
        the result letter, the flags, and the marks, those of ``known_marks`` (the marks the
        table posts, written whenever they happen) counting by their absence too."""
        if self.coup is not None:
            return Deal.of_coup(self.coup)
        return Deal(
            outcome_given=self.outcome,
            player_pair_given=self.player_pair,
            banker_pair_given=self.banker_pair,
            natural_given=self.natural,
            marked=frozenset(self.marks),
            known_marks=known_marks,
        )

    def _flags(self) -> tuple[Outcome, bool, bool, bool]:
        return self.outcome, self.banker_pair, self.player_pair, self.natural

    @classmethod
    def from_coup(cls, coup: Coup) -> Hand:
        """The hand of a dealt coup, its flags read from the cards."""
        return cls(coup.outcome, coup.banker_pair, coup.player_pair, coup.natural, coup)

    @property
    def notation(self) -> str:
        """This hand in the result notation: ``B``, ``Pbn``, ``Tp`` ..."""
        return (
            self.outcome.value
            + ("b" if self.banker_pair else "")
            + ("p" if self.player_pair else "")
            + ("n" if self.natural else "")
            + "".join(MARK_BY_NAME[name].flag for name in self.marks)
        )

    def as_dict(self, marks: tuple[str, ...] | None = None) -> dict[str, Any]:
        """The fields of the export's ``hands`` (docs/export.md), with the cards when known,
        and ``"marks"`` (``marks``, or the hand's own flags when None) unless there are none."""
        fields: dict[str, Any] = {
            "outcome": self.outcome.value,
            "banker_pair": self.banker_pair,
            "player_pair": self.player_pair,
            "natural": self.natural,
        }
        if self.coup is not None:
            fields["player_cards"] = [str(card) for card in self.coup.player_cards]
            fields["banker_cards"] = [str(card) for card in self.coup.banker_cards]
            fields["player_total"] = self.coup.player_total
            fields["banker_total"] = self.coup.banker_total
        elif self.player_total is not None:
            fields["player_total"] = self.player_total
            fields["banker_total"] = self.banker_total
        shown = self.marks if marks is None else marks
        if shown:
            fields["marks"] = list(shown)
        return fields
