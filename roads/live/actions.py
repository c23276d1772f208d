"""What people and scripts type to log a practice game, read as journal events; and what the
journal did, told back in words.

A line is one of: results in the notation (``B``, ``PbTn P``: one coup each), a coup's cards
Player first (``2h 3d 8c / Ks 3h``: the coup checker validates the draw), or a word: ``undo``,
``shoe`` (a new shoe), ``bet ON STAKE`` (a practice bet with play money), ``bankroll AMOUNT``.
"""

from __future__ import annotations

from collections.abc import Sequence

from roads.errors import RoadsError
from roads.game.coup import Coup, Outcome
from roads.game.paytable import BetOn, parse_bet_on
from roads.hands.hand import Hand
from roads.hands.journal import (
    Bet,
    Event,
    Receipt,
    amount,
    bankroll_event,
    bet_event,
    coup_event,
    money,
    shoe_event,
    undo_event,
)
from roads.hands.notation import parse_notation

OUTCOME_NAMES = {Outcome.BANKER: "Banker", Outcome.PLAYER: "Player", Outcome.TIE: "Tie"}
BET_NAMES = {
    BetOn.BANKER: "Banker",
    BetOn.PLAYER: "Player",
    BetOn.TIE: "Tie",
    BetOn.BANKER_PAIR: "Banker pair",
    BetOn.PLAYER_PAIR: "Player pair",
}
WORDS = ("undo", "shoe", "bet", "bankroll")


class CommandError(RoadsError):
    """A line that is neither results, cards, nor a command word used rightly."""


def parse_command(text: str) -> list[Event]:
    """The events one line asks for; none for a blank line or a ``#`` comment."""
    line = text.strip()
    if not line or line.startswith("#"):
        return []
    word, _, rest = line.partition(" ")
    word = word.lower()
    if word in ("undo", "shoe", "new-shoe") or line.lower() == "new shoe":
        if rest.strip() and line.lower() != "new shoe":
            raise CommandError(f"{word!r} takes nothing after it")
        return [undo_event() if word == "undo" else shoe_event()]
    if word == "bet":
        return [parse_bet(rest)]
    if word == "bankroll":
        if not rest.strip():
            raise CommandError(
                "write the practice bankroll as 'bankroll AMOUNT', e.g. bankroll 1000"
            )
        return [bankroll_event(amount(rest))]
    if "/" in line:
        return [coup_event(Hand.from_coup(Coup.parse(line)))]
    return [coup_event(hand) for hand in parse_notation(line)]


def parse_bet(text: str) -> Event:
    """A practice bet written ``ON STAKE`` or ``ON:STAKE``: ``banker 10``, ``tie:5``, ``bp 2.5``."""
    parts = text.replace(":", " ").split()
    if len(parts) < 2:
        raise CommandError(
            f"write a practice bet as ON STAKE, e.g. 'banker 10', not {text.strip()!r}; "
            "ON is banker, player, tie, banker_pair or player_pair"
        )
    return bet_event(parse_bet_on(" ".join(parts[:-1])), amount(parts[-1]))


def describe_hand(hand: Hand) -> str:
    """``Banker · banker pair · natural``; with the cards, the totals and the cards."""
    words = [OUTCOME_NAMES[hand.outcome]]
    if hand.coup is not None:
        words[0] += f" {hand.coup.player_total} to {hand.coup.banker_total} ({hand.coup})"
    words += [
        name
        for name, flag in (
            ("banker pair", hand.banker_pair),
            ("player pair", hand.player_pair),
            ("natural", hand.natural),
        )
        if flag
    ]
    return " · ".join(words)


def describe_bet(bet: Bet) -> str:
    return f"{money(bet.stake)} on {BET_NAMES[bet.on]}"


def describe(events: Sequence[Event], receipt: Receipt, *, balance: bool = True) -> list[str]:
    """What ``journal.append(events)`` did, one sentence per step (a run of coups is one);
    with ``balance``, the practice balance after bets were settled."""
    said: list[str] = []
    run: list[tuple[Hand, tuple[int, int]]] = []

    def end_run() -> None:
        if len(run) == 1:
            hand, (shoe, coup) = run[0]
            said.append(f"Logged coup {coup} of shoe {shoe}: {describe_hand(hand)}")
        elif run:
            (shoe, last), first = run[-1][1], run[0][1][1]
            spelled = " ".join(hand.notation for hand, _ in run)
            said.append(f"Logged coups {first}–{last} of shoe {shoe}: {spelled}")
        run.clear()

    for event, result, place in zip(events, receipt.results, receipt.places, strict=True):
        kind = event["event"]
        if kind == "coup" and isinstance(result, Hand):
            run.append((result, place))
            continue
        end_run()
        shoe, coups = place
        if kind == "undo":
            if isinstance(result, Hand):
                said.append(f"Took back coup {coups + 1} of shoe {shoe}: {describe_hand(result)}")
            elif isinstance(result, Bet):
                said.append(f"Took back the practice bet of {describe_bet(result)}")
            else:
                said.append(f"Took back the empty shoe {shoe + 1}: back to shoe {shoe}")
        elif kind == "shoe":
            said.append(f"Started shoe {shoe}")
        elif kind == "bankroll":
            said.append(f"Practice bankroll (play money): {money(amount(event['amount']))}")
        elif kind == "bet" and isinstance(result, Bet):
            said.append(f"Practice bet (play money): {describe_bet(result)}")
    end_run()
    if receipt.settled is not None and receipt.balance is not None:
        said.append(f"Practice bets settled: {money(receipt.settled, sign=True)} (play money)")
        if balance:
            said.append(f"Practice balance (play money): {money(receipt.balance)}")
    return said
