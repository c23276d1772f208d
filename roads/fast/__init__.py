"""The fast engine, ``numpy``: twins of the references that give the same integers and bytes,
faster (``roads.engines`` registers it and chooses it; nothing else imports it).

- ``deal`` and ``shuffle``: many shoes dealt at once (``dealing`` for the engine, ``text``
  writes their coups straight from the arrays); the reference is ``roads.game.shoe``;
- ``odds`` and ``odds_groups``: the exact odds from a fixed table of the orderings grouped by
  the values the six cards show; the reference is ``roads.game.odds``;
- ``roads``: the five roads of a whole sequence of hands at once, from their codes; the
  reference is ``roads.grids.roads``;
- ``export``: the export's cells as text, read straight from those roads; the reference is
  ``roads.grids.export_items``;
- ``reading``: the hands of a file in the compact form an export needs; the reference is
  ``roads.hands.readers``;
- ``study`` and ``streaks``: the study's counts of signal states, many shoes at once; the
  reference is ``roads.study.counters``.

Each concept's suite, ``tests/engines/``, holds every registered engine to the reference.
"""
