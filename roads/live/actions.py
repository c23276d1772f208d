"""What people and scripts type to log a practice game, read as journal events; and what the
journal did, told back in words.

A line is one of: results in the notation (``B``, ``PbTn P``: one coup each), a coup's cards
Player first (``2h 3d 8c / Ks 3h``: the coup checker validates the draw), or a word: ``undo``,
``shoe`` (a new shoe), ``bet ON STAKE`` (a practice bet with play money), ``bankroll AMOUNT``,
``hands N`` (the session's plan), or ``seat N`` and then ``bet ON STAKE`` (several, split by
commas: one action), ``join NAME AMOUNT`` or ``leave``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from roads.errors import RoadsError
from roads.game.coup import Coup, Outcome
from roads.hands.hand import Hand
from roads.hands.journal import (
    Bet,
    Event,
    Receipt,
    Reopened,
    SeatChange,
    amount,
    bankroll_event,
    bet_event,
    coup_event,
    join_event,
    leave_event,
    money,
    plan_event,
    seat_bet_event,
    shoe_event,
    undo_event,
)
from roads.hands.notation import parse_notation
from roads.tables.money import amount_text
from roads.translations import LANGUAGES, LOGGER_WORDS, PAGE_WORDS, bet_word

WORDS = ("undo", "shoe", "bet", "bankroll", "hands", "seat")


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
    if word == "seat":
        return _seat_command(rest)
    if word == "hands":
        if not rest.strip().isdigit():
            raise CommandError("write the session's plan as 'hands N', e.g. hands 60")
        return [plan_event(int(rest))]
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
    return bet_event(*_bet_parts(text))


def seat_bet(seat: int) -> Callable[[str], Event]:
    """What reads a practice bet as ``parse_bet`` does, as seat number ``seat``'s."""

    def parse(text: str) -> Event:
        return seat_bet_event(seat, *_bet_parts(text))

    return parse


def _bet_parts(text: str) -> tuple[str, Fraction]:
    parts = text.replace(":", " ").split()
    if len(parts) < 2:
        raise CommandError(
            f"write a practice bet as ON STAKE, e.g. 'banker 10', not {text.strip()!r}; "
            "ON is banker, player, tie or a side bet (banker_pair, dragon_7, ...)"
        )
    return " ".join(parts[:-1]), amount(parts[-1])


def parse_seat_bets(seat: int, text: str) -> list[Event]:
    """Seat number ``seat``'s bets, written as ``parse_bet`` reads them and split by commas
    or semicolons (``banker 40, pp 5``): one action."""
    parts = [part for part in text.replace(";", ",").split(",") if part.strip()]
    if not parts:
        raise CommandError("write a practice bet as ON STAKE, e.g. 'banker 10'")
    return [seat_bet(seat)(part) for part in parts]


def _seat_command(text: str) -> list[Event]:
    """``N bet ON STAKE, ...``, ``N join NAME AMOUNT`` or ``N leave`` (after ``seat``)."""
    number, _, rest = text.strip().partition(" ")
    word, _, rest = rest.strip().partition(" ")
    if (
        not number.isascii()
        or not number.isdigit()
        or word.lower()
        not in (
            "bet",
            "join",
            "leave",
        )
    ):
        raise CommandError(
            "write 'seat N bet ON STAKE', 'seat N join NAME AMOUNT' or 'seat N leave', "
            f"not {('seat ' + text.strip())!r}"
        )
    seat, word = int(number), word.lower()
    if word == "bet":
        return parse_seat_bets(seat, rest)
    if word == "leave":
        if rest.strip():
            raise CommandError("'leave' takes nothing after it")
        return [leave_event(seat)]
    name, _, bankroll = rest.strip().rpartition(" ")
    if not name.strip():
        raise CommandError("write 'seat N join NAME AMOUNT', e.g. seat 2 join Ben 500")
    return [join_event(seat, name.strip(), amount(bankroll))]


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


def hand_totals(hand: Hand, lang: str = "en") -> str:
    """`` 6 to 7 (Ad 2c 3s / 7h Kc)``: the totals and the cards of ``hand``, after a space, in
    ``lang`` ("" when it was logged without its cards)."""
    if hand.coup is None:
        return ""
    return " " + LOGGER_WORDS[lang].totals.format(
        player=hand.coup.player_total, banker=hand.coup.banker_total, cards=hand.coup
    )


