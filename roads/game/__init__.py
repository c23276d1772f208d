"""The game: cards, the third-card rules, coups, shoes, simulation and exact odds."""
