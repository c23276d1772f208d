"""The words of ``roads simulate --tally``: a module of its own, imported when first read (no
board draws them)."""

from __future__ import annotations

from roads.translations.board import Plural
from roads.values import frozen


@frozen
class TallyWords:
    """``roads simulate --tally``'s heading, in English (the command has no ``--lang``)."""

    heading: str
    """``{shoes}`` of ``{decks}`` (seed ``{seed}``, its ``{shuffle}``): ``{coups}``, each counted
    below."""
    shoes: Plural
    decks: Plural
    coups: Plural


TALLY_WORDS = TallyWords(
    heading="{shoes} of {decks} (seed {seed}, {shuffle} shuffle): {coups}",
    shoes=Plural("{n} shoe", "{n} shoes"),
    decks=Plural("{n} deck", "{n} decks"),
    coups=Plural("{n} coup", "{n} coups"),
)
