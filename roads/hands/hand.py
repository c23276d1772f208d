"""The record of one coup as the scoreboard sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roads.errors import CardError
from roads.game.coup import Coup, Outcome

FLAG_FIELDS = ("banker_pair", "player_pair", "natural")
CARD_FIELDS = ("player_cards", "banker_cards", "player_total", "banker_total")
FIELDS = ("outcome", *FLAG_FIELDS, *CARD_FIELDS)
"""The fields of a hand in the export's ``hands``, in order; the card fields when known."""


@dataclass(frozen=True, slots=True)
class Hand:
    """One coup's result: who won, the pair and natural flags, and the cards when known.

    When ``coup`` is given, the other fields must be what its cards say.
    """

    outcome: Outcome
    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False
    coup: Coup | None = None

    def __post_init__(self) -> None:
        coup = self.coup
        if coup is not None and self._flags() != (
            coup.outcome,
            coup.banker_pair,
            coup.player_pair,
            coup.natural,
        ):
            raise CardError(f"the result {self.notation!r} disagrees with the cards {coup}")

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
        )

    def as_dict(self) -> dict[str, Any]:
        """The fields of the export's ``hands`` (docs/export.md), with the cards when known."""
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
        return fields
