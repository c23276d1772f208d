"""What starting the installed ``roads`` command costs, against the floors it is held to
(issue 24).

    python bench/startup.py            # 21 rounds
    python bench/startup.py 41
    python bench/startup.py 21 --also /tmp/before/bin/python   # and another install, interleaved

Runs, as whole processes, ``roads --help``, ``roads render examples/eight-decks.jsonl -o b.svg``
and ``-o b.png`` (the ``roads`` script beside this Python, as installed), and the floors
``python -c "import click"`` and ``python -c "import PIL.Image"``, one of each per round, round
after round, so that a machine shared with others slows them alike; each figure is the median
of its rounds, and each ratio is taken in the same run. Bars: ``--help`` <= 1.5 x ``import
click``; each render <= 3 x ``import PIL.Image``.

This machine sets PYTHONDONTWRITEBYTECODE, and a virtual environment made by uv holds no
bytecode: every process would compile what it imports, as no installed program does. So the
packages measured (roads and its dependencies) are compiled first, as ``pip install`` would.

Run it with the Python of a clean virtual environment (``python -m venv``, then ``pip install
.``). A Python whose ``site`` runs more at start-up (a ``.pth`` file that imports a package, as
this machine's own Python has) adds the same time to the floors and to roads, which flatters
every ratio: the script measures ``python -S -c pass`` too and warns when ``site`` costs more
than a few milliseconds.

``--also PYTHON`` measures the roads installed beside another Python (a clean virtual
environment of an earlier commit, say) in the same rounds, with its own floors, so that a before
and an after are compared on the same machine at the same moments.
"""

from __future__ import annotations

import compileall
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "eight-decks.jsonl"
SITE_WARNING = 0.005
"""Seconds of ``site`` at start-up above which the ratios are flattered (a clean venv: ~1 ms)."""
PACKAGES = ("roads", "click", "PIL", "svgwrite", "fontTools", "numpy")
ALSO = "also: "
"""The names of the commands of ``--also``'s install."""
COMPILE = (
    "import compileall, importlib.util\n"
    f"for name in {PACKAGES!r}:\n"
    "    spec = importlib.util.find_spec(name)\n"
    "    if spec is not None and spec.submodule_search_locations:\n"
    "        for folder in spec.submodule_search_locations:\n"
    "            compileall.compile_dir(folder, quiet=2, workers=0)\n"
)
"""``compile_packages`` for another Python (``--also``)."""


def compile_packages() -> None:
    """Write the bytecode of every package measured, once (as an installer does)."""
    for name in PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                compileall.compile_dir(folder, quiet=2, workers=0)


def roads_command(python: str = sys.executable) -> str:
    script = Path(python).with_name("roads")
    found = str(script) if script.exists() else shutil.which("roads")
    if found is None:
        raise SystemExit("no installed roads command beside this Python or on PATH")
    return found


def _commands(python: str, folder: str, prefix: str = "") -> dict[str, list[str]]:
    roads = roads_command(python)
    return {
        f"{prefix}python -S -c pass": [python, "-S", "-c", "pass"],
        f"{prefix}python -c pass": [python, "-c", "pass"],
        f"{prefix}python -c 'import click'": [python, "-c", "import click"],
        f"{prefix}python -c 'import PIL.Image'": [python, "-c", "import PIL.Image"],
        f"{prefix}roads --help": [roads, "--help"],
        f"{prefix}roads render -o b.svg": [roads, "render", str(EXAMPLE), "-o", f"{folder}/b.svg"],
        f"{prefix}roads render -o b.png": [roads, "render", str(EXAMPLE), "-o", f"{folder}/b.png"],
    }


def main() -> None:
    arguments = [arg for arg in sys.argv[1:] if arg != "--also"]
    also = sys.argv[sys.argv.index("--also") + 1] if "--also" in sys.argv else None
    if also is not None:
        arguments.remove(also)
        subprocess.run([also, "-c", COMPILE], check=True)
    rounds = int(arguments[0]) if arguments else 21
    compile_packages()
    print(f"uptime: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (load, 1 and 5 min)")
    print(f"{os.cpu_count()} cores, {rounds} interleaved rounds, medians; {roads_command()}")
    if also is not None:
        print(f"  and ({ALSO}) {roads_command(also)}")
    with tempfile.TemporaryDirectory() as folder:
        commands = _commands(sys.executable, folder)
        if also is not None:
            commands |= _commands(also, folder, ALSO)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for command in commands.values():  # warm the file cache
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        for _ in range(rounds):
            for name, command in commands.items():
                start = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
                times[name].append(time.perf_counter() - start)
    median = {name: statistics.median(values) for name, values in times.items()}
    for name, seconds in median.items():
        print(f"  {name:40} {seconds * 1e3:8.1f} ms")
    for prefix in ("", ALSO) if also is not None else ("",):
        site = median[f"{prefix}python -c pass"] - median[f"{prefix}python -S -c pass"]
        if site > SITE_WARNING:
            print(
                f"  warning: site takes {site * 1e3:.1f} ms of every process here, floors "
                "included; the ratios below are flattered: use a clean virtual environment"
            )
        click_floor = median[f"{prefix}python -c 'import click'"]
        pil_floor = median[f"{prefix}python -c 'import PIL.Image'"]
        for name, floor, label, bar in (
            ("roads --help", click_floor, "import click", 1.5),
            ("roads render -o b.svg", pil_floor, "import PIL.Image", 3.0),
            ("roads render -o b.png", pil_floor, "import PIL.Image", 3.0),
        ):
            ratio = median[prefix + name] / floor
            print(f"  {prefix + name:32} / {label:18} {ratio:6.2f}  (bar <= {bar})")


if __name__ == "__main__":
    main()
