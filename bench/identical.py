"""Every output of roads byte for byte against another git revision (issue 22).

    python bench/identical.py              # against HEAD
    python bench/identical.py main~3       # against any revision
    python bench/identical.py --bytes HEAD # a PNG in other bytes differs too

Renders the examples and the documentation's boards in every format (SVG, PNG, GIF, animated
PNG and SVG, the HTML report and its charts, the study's page, JSON and charts, the export as
JSON and CSV, the wall) with the code of this work tree and with the code of the revision,
checked out in a temporary work tree, then compares the SHA-256 of each file. The inputs are
this work tree's, for both. Exits 1 if any output differs, or one side fails to make it.

A PNG (still or animated) whose bytes differ is compared again by what it shows: every frame's
mode, size and pixels, its resolution and its timing. One whose picture is the same is listed
as "pixels" (a change of encoder), not as a difference; ``--bytes`` counts it as one.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
EIGHT = str(EXAMPLES / "eight-decks.jsonl")
SHORT = str(EXAMPLES / "short.txt")
DRAGON = str(EXAMPLES / "dragon.txt")
SESSION = str(EXAMPLES / "session.jsonl")

# (name of the output, arguments of the roads command that writes it to OUT)
BOARDS: list[tuple[str, list[str]]] = [
    ("eight", ["render", EIGHT, "--title", "8-deck shoe, seed 2026"]),
    ("eight-zh-dark", ["render", EIGHT, "--lang", "zh", "--theme", "dark", "--label", "total"]),
    ("eight-zh-hant", ["render", EIGHT, "--lang", "zh-hant", "--theme", "accessible"]),
    ("eight-print", ["render", EIGHT, "--theme", "print", "--columns", "16"]),
    ("short", ["render", SHORT, "--title", "A short practice shoe"]),
    ("dragon-print", ["render", DRAGON, "--theme", "print", "--scale", "2"]),
    ("bead-plate", ["render", "--hands", "BPbTnPpBBPTBbPnBT", "--road", "bead-plate"]),
    ("big-road-ties", ["render", "--hands", "TTBPTTPBpTB", "--road", "big-road"]),
    ("big-road-only-ties", ["render", "--hands", "TT", "--road", "big-road"]),
    ("dragon-under", ["render", "--hands", "BBBBBBBBPPPPPPPPBBBBBBB", "--road", "big-road"]),
    ("bppb-big-eye-boy", ["render", "--hands", "BPPPB", "--road", "big-eye-boy"]),
    ("derived", ["render", "--hands", "BPPBBBPBPPBBPPPBPB", "--title", "18 coups"]),
    ("small-road", ["render", "--hands", "BPPBBBPBPPBBPPPBPB", "--road", "small-road"]),
    ("cockroach-pig", ["render", "--hands", "BPPBBBPBPPBBPPPBPB", "--road", "cockroach-pig"]),
    ("labels-total", ["render", EIGHT, "--road", "bead-plate", "--label", "total"]),
    ("last-12", ["render", EIGHT, "--road", "big-road", "--columns", "12"]),
    (
        "drop-back",
        ["render", "--hands", "BBBBBBBBPPPPPPPP", "--road", "big-road", "--tails", "drop-back"],
    ),
    ("casino", ["render", EIGHT, "--layout", "casino", "--columns", "24"]),
    ("lobby", ["render", EIGHT, "--layout", "lobby", "--theme", "accessible", "--bead-plate"]),
    ("transparent", ["render", SHORT, "--background", "none", "--dpi", "300"]),
    ("wall", ["render", SESSION, "--wall", "--title", "Eight shoes, seed 2026"]),
]
CASES: list[tuple[str, list[str]]] = [
    *((f"{name}.{ext}", args) for name, args in BOARDS for ext in ("svg", "png")),
    *((f"animation.{ext}", ["animate", SHORT, "--fps", "4"]) for ext in ("gif", "png", "svg")),
    ("animation-eight.gif", ["animate", EIGHT, "--fps", "6"]),
    ("text-as-paths.svg", ["render", SHORT, "--text-as-paths", "--title", "Café São Paulo"]),
    *((f"title-cjk.{ext}", ["render", SHORT, "--title", "第七桌 澳门"]) for ext in ("svg", "png")),
    *((f"report.{ext}", ["report", EIGHT, "--decks", "8"]) for ext in ("html", "svg", "png")),
    ("report-zh.html", ["report", SHORT, "--lang", "zh", "--theme", "dark"]),
    *(
        (f"study.{ext}", ["study", "--shoes", "300", "--seed", "1", "--exact-shoes", "2"])
        for ext in ("html", "json", "svg", "png")
    ),
    *((f"export.{ext}", ["export", EIGHT]) for ext in ("json", "csv")),
    ("export-hands.json", ["export", "--hands", "TBPbPPnBpTBPPB"]),
    # Every engine writes the same bytes: each one's, against the revision's.
    *(
        (f"simulate-{engine}.{ext}", ["simulate", "--shoes", "30", "--seed", "5", *flag])
        for engine, flag in (("python", ["--engine", "python"]), ("numpy", ["--engine", "numpy"]))
        for ext in ("jsonl", "csv", "txt")
    ),
    *(
        (f"tally-{engine}.txt", ["simulate", "--shoes", "2000", "--seed", "2", "--tally", *flag])
        for engine, flag in (("python", ["--engine", "python"]), ("numpy", ["--engine", "numpy"]))
    ),
    *(
        (
            f"study-{engine}.json",
            ["study", "--shoes", "400", "--seed", "4", "--exact-shoes", "2", *flag],
        )
        for engine, flag in (("python", ["--engine", "python"]), ("numpy", ["--engine", "numpy"]))
    ),
    *(
        (
            f"study-ez-{engine}.json",
            [
                "study",
                "--shoes",
                "300",
                "--seed",
                "6",
                "--exact-shoes",
                "1",
                "--rules",
                "ez",
                *flag,
            ],
        )
        for engine, flag in (("python", ["--engine", "python"]), ("numpy", ["--engine", "numpy"]))
    ),
]

DRIVER = """
import sys
sys.path.insert(0, sys.argv[1])
import json
import roads
from roads.cli import main
assert roads.__file__.startswith(sys.argv[1]), roads.__file__
for out, args in json.loads(sys.argv[3]):
    try:
        main([*args, "-o", sys.argv[2] + "/" + out])
    except SystemExit as stop:
        if stop.code:
            print(f"{out}: exit {stop.code}", file=sys.stderr)
