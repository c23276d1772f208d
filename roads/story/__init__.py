"""Pictures of a whole shoe: the board growing coup by coup (``animation``), and a one-page
report of the shoe (``report``) with its charts (``charts``), streaks (``streaks``) and the exact
odds of every next coup from the cards left (``remaining``).
"""
