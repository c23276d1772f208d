"""The reading policy is the library's (``roads.policy.Input``): the command line only
parses its options into one and words the library's structured errors as its flags."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_line import run

from roads.cli import COMMANDS
from roads.errors import ArgumentError
from roads.hands.notation import format_notation
from roads.policy import Input
from roads.tables import STANDARD


def test_the_library_names_its_arguments_and_the_cli_its_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(ArgumentError) as caught:
        Input(text="BP", shoe=2).board()
    assert str(caught.value) == "shoe and every_shoe apply to files, not to text"
    code, _, err = run(["show", "--hands", "BP", "--shoe", "2"], capsys)
    assert code == 2
    assert (
        err.splitlines()[0] == "roads show: error: --shoe and --all apply to files, not to --hands"
    )


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ([], "give INPUT (a file, or - for standard input) or --hands TEXT"),
        (["--hands", "BP", "--shoe", "1", "--all"], "give --shoe N or --all, not both"),
        (["--hands", "BP", "--wall", "--all"], "--wall draws every shoe: drop --shoe and --all"),
    ],
)
def test_each_refusal_names_the_options_to_change(
    arguments: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["render", *arguments, "-o", str(tmp_path / "b.svg")], capsys)
    assert code == 2 and err.splitlines()[0] == f"roads render: error: {expected}", err
    assert not (tmp_path / "b.svg").exists()


def test_every_use_of_an_input_reads_the_same_hands(tmp_path: Path) -> None:
    notation = "BPPTBbPnBPPBTBB" * 40
    path = tmp_path / "shoe.txt"
    path.write_text(notation)
    given = Input(source=str(path))
    whole = given.board()
    hands, table = given.hands()
    assert format_notation(whole.hands) == format_notation(list(hands))
    assert table in (None, STANDARD)  # the standard table, where the file holds no other
    assert given.drawable().hands == whole.hands
    assert given.compact().stats == whole.stats
    assert [board.hands for board in given.shoes()] == [whole.hands]
    assert Input(text=notation).board() == whole


def _commands_reading_hands() -> list[str]:
    """Every command that takes INPUT or --hands, found from the commands themselves."""
    return [
        name
        for name, lazy in COMMANDS.items()
        if any(param.name == "hands_text" for param in lazy.load().params)
    ]


@pytest.mark.parametrize("command", _commands_reading_hands())
def test_input_and_hands_together_say_both_were_given_and_which_to_drop(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shoe = tmp_path / "shoe.txt"
    shoe.write_text("BPPT")
    output = tmp_path / "out"
    writes = any(param.name == "output" for param in COMMANDS[command].load().params)
    to_file = ["-o", str(output)] if writes else []
    code, out, err = run([command, str(shoe), "--hands", "B", *to_file], capsys)
    assert code == 2 and not out and not output.exists()
    assert err.splitlines()[0] == (
        f"roads {command}: error: both INPUT and --hands were given: "
        "drop --hands to read INPUT, or drop INPUT to use --hands"
    )


def test_the_commands_reading_hands_are_found() -> None:
    assert {"render", "show", "export", "animate", "report", "scorecard"} <= set(
        _commands_reading_hands()
    )
