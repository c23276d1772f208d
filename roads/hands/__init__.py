"""Hands: the result of each coup (outcome, pairs, natural, and the cards when known), the
result notation, and the files hands are read from."""
