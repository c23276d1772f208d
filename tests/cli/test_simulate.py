"""``roads simulate`` (``roads.cli.simulate``): the coups of seeded shoes, or their tally."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from roads.cli.simulate import command


def test_a_seed_deals_the_same_shoes_with_every_engine(tmp_path: Path) -> None:
    outputs = []
    for engine in ("python", "numpy"):
        out = tmp_path / f"{engine}.txt"
        args = ["--seed", "1", "--shoes", "2", "--engine", engine, "-o", str(out)]
        result = CliRunner().invoke(command, args)
        assert result.exit_code == 0, result.output
        outputs.append(out.read_text())
    assert outputs[0] == outputs[1]
    assert outputs[0].startswith("# shoe 1: 8 decks, seed 1, shuffle philox, 78 coups\n")


def test_the_tally_counts_every_coup() -> None:
    result = CliRunner().invoke(command, ["--seed", "1", "--shoes", "3", "--tally", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("3 shoes of 8 decks (seed 1, philox shuffle): 240 coups")
    counts = [int(line.split()[1]) for line in result.output.splitlines()[1:4]]
    assert sum(counts) == 240
