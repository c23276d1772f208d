"""Live practice games: the journal that keeps them, the keyboard logger, the live board page."""
