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
from roads.translations import LANGUAGES, LOGGER_WORDS, PAGE_WORDS, bet_word

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
            "ON is banker, player, tie or a side bet (banker_pair, dragon_7, ...)"
        )
    return bet_event(" ".join(parts[:-1]), amount(parts[-1]))


def outcome_name(outcome: Outcome, lang: str = "en") -> str:
    """``Banker``, ``Player`` or ``Tie`` in ``lang`` (``roads.translations.LANGUAGES``)."""
    words = LANGUAGES[lang]
    return {
        Outcome.BANKER: words.banker_name,
        Outcome.PLAYER: words.player_name,
        Outcome.TIE: words.tie_name,
    }[outcome]


def bet_name(on: str, lang: str = "en") -> str:
    """What a practice bet is on, in ``lang``: ``Banker`` … ``Player pair``, ``Dragon 7``."""
    return bet_word(on, lang)


def describe_hand(hand: Hand, lang: str = "en") -> str:
    """``Banker · banker pair · natural``; with the cards, the totals and the cards."""
    words = LOGGER_WORDS[lang]
    said = [outcome_name(hand.outcome, lang)]
    if hand.coup is not None:
        totals = words.totals.format(
            player=hand.coup.player_total, banker=hand.coup.banker_total, cards=hand.coup
        )
        said[0] += " " + totals
    said += [
        name
        for name, flag in (
            (words.banker_pair, hand.banker_pair),
            (words.player_pair, hand.player_pair),
            (words.natural, hand.natural),
        )
        if flag
    ]
    return " · ".join(said)


def describe_bet(bet: Bet, lang: str = "en") -> str:
    """``10.00 on Banker``, in ``lang``."""
    return LOGGER_WORDS[lang].stake.format(stake=money(bet.stake), on=bet_name(bet.on, lang))


def describe(
    events: Sequence[Event], receipt: Receipt, *, balance: bool = True, lang: str = "en"
) -> list[str]:
    """What ``journal.append(events)`` did, one sentence per step (a run of coups is one);
    with ``balance``, the practice balance after bets were settled. The sentences are in
    ``lang`` (``roads.translations.LANGUAGES``), without their full stops."""
    words = LOGGER_WORDS[lang]
    said: list[str] = []
    run: list[tuple[Hand, tuple[int, int]]] = []

    def end_run() -> None:
        if len(run) == 1:
            hand, (shoe, coup) = run[0]
            said.append(words.logged.format(coup=coup, shoe=shoe, hand=describe_hand(hand, lang)))
        elif run:
            (shoe, last), first = run[-1][1], run[0][1][1]
            spelled = " ".join(hand.notation for hand, _ in run)
            said.append(words.logged_run.format(first=first, last=last, shoe=shoe, results=spelled))
        run.clear()

    reopened = receipt.reopened or (None,) * len(events)
    steps = zip(events, receipt.results, receipt.places, reopened, strict=True)
    for event, result, place, opened in steps:
        kind = event["event"]
        if kind == "coup" and isinstance(result, Hand):
            run.append((result, place))
            continue
        end_run()
        shoe, coups = place
        if kind == "undo":
            if isinstance(result, Hand):
                hand = describe_hand(result, lang)
                said.append(words.took_back.format(coup=coups + 1, shoe=shoe, hand=hand))
                if opened is not None:
                    bets = ", ".join(describe_bet(bet, lang) for bet in opened.bets)
                    net = money(opened.net, sign=True)
                    said.append(words.reopened.format(bets=bets, net=net))
            elif isinstance(result, Bet):
                said.append(words.took_back_bet.format(bet=describe_bet(result, lang)))
            else:
                said.append(words.took_back_shoe.format(empty=shoe + 1, shoe=shoe))
        elif kind == "shoe":
            said.append(words.started_shoe.format(shoe=shoe))
        elif kind == "bankroll":
            said.append(words.bankroll.format(amount=money(amount(event["amount"]))))
        elif kind == "bet" and isinstance(result, Bet):
            said.append(words.bet.format(bet=describe_bet(result, lang)))
    end_run()
    if receipt.settled is not None and receipt.balance is not None:
        said.append(words.settled.format(amount=money(receipt.settled, sign=True)))
        if balance:
            said.append(PAGE_WORDS[lang].balance.format(amount=money(receipt.balance)))
    return said