def describe_hand(hand: Hand, lang: str = "en") -> str:
    """``Banker · banker pair · natural``; with the cards, the totals and the cards."""
    words = LOGGER_WORDS[lang]
    said = [outcome_name(hand.outcome, lang) + hand_totals(hand, lang)]
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
    kinds = receipt.kinds or tuple(event["event"] for event in events)
    steps = zip(events, kinds, receipt.results, receipt.places, reopened, strict=True)
    for event, kind, result, place, opened in steps:
        if kind == "coup" and isinstance(result, Hand):
            run.append((result, place))
            continue
        end_run()
        if kind in ("close", "reopen"):
            said.append(
                (words.closed if kind == "close" else words.took_back_close).format(
                    coup=place[1] + 1
                )
            )
        elif kind == "undo":
            said += _undone(result, place, opened, lang, seated=receipt.seated)
        else:
            said += _step(event, result, place, receipt, lang)
    end_run()
    said += _settled(receipt, balance, lang)
    if receipt.plan is not None and any(event["event"] == "coup" for event in events):
        said.append(words.hands_left.format(left=receipt.hands_left, hands=receipt.plan))
    return said


def _undone(
    result: Hand | Bet | SeatChange | None,
    place: tuple[int, int],
    opened: Reopened | None,
    lang: str,
    *,
    seated: bool,
) -> list[str]:
    """What an undo took back, in words (a bet by its seat, at a table with ``seated``)."""
    words = LOGGER_WORDS[lang]
    shoe, coups = place
    if isinstance(result, Hand):
        said = [words.took_back.format(coup=coups + 1, shoe=shoe, hand=describe_hand(result, lang))]
        if opened is not None:
            bets = ", ".join(describe_bet(bet, lang) for bet in opened.bets)
            said.append(words.reopened.format(bets=bets, net=money(opened.net, sign=True)))
        return said
    if isinstance(result, Bet):
        if result.seat == 1 and not seated:
            return [words.took_back_bet.format(bet=describe_bet(result, lang))]
        on = bet_name(result.on, lang)
        return [
            words.took_back_seat_bet.format(
                seat=result.seat,
                on=on.lower() if lang == "en" else on,
                stake=amount_text(result.stake),
            )
        ]
    if isinstance(result, SeatChange):
        took = words.took_back_join if result.kind == "join" else words.took_back_leave
        return [took.format(name=_name(result.name, lang), seat=result.seat)]
    return [words.took_back_shoe.format(empty=shoe + 1, shoe=shoe)]


def _step(
    event: Event,
    result: Hand | Bet | SeatChange | None,
    place: tuple[int, int],
    receipt: Receipt,
    lang: str,
) -> list[str]:
    """What any other event than a coup or an undo did, in words."""
    words = LOGGER_WORDS[lang]
    kind = event["event"]
    if kind == "shoe":
        boxes = [
            words.box_taken.format(seat=seat, name=_name(name, lang), amount=money(box))
            for seat, name, box in receipt.collected
        ]
        return [words.started_shoe.format(shoe=place[0]), *boxes]
    if kind == "bankroll":
        return [words.bankroll.format(amount=money(amount(event["amount"])))]
    if kind == "bet" and isinstance(result, Bet):
        return [words.bet.format(bet=describe_bet(result, lang))]
    if kind == "seat_bet" and isinstance(result, Bet):
        bet = describe_bet(result, lang)
        return [words.seat_bet.format(seat=result.seat, bet=bet, coup=place[1] + 1)]
    if isinstance(result, SeatChange):
        name = _name(result.name, lang)
        if result.kind == "join":
            return [words.joined.format(seat=result.seat, name=name, amount=money(result.amount))]
        said = words.left.format(seat=result.seat, name=name, amount=money(result.amount))
        if result.collected:
            said += ", " + words.box_collected.format(amount=money(result.collected))
        return [said]
    if kind == "table":
        from roads.hands.journal_events import table_of_event

        table = table_of_event(event)
        named = f"{table.name}: " if table.name else ""
        return [words.table_posted.format(table=f"{named}{table.rules}, Tie {table.tie_pays}:1")]
    if kind == "plan":
        left = receipt.hands_left if receipt.hands_left is not None else event["hands"]
        return [words.planned.format(hands=event["hands"], left=left)]
    return []


def _settled(receipt: Receipt, balance: bool, lang: str) -> list[str]:
    """The bets the coups settled: each seat's net and balance, or (a journal without seats)
    the net and the practice balance."""
    words = LOGGER_WORDS[lang]
    if receipt.seats:
        said = []
        for seat in receipt.seats:
            line = words.seat_settled.format(
                seat=seat.seat,
                name=_name(seat.name, lang),
                net=money(seat.net, sign=True),
                balance=money(seat.balance),
            )
            said.append(line + (words.seat_box.format(box=money(seat.box)) if seat.box else ""))
        return said
    if receipt.settled is None or receipt.balance is None:
        return []
    said = [words.settled.format(amount=money(receipt.settled, sign=True))]
    if balance:
        said.append(PAGE_WORDS[lang].balance.format(amount=money(receipt.balance)))
    return said


def _name(name: str | None, lang: str) -> str:
    return name if name is not None else LOGGER_WORDS[lang].anonymous
