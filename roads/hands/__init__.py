"""Hands: the result of each coup (outcome, pairs, natural, and the cards when known), the
result notation, the files hands are read from and written to, and the journal of a practice
session."""
