"""The game: cards, the third-card rules, coups, shoes, their shuffles, simulation and exact odds.

The shuffles (``shuffles``): ``philox``, the default, a Fisher-Yates shuffle on Philox4x64-10
(``philox``); and ``shake-sort``, the SHAKE-128 sort every seed was dealt with before it, kept
by name so that an old seed deals its old shoe again.
"""
