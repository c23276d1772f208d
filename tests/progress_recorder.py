"""A listener for ``roads.progress`` that writes down what long jobs report."""

from __future__ import annotations


class Recorder:
    """Every ``start``, ``advance`` and ``finish`` a job reports, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def start(self, label: str, total: int) -> None:
        self.events.append(("start", (label, total)))

    def advance(self, steps: int) -> None:
        self.events.append(("advance", steps))

    def finish(self) -> None:
        self.events.append(("finish", None))
