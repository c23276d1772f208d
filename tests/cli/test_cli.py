"""The command line: output, exit codes, one-line errors, files left intact."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import click
import pytest
from command_line import is_one_error, run, run_process

from roads.cli import COMMANDS, cli
from roads.errors import RoadsError
from roads.game.odds import odds_for_decks
from roads.hands.notation import parse_notation
from roads.scoreboard import Scoreboard


def test_odds_json_has_integer_counts_and_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["odds", "--format", "json"], capsys)
    data = json.loads(out)
    exact = odds_for_decks(8)
    assert code == 0
    assert (data["total"], data["banker"], data["player"], data["tie"]) == (
        exact.total,
        exact.banker,
        exact.player,
        exact.tie,
    )
    assert data["house_edge"]["banker"] == pytest.approx(0.010579, abs=1e-6)


def test_odds_text_is_a_small_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["odds", "--decks", "6"], capsys)
    assert code == 0
    assert "6 decks" in out and "Banker" in out and "Tie" in out
    assert "Past results do not predict the next hand." in out


def test_odds_for_the_cards_left(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["odds", "--remaining", "16,4,4,4,4,4,4,4,4,4", "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["cards"] == 52


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--decks", "0"], "--decks"),
        (["odds", "--remaining", "1,2,3,4,5,6,7,8,9"], "ten card counts"),
        (["odds", "--remaining", "1,1,1,1,1,1,1,1,1,-1"], "negative"),
        (["odds", "--remaining", "1,1,1,1,1,0,0,0,0,0"], "only 5 are left"),
        (["odds", "--remaining", "a,b"], "whole numbers"),
        (["simulate", "--decks", "9"], "--decks"),
        (["simulate", "--cut-card", "2"], "cut card"),
        (["export", "--hands", "BPQ"], "position 3"),
        (["render", "--hands", "BP", "-o", "x.gif"], "cannot write the image as '.gif'"),
        (["show"], "give INPUT"),
        (["no-such-command"], "No such command"),
    ],
)
def test_bad_arguments_fail_with_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    assert out == ""
    first, *hint = err.strip().splitlines()
    command = "roads" if args[0] == "no-such-command" else f"roads {args[0]}"
    assert first.startswith(f"{command}: error: "), err
    # A usage error keeps click's hint, on a second line; other errors are one line.
    assert hint in ([], [f"Try '{command} --help' for help."]), err
    assert message in first
    assert "Traceback" not in err


def test_simulate_txt_is_the_notation_with_a_header(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "--seed", "42"], capsys)
    header, _ = out.splitlines()
    assert code == 0 and header == "# shoe 1: 8 decks, seed 42, shuffle philox, 83 coups"
    assert len(parse_notation(out)) == 83


def test_simulate_jsonl_and_csv_carry_the_same_coups(capsys: pytest.CaptureFixture[str]) -> None:
    _, jsonl, _ = run(["simulate", "--seed", "5", "--shoes", "2", "--format", "jsonl"], capsys)
    _, table, _ = run(["simulate", "--seed", "5", "--shoes", "2", "--format", "csv"], capsys)
    records = [json.loads(line) for line in jsonl.splitlines()]
    rows = list(csv.DictReader(io.StringIO(table)))
    assert len(records) == len(rows) > 150
    assert {r["shoe"] for r in records} == {1, 2}
    for record, row in zip(records, rows, strict=True):
        assert row["outcome"] == record["outcome"]
        assert row["player_cards"] == " ".join(record["player_cards"])
        assert int(row["banker_total"]) == record["banker_total"]


def test_simulate_tally_prints_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["simulate", "--seed", "1", "--shoes", "50", "--tally", "--format", "jsonl"], capsys
    )
    data = json.loads(out)
    assert code == 0 and data["banker"] + data["player"] + data["tie"] == data["coups"]


def test_export_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["export", "--hands", "BPPPBT"], capsys)
    assert code == 0
    assert [c["col"] for c in json.loads(out)["big_road"]] == [0, 1, 1, 1, 2]


def test_export_csv_has_one_row_per_cell(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["export", "--hands", "BPPPB", "--format", "csv"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    roads = [row["road"] for row in rows]
    assert code == 0
    assert roads.count("bead_plate") == 5 and roads.count("big_road") == 5
    assert roads.count("big_eye_boy") == 3


def test_export_reads_standard_input() -> None:
    result = run_process("export", "-", "--format", "json", stdin="outcome\nB\nP\n")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["stats"]["hands"] == 2


def test_show_prints_grids_ask_road_and_notice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["show", "--hands", "BPPPBTT"], capsys)
    assert code == 0
    for heading in (
        "Bead plate",
        "Big road",
        "Big Eye Boy",
        "Small Road",
        "Cockroach Pig",
        "if the next coup is Banker",
        "if the next coup is Player",
        "Past results do not predict the next hand.",
    ):
        assert heading in out
    assert "\x1b[" not in out


def test_show_colours_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["show", "--hands", "BP", "--colour"], capsys)
    assert "\x1b[31m" in out and "\x1b[34m" in out


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "board.json"
    target.write_text("precious")
    code, _, _ = run(["export", "--hands", "BPx", "-o", str(target)], capsys)
    assert code == 2 and target.read_text() == "precious"
    assert list(tmp_path.iterdir()) == [target]


def test_commands_that_draw_nothing_do_not_import_pillow_or_svgwrite() -> None:
    probe = (
        "import sys; from roads.cli import main\n"
        "try:\n    main(['export', '--hands', 'BPPT'])\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(repr(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PIL', 'svgwrite'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stderr == "[]"


def test_unexpected_errors_are_one_line_too(tmp_path: Path) -> None:
    result = run_process("export", str(tmp_path))
    assert result.returncode == 1  # a folder is not a file to read (test_exit_codes.py)
    assert is_one_error(result.stderr)


def test_a_device_is_written_in_place_not_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A null device of the test's own: a regression replaces it, not the machine's /dev/null.
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device needs root")
    code, _, _ = run(["export", "--hands", "BP", "-o", str(device)], capsys)
    assert code == 0
    assert device.is_char_device()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["null"]


def test_a_fifo_is_written_in_place_not_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with ThreadPoolExecutor(max_workers=1) as pool:
        received = pool.submit(fifo.read_bytes)
        code, _, _ = run(["export", "--hands", "BP", "-o", str(fifo)], capsys)
        assert code == 0
        assert json.loads(received.result(timeout=30))["stats"]["hands"] == 2
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_colour_show_draws_each_derived_road_with_its_own_symbol(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(["show", "--hands", "BPPBPPBBPBBPBPBPPB", "--colour"], capsys)
    sections = out.split("\n\n")
    symbols = {"Big Eye Boy": "○", "Small Road": "●", "Cockroach Pig": "╱"}
    for name, symbol in symbols.items():
        (section,) = [s for s in sections if s.startswith(name)]
        assert symbol in section
        assert not (set(symbols.values()) - {symbol}) & set(section)


def test_roads_alone_shows_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([], capsys)
    assert code == 0 and err == ""
    for name in (
        "simulate",
        "odds",
        "show",
        "export",
        "render",
        "log",
        "serve",
        "animate",
        "report",
    ):
        assert name in out
    assert "Past results do not predict the next hand" in out


def test_a_symbolic_link_is_followed_and_its_file_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, _, _ = run(["export", "--hands", "BP", "-o", str(link)], capsys)
    assert code == 0 and link.is_symlink()
    assert json.loads(real.read_text())["stats"]["hands"] == 2


def test_a_missing_folder_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["export", "--hands", "BP", "-o", str(tmp_path / "no" / "x.json")], capsys)
    assert code == 1
    assert err.strip() == f"roads export: error: no such folder: {tmp_path / 'no'}"


@pytest.mark.parametrize(
    "args",
    [["serve", "{path}"], ["log", "{path}", "--add", "B"], ["show", "{path}"]],
)
def test_a_missing_folder_is_named_the_same_way_by_every_command(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "no" / "g.jsonl"
    code, _, err = run([arg.format(path=path) for arg in args], capsys)
    assert code == 1
    assert err.strip() == f"roads {args[0]}: error: no such folder: {tmp_path / 'no'}"


def test_a_title_with_a_control_character_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["render", "--hands", "B", "--title", "a\x01b", "-o", "-", "--format", "svg"], capsys
    )
    assert code == 2 and out == "" and "control character" in err


def test_boards_too_large_to_draw_are_refused_with_a_way_out() -> None:
    board = Scoreboard.from_notation("B" * 200_001)
    with pytest.raises(RoadsError, match="keep only the last columns") as raised:
        board.svg()
    assert raised.value.about == ("columns",)  # the command line names it --columns
    assert board.svg(columns=40).count('class="mark bead-plate banker"') == 39 * 6 + 3


@pytest.mark.parametrize(
    "args",
    [
        ["render", "--hands", "BPPT", "-o", "-", "--format", "svg"],
        ["export", "--hands", "BPx"],
        # one process each under -X dev (0.5 s here): CI runs them all (--stress)
        pytest.param(["show", "--hands", "BPB"], marks=pytest.mark.stress),
        pytest.param(["export", "--hands", "BPbTn"], marks=pytest.mark.stress),
        pytest.param(["simulate", "--seed", "3", "--decks", "1"], marks=pytest.mark.stress),
        pytest.param(["odds", "--decks", "1"], marks=pytest.mark.stress),
        pytest.param([], marks=pytest.mark.stress),
    ],
)
def test_no_command_warns_under_python_dev_mode_with_warnings_as_errors(args: list[str]) -> None:
    # -X dev shows every DeprecationWarning and ResourceWarning; -W error makes each one fatal.
    result = subprocess.run(
        [sys.executable, "-W", "error", "-X", "dev", "-m", "roads", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "arning" not in result.stderr
    if args[-1:] == ["BPx"]:
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
        assert "unexpected 'x'" in result.stderr
    else:
        assert result.returncode == 0 and result.stderr == ""
        assert result.stdout


# -- one voice for errors ----------------------------------------------------------------------


def test_every_option_of_every_command_has_help() -> None:
    context = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None
        for parameter in command.params:
            if isinstance(parameter, click.Option):
                assert parameter.help, f"roads {name} {parameter.opts[0]} has no help"


@pytest.mark.parametrize("name", ["show", "export", "render", "animate", "report"])
def test_usage_lines_show_that_input_is_optional(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run([name, "--help"], capsys)
    assert f"Usage: roads {name} [OPTIONS] [INPUT]" in out


def test_text_is_the_text_format_everywhere_with_txt_as_its_alias(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for args in (["simulate", "--seed", "1"], ["odds", "--decks", "1"]):
        _, text, _ = run([*args, "--format", "text"], capsys)
        _, txt, _ = run([*args, "--format", "txt"], capsys)
        assert text == txt and text


def test_library_errors_get_flag_names_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["render", "--hands", "B" * 200_001, "-o", "x.svg"], capsys)
    assert code == 2 and is_one_error(err) and err.rstrip().endswith("(--columns)"), err
