"""Live practice games: the keyboard logger and the live board page, both kept in a journal
(``roads.hands.journal``)."""
