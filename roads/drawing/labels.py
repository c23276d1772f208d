"""The board's labels: kept as a name for ``roads.translations``, where every word lives."""

from roads.translations import ENGLISH, LANGUAGES, SIMPLIFIED, SYMBOLS, TRADITIONAL, Labels

__all__ = ["ENGLISH", "LANGUAGES", "SIMPLIFIED", "SYMBOLS", "TRADITIONAL", "Labels"]
