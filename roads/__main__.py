"""The ``roads`` command as installed (``roads = "roads.__main__:main"``) and as ``python -m
roads``.

Starting a command imports click, the command's module and what it draws with: some hundred
thousand objects that live as long as the process. Python's cyclic garbage collector would walk
them again and again while they are made, about a tenth of a short ``roads render``. So the
collector is paused until the command is loaded; then everything made so far is frozen out of
its way (:func:`gc.freeze`), and it runs as usual for the command's own work.

Tearing those objects down again at exit takes about as long as a short command's drawing (4 ms
of a ``roads render``), and frees memory the system takes back anyway. So a command that ends
with no thread of its own still running runs the exit handlers (of worker pools, a Dask client,
Pillow's caches: :mod:`atexit`), flushes its output and ends there, without the teardown; any
other ends as usual.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys


def _collect_again() -> None:
    """Freeze what start-up made and let the collector run again (once is enough)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _alone() -> bool:
    """Whether no thread but this one runs (the teardown would wait for the others)."""
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def main() -> None:
    """Run the command line with the collector paused until its command is loaded, and end
    the process without its teardown when no other thread runs."""
    gc.disable()
    try:
        from roads.cli import main as command_line

        command_line(loaded=_collect_again)
    except SystemExit as done:
        _collect_again()
        code = done.code
        run_handlers = getattr(atexit, "_run_exitfuncs", None)
        if (code is None or isinstance(code, int)) and run_handlers is not None and _alone():
            run_handlers()
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except (OSError, ValueError):
                raise done from None
            os._exit(code or 0)
        raise
    finally:
        _collect_again()


if __name__ == "__main__":
    main()
