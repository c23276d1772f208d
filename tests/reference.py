"""Reference rules written from GAME.md, independently of the engine, so tests check the engine
against GAME.md rather than against itself."""

from __future__ import annotations

from collections import Counter

# GAME.md's tableau: the Player's third-card values on which the Banker draws, by Banker total.
BANKER_DRAWS_ON = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}

RANK_OF_VALUE = {0: "K", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}


def legal_draws(player: int, banker: int) -> tuple[bool, dict[int, bool] | bool]:
    """From GAME.md: does the Player draw, and does the Banker draw (per Player third value
    when the Player draws)."""
    if player >= 8 or banker >= 8:
        return False, False
    if player >= 6:
        return False, banker <= 5
    return True, {third: third in BANKER_DRAWS_ON.get(banker, set()) for third in range(10)}


def reference_odds(counts: list[int]) -> tuple[int, int, int, int]:
    """(total, banker, player, tie) by dealing every ordered sequence of card values from
    ``counts``, card by card, with GAME.md's rules; a coup of c cards counts once for each
    ordering of the 6 - c cards after it, as GAME.md's table does."""
    left = list(counts)
    n = sum(left)
    wins = [0, 0, 0]  # banker, player, tie

    def take(value: int) -> int:
        ways = left[value]
        left[value] -= 1
        return ways

    def settle(weight: int, cards: int, player: int, banker: int) -> None:
        tail = 1
        for k in range(cards, 6):
            tail *= n - k
        wins[0 if banker > player else 1 if player > banker else 2] += weight * tail

    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    w = 1
                    taken = []
                    for value in (p1, b1, p2, b2):
                        w *= take(value)
                        taken.append(value)
                    if w:
                        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                        player_draws, banker_rule = legal_draws(player, banker)
                        if not player_draws and not banker_rule:
                            settle(w, 4, player, banker)
                        elif not player_draws:
                            for b3 in range(10):
                                if left[b3]:
                                    settle(w * left[b3], 5, player, (banker + b3) % 10)
                        else:
                            assert isinstance(banker_rule, dict)
                            for p3 in range(10):
                                w5 = w * left[p3]
                                if not w5:
                                    continue
                                final = (player + p3) % 10
                                if not banker_rule[p3]:
                                    settle(w5, 5, final, banker)
                                    continue
                                left[p3] -= 1
                                for b3 in range(10):
                                    if left[b3]:
                                        settle(w5 * left[b3], 6, final, (banker + b3) % 10)
                                left[p3] += 1
                    for value in taken:
                        left[value] += 1
    total = 1
    for k in range(6):
        total *= n - k
    return total, wins[0], wins[1], wins[2]


def reference_cells(counts: list[int]) -> Counter[tuple[int, int, int, int]]:
    """Orderings of six cards by (player total, player cards, banker total, banker cards),
    dealing every ordered sequence of values card by card; a coup of c cards counts once for
    each ordering of the 6 - c cards after it."""
    left = list(counts)
    n = sum(left)
    found: Counter[tuple[int, int, int, int]] = Counter()

    def tail(cards: int) -> int:
        ways = 1
        for k in range(cards, 6):
            ways *= n - k
        return ways

    def take(v: int) -> int:
        ways = left[v]
        left[v] -= 1
        return ways

    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    w = take(p1) * take(b1) * take(p2) * take(b2)
                    if w > 0:
                        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                        player_draws, banker_rule = legal_draws(player, banker)
                        if not player_draws and not banker_rule:
                            found[player, 2, banker, 2] += w * tail(4)
                        elif not player_draws:
                            for b3 in range(10):
                                if left[b3]:
                                    key = (player, 2, (banker + b3) % 10, 3)
                                    found[key] += w * left[b3] * tail(5)
                        else:
                            assert isinstance(banker_rule, dict)
                            for p3 in range(10):
                                if not left[p3]:
                                    continue
                                w5 = w * take(p3)
                                final = (player + p3) % 10
                                if not banker_rule[p3]:
                                    found[final, 3, banker, 2] += w5 * tail(5)
                                else:
                                    for b3 in range(10):
                                        if left[b3]:
                                            found[final, 3, (banker + b3) % 10, 3] += w5 * left[b3]
                                left[p3] += 1
                    for v in (p1, b1, p2, b2):
                        left[v] += 1
    return found


def coup_of_values(cards: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The Player's total and cards, and the Banker's, of a coup dealt from the values
    ``cards`` in GAME.md's order (Player, Banker, Player, Banker, then the Player's third card,
    then the Banker's); ``cards`` holds at least as many as the coup uses."""
    player, banker = (cards[0] + cards[2]) % 10, (cards[1] + cards[3]) % 10
    player_draws, banker_rule = legal_draws(player, banker)
    player_cards = banker_cards = 2
    if player_draws:
        assert isinstance(banker_rule, dict)
        third = cards[4]
        player, player_cards = (player + third) % 10, 3
        banker_draws = banker_rule[third]
    else:
        banker_draws = bool(banker_rule)
    if banker_draws:
        banker, banker_cards = (banker + cards[player_cards + 2]) % 10, 3
    return player, player_cards, banker, banker_cards
