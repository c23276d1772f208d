"""Drawing: the scoreboard as a backend-neutral scene of shapes and text in board units, the
themes and labels it uses, and its plain-text form."""