"""


def picture(path: Path) -> str:
    """The SHA-256 of what the PNG at ``path`` shows: each frame's pixels, size, mode, its
    resolution and duration."""
    from PIL import Image, ImageSequence

    digest = hashlib.sha256()
    with Image.open(path) as image:
        digest.update(repr((image.info.get("dpi"), image.info.get("loop"))).encode())
        for frame in ImageSequence.Iterator(image):
            digest.update(repr((frame.mode, frame.size, frame.info.get("duration"))).encode())
            digest.update(frame.tobytes())
    return digest.hexdigest()


def make(code: Path, out: Path) -> dict[str, str]:
    """The SHA-256 of each case's output, made by the roads package in ``code``."""
    import json

    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-c", DRIVER, str(code), str(out), json.dumps(CASES)],
        check=False,
        cwd=out,
    )
    return {
        name: hashlib.sha256((out / name).read_bytes()).hexdigest()
        for name, _ in CASES
        if (out / name).exists()
    }


def main() -> int:
    named = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    revision = named[0] if named else "HEAD"
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(tree), revision],
            check=True,
        )
        try:
            before = make(tree, Path(scratch) / "before")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
        after = make(ROOT, Path(scratch) / "after")
        pixels = [
            name
            for name, _ in CASES
            if "--bytes" not in sys.argv
            and name.endswith(".png")
            and None not in (before.get(name), after.get(name))
            and before[name] != after[name]
            and picture(Path(scratch) / "before" / name) == picture(Path(scratch) / "after" / name)
        ]
    differ = [
        name
        for name, _ in CASES
        if (before.get(name) is None or before.get(name) != after.get(name)) and name not in pixels
    ]
    for name, _ in CASES:
        mark = "DIFFERS" if name in differ else "pixels" if name in pixels else "same"
        print(f"{mark:8} {name:28} {after.get(name, 'missing')[:16]}")
    same = len(CASES) - len(differ) - len(pixels)
    print(
        f"{same} identical, {len(pixels)} the same pictures in other bytes, "
        f"{len(differ)} differ (against {revision})"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
