"""The ``roads`` command as installed (``roads = "roads.__main__:main"``) and as ``python -m
roads``.

Starting a command imports click, the command's module and what it draws with: some hundred
thousand objects that live as long as the process. Python's cyclic garbage collector would walk
them again and again while they are made, about a tenth of a short ``roads render``. So the
collector is paused until the command is loaded; then everything made so far is frozen out of
its way (:func:`gc.freeze`), and it runs as usual for the command's own work.
"""

from __future__ import annotations

import gc


def _collect_again() -> None:
    """Freeze what start-up made and let the collector run again (once is enough)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def main() -> None:
    """Run the command line with the collector paused until its command is loaded."""
    gc.disable()
    try:
        from roads.cli import main as command_line

        command_line(loaded=_collect_again)
    finally:
        _collect_again()


if __name__ == "__main__":
    main()
