"""``roads study``: its counts against a reference written here from ROADS.md, its statistics
against known values, and the same bytes for any number of jobs, either engine and on Dask."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import extras
import pytest
from browser_watch import watch
from command_line import run
from hypothesis import given, settings
from hypothesis import strategies as st
from schema_errors import _errors
from tiers import size

from roads.game.odds import deck_counts, exact_odds
from roads.notice import NOTICE
from roads.study.counters import counting_engine
from roads.study.exact import odds_of
from roads.study.signals import CELLS, count_shoe
from roads.study.statistics import chi_square_sf, independence, upper_gamma, wilson
from roads.tables import STANDARD
from roads.tables.pricing import outcome_edge

SEED, SHOES = 11, 60

# -- an independent reference, from ROADS.md and the definitions ------------------------


_FIELDS = ("bets", "won", "lost", "tied", "banker", "player", *(a + b for a in "BP" for b in "BPT"))


def reference_counts(shoes: list[str]) -> dict[str, dict[str, int]]:
    """For each signal checked here: bets, won, lost, tied, and how often it named each side."""
    found: dict[str, dict[str, int]] = {}

    def add(name: str, side: str, result: str) -> None:
        row = found.setdefault(name, dict.fromkeys(_FIELDS, 0))
        row["bets"] += 1
        row[f"{side}{result}"] += 1
        row["banker" if side == "B" else "player"] += 1
        row["tied" if result == "T" else "won" if result == side else "lost"] += 1

    for shoe in shoes:
        streaks: list[list[str]] = []  # the big road's logical columns, ties left out
        for result in shoe:
            if streaks:
                last = streaks[-1][0]
                other = "P" if last == "B" else "B"
                add("follow-last", last, result)
                add("chop", other, result)
                length = len(streaks[-1])
                add(f"streak-{length}" if length < 7 else "streak-7+", last, result)
                # Doubles: after two streaks of two, make this one two, then bet it ends.
                if len(streaks) >= 3 and len(streaks[-2]) == len(streaks[-3]) == 2:
                    if length == 1:
                        add("doubles", last, result)
                    elif length == 2:
                        add("doubles", other, result)
                # Big Eye Boy's ask answers: the mark the road would get from each next result,
                # by section 3 of ROADS.md, with L the streak lengths (1-based).
                lengths = [len(column) for column in streaks]
                answers = {}
                for side in "BP":
                    if side == last:
                        n, m = len(lengths), lengths[-1] + 1
                        if n - 1 >= 1:
                            p = lengths[n - 1 - 1]
                            answers[side] = "blue" if m == p + 1 else "red"
                    else:
                        n = len(lengths) + 1
                        if n - 1 - 1 >= 1:
                            same = lengths[n - 2] == lengths[n - 3]
                            answers[side] = "red" if same else "blue"
                if len(answers) == 2:
                    red = next(side for side, colour in answers.items() if colour == "red")
                    add("big-eye-boy-red", red, result)
            if result == "T":
                continue
            if streaks and streaks[-1][0] == result:
                streaks[-1].append(result)
            else:
                streaks.append([result])
    return found


@pytest.fixture(scope="module")
def simulated_shoes(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The outcomes of ``roads simulate --seed SEED --shoes SHOES``, read back from its JSONL."""
    from roads.cli import main

    path = tmp_path_factory.mktemp("study") / "shoes.jsonl"
    with pytest.raises(SystemExit) as exit_:
        main(
            [
                "simulate",
                "--seed",
                str(SEED),
                "--shoes",
                str(SHOES),
                "--format",
                "jsonl",
                "-o",
                str(path),
            ]
        )
    assert exit_.value.code in (0, None)
    shoes: dict[int, list[str]] = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        shoes.setdefault(record["shoe"], []).append(record["outcome"])
    return ["".join(shoes[number]) for number in sorted(shoes)]


def study(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> bytes:
    out = tmp_path / "study.json"
    code, _, err = run(["study", *args, "-o", str(out)], capsys)
    assert code == 0, err
    return out.read_bytes()


def test_counts_match_an_independent_reference(
    simulated_shoes: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(study(["--seed", str(SEED), "--shoes", str(SHOES)], tmp_path, capsys))
    expected = reference_counts(simulated_shoes)
    by_name = {signal["name"]: signal for signal in document["signals"]}
    checked = ["follow-last", "chop", "big-eye-boy-red", "doubles"]
    checked += [f"streak-{n}" for n in range(1, 7)] + ["streak-7+"]
    for name in checked:
        signal, reference = by_name[name], expected.get(name, dict.fromkeys(_FIELDS, 0))
        assert signal["bets"] == reference["bets"], name
        assert signal["won"] == reference["won"], name
        assert signal["lost"] == reference["lost"], name
        assert signal["tied"] == reference["tied"], name
        assert signal["named_banker"] == reference["banker"], name
        assert signal["named_player"] == reference["player"], name
        assert signal["table"]["banker_named"] == [reference[f"B{r}"] for r in "BPT"], name
        assert signal["table"]["player_named"] == [reference[f"P{r}"] for r in "BPT"], name
        for outcome, key in zip("BPT", ("banker", "player", "tie"), strict=True):
            count = reference[f"B{outcome}"] + reference[f"P{outcome}"]
            assert signal["next_coup"][key]["count"] == count, name
    coups = sum(len(shoe) for shoe in simulated_shoes)
    assert document["data"]["coups"] == document["unconditional"]["coups"] == coups
    assert document["unconditional"]["tie"]["count"] == sum(s.count("T") for s in simulated_shoes)
    # Every coup but the first of a shoe (and ties before the first B/P) names a side.
    assert by_name["follow-last"]["bets"] == sum(
        len(shoe.lstrip("T")) - 1 for shoe in simulated_shoes if shoe.strip("T")
    )


def test_flat_bet_and_frequencies_follow_from_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(study(["--seed", "5", "--shoes", "40"], tmp_path, capsys))
    for signal in document["signals"]:
        banker_row = signal["table"]["banker_named"]
        player_row = signal["table"]["player_named"]
        units = 0.95 * banker_row[0] + player_row[1] - banker_row[1] - player_row[0]
        assert math.isclose(signal["flat_bet"]["units"], units, abs_tol=1e-6)
        if signal["bets"]:
            assert math.isclose(signal["flat_bet"]["per_bet"], units / signal["bets"])
            share = (banker_row[2] + player_row[2]) / signal["bets"]
            assert math.isclose(signal["next_coup"]["tie"]["share"], share)
        assert signal["curve"]["bets"][-1] == signal["bets"]
    assert document["notice"] == NOTICE


_SAME_STUDY = ["--seed", "3", "--shoes", "150", "--exact-shoes", "2"]


def test_same_bytes_for_every_job_count_and_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    extras.numpy()
    from roads.study import counting

    # A study this small runs in one process unless told that every shoe pays for a worker.
    monkeypatch.setattr(counting, "SHOES_PER_WORKER", {"numpy": 1, "python": 1})
    monkeypatch.setattr(counting, "SPAWNED_SHOES_PER_WORKER", {"numpy": 1, "python": 1})
    one = study([*_SAME_STUDY, "--jobs", "1"], tmp_path, capsys)
    assert study([*_SAME_STUDY, "--jobs", "auto"], tmp_path, capsys) == one
    assert study([*_SAME_STUDY, "--jobs", "2"], tmp_path, capsys) == one
    assert study([*_SAME_STUDY, "--engine", "numpy"], tmp_path, capsys) == one
    assert study([*_SAME_STUDY, "--engine", "numpy", "--jobs", "2"], tmp_path, capsys) == one


@pytest.mark.stress  # a Dask cluster of three processes: CI runs it (pytest --stress)
def test_same_bytes_on_dask(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extras.numpy()
    distributed = extras.distributed()
    one = study([*_SAME_STUDY, "--jobs", "1"], tmp_path, capsys)
    with distributed.LocalCluster(
        # dashboard_address=None still takes port 8787: ":0" takes a free one, so two runs
        # (pytest-xdist workers, two checkouts) never meet.
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
    ) as cluster:
        on_dask = study([*_SAME_STUDY, "--scheduler", cluster.scheduler_address], tmp_path, capsys)
    assert on_dask == one


def test_recorded_shoes_give_the_counts_of_the_same_simulated_shoes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv_path = tmp_path / "shoes.csv"
    txt_path = tmp_path / "shoes.txt"
    jsonl_path = tmp_path / "shoes.jsonl"
    for path, format_ in ((csv_path, "csv"), (txt_path, "txt"), (jsonl_path, "jsonl")):
        code, _, err = run(
            ["simulate", "--seed", "9", "--shoes", "12", "--format", format_, "-o", str(path)],
            capsys,
        )
        assert code == 0, err
    simulated = json.loads(
        study(["--seed", "9", "--shoes", "12", "--exact-shoes", "2"], tmp_path, capsys)
    )
    from_csv = json.loads(study([str(csv_path), "--exact-shoes", "2"], tmp_path, capsys))
    from_txt = json.loads(study([str(txt_path)], tmp_path, capsys))
    from_jsonl = json.loads(study([str(jsonl_path)], tmp_path, capsys))
    assert from_csv["data"]["shoes"] == from_txt["data"]["shoes"] == 12
    assert from_csv["signals"] == simulated["signals"] == from_txt["signals"]
    assert from_jsonl["signals"] == simulated["signals"]
    # Two files are two sets of shoes: the counts add up.
    both = json.loads(study([str(txt_path), str(jsonl_path)], tmp_path, capsys))
    assert both["data"]["shoes"] == 24
    assert both["signals"][0]["bets"] == 2 * simulated["signals"][0]["bets"]
    # The CSV holds the cards, so its exact part counts the same coups of the dealt shoes; it does
    # not hold the face-up burn card, which the simulated study sees, so the edges differ a little.
    recorded, dealt = from_csv["card_removal"], simulated["card_removal"]
    assert recorded["coups"] == dealt["coups"]
    assert [r["coups"] for r in recorded["by_position"]] == [
        r["coups"] for r in dealt["by_position"]
    ]
    pairs = list(zip(recorded["by_position"], dealt["by_position"], strict=True))
    assert all(a["banker_edge_mean"] != b["banker_edge_mean"] for a, b in pairs)
    assert all(abs(a["banker_edge_mean"] - b["banker_edge_mean"]) < 0.01 for a, b in pairs)
    assert from_csv["perfect_play"]["face_up_burns"] == []
    assert len(simulated["perfect_play"]["face_up_burns"]) == 2
    assert from_txt["card_removal"] is None


def test_a_journal_with_several_shoes_is_studied_shoe_by_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from roads.game.coup import Outcome
    from roads.hands import journal
    from roads.hands.hand import Hand

    path = tmp_path / "session.journal"
    log = journal.Journal(path)
    for letter in "BBP":
        log.add(Hand(Outcome(letter)))
    log.new_shoe()
    for letter in "PB":
        log.add(Hand(Outcome(letter)))
    document = json.loads(study([str(path)], tmp_path, capsys))
    by_name = {signal["name"]: signal for signal in document["signals"]}
    # Shoe 1: B B P gives follow-last bets B (won), B (lost); shoe 2: P B gives P (lost).
    assert by_name["follow-last"]["bets"] == 3
    assert by_name["follow-last"]["won"] == 1
    assert document["data"]["shoes"] == 2


def test_usage_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["study", "-o", str(tmp_path / "x.json")], capsys)
    assert code == 2 and "--shoes" in err
    code, _, err = run(["study", "--shoes", "2", "-o", str(tmp_path / "x.doc")], capsys)
    assert code == 2 and "format" in err and "Traceback" not in err
    assert not (tmp_path / "x.doc").exists()
    shoes = tmp_path / "shoes.json"
    shoes.write_text('{"outcome": "B"}\n{"outcome": "P"}\n')
    code, _, err = run(["study", str(shoes), "-o", str(shoes)], capsys)
    assert code == 2 and "would write over the input" in err
    assert shoes.read_text() == '{"outcome": "B"}\n{"outcome": "P"}\n'


# -- pieces -----------------------------------------------------------------------------------


@given(st.lists(st.text(alphabet="BPT", max_size=90), max_size=12))
def test_numpy_counting_gives_the_pure_integers(shoes: list[str]) -> None:
    extras.numpy()
    encoded = [shoe.translate(str.maketrans("BPT", "\0\1\2")).encode() for shoe in shoes]
    counts = [0] * CELLS
    for shoe in encoded:
        count_shoe(shoe, counts)
    assert counting_engine("numpy").tally_recorded(encoded).counts == tuple(counts)


@given(st.lists(st.text(alphabet="BPT", min_size=1, max_size=60), min_size=1, max_size=4))
def test_derived_signals_name_the_side_the_ask_road_colours(shoes: list[str]) -> None:
    from roads.game.coup import Outcome
    from roads.grids.roads import Roads
    from roads.hands.hand import Hand
    from roads.study.signals import sides

    named = sides()
    for shoe in shoes:
        states: list[int] = []
        count_shoe(shoe.translate(str.maketrans("BPT", "\0\1\2")).encode(), [0] * CELLS, states)
        board = Roads()
        for letter, state in zip(shoe, states, strict=True):
            ask = board.ask
            for road, name in enumerate(("big-eye-boy", "small-road", "cockroach-pig")):
                b, p = tuple(ask.banker)[road], tuple(ask.player)[road]
                for colour in ("red", "blue"):
                    want = -1
                    if b is not None and p is not None:
                        want = 0 if b.value == colour else 1
                    assert named[f"{name}-{colour}"][state] == want
            board.add(Hand(Outcome(letter)))


def test_numpy_exact_odds_are_the_exact_integers() -> None:
    extras.numpy()
    rng = random.Random(4)
    counts = []
    for decks in (1, 2, 6, 8):
        left = list(deck_counts(decks))
        for _ in range(rng.randint(0, sum(left) - 8)):
            value = rng.choice([v for v in range(10) if left[v]])
            left[value] -= 1
        counts.append(tuple(left))
    counts.append((0, 0, 0, 0, 0, 0, 0, 0, 3, 3))
    for one, row in zip(counts, odds_of(counts, "numpy"), strict=True):
        odds = exact_odds(one)
        assert row == (odds.total, odds.banker, odds.player, odds.tie)


def test_chi_square_survival_matches_table_values() -> None:
    # Critical values from standard chi-square tables.
    for statistic, df, p in (
        (3.841, 1, 0.05),
        (5.991, 2, 0.05),
        (7.815, 3, 0.05),
        (6.635, 1, 0.01),
        (9.210, 2, 0.01),
        (18.307, 10, 0.05),
    ):
        assert math.isclose(chi_square_sf(statistic, df), p, rel_tol=2e-3)
    # Q(1, x) = exp(-x) and Q(1/2, x) = erfc(sqrt(x)) for any x.
    for x in (0.1, 1.0, 4.0, 30.0):
        assert math.isclose(upper_gamma(1.0, x), math.exp(-x), rel_tol=1e-10)
        assert math.isclose(upper_gamma(0.5, x), math.erfc(math.sqrt(x)), rel_tol=1e-9)


def test_independence_and_wilson_by_hand() -> None:
    # [[10, 20], [20, 10]]: expected 15 everywhere, statistic 4 * 25 / 15.
    test = independence([[10, 20, 0], [20, 10, 0]])
    assert test is not None and test.df == 1
    assert math.isclose(test.statistic, 100 / 15)
    assert independence([[5, 5, 1], [0, 0, 0]]) is None
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0
    # The bounds of 0 of n and n of n are exactly 0 and 1, never a rounding error above them.
    for n in (1, 3, 7, 10, 100, 12345):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0


def test_jobs_start_only_the_workers_the_work_pays_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from roads import parallel
    from roads.study.counting import SHOES_PER_WORKER, plan, workers_for

    monkeypatch.setattr(parallel, "start_method", lambda: "fork")
    per_worker = SHOES_PER_WORKER["numpy"]
    assert workers_for(2, plan(per_worker // 2, 0), "numpy") == 1
    assert workers_for(2, plan(20_000, 0), "numpy") == 2
    assert workers_for(2, plan(2 * per_worker, 0), "numpy") == 2
    assert workers_for(8, plan(3 * per_worker, 0), "numpy") == 3
    # Exact shoes weigh far more than counted ones.
    assert workers_for(2, plan(1_000, 2_000), "numpy") == 2
    assert workers_for(1, plan(10**6, 0), "numpy") == 1


def test_wording_follows_the_tests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from roads.study.document import Study
    from roads.study.wording import conclusions

    document = json.loads(study(["--seed", "2", "--shoes", "50"], tmp_path, capsys))
    signal = next(s for s in document["signals"] if s["name"] == "follow-last")
    ahead: dict[str, Any] = json.loads(json.dumps(signal))
    ahead["flat_bet"].update(per_bet=0.01, low=-0.05, high=0.07, exact_expected_per_bet=-0.011)
    changed = dict(document, signals=[ahead])
    text = " ".join(conclusions(Study.from_dict(changed)))
    # Ahead without the alarm: the adjusted tests say chance, and the words say so.
    assert "ended ahead; after the adjustment for the tests, no signal is beyond chance" in text
    # Ahead with the alarm: nothing explains it away.
    alarmed = dict(changed, fairness=dict(document["fairness"], alarm=True, beyond=["follow-last"]))
    text = " ".join(conclusions(Study.from_dict(alarmed)))
    assert text.startswith("These records are not consistent with a fair shoe")
    assert "goes with the alarm above" in text
    assert "within what chance gives" not in text
    for word in ("edge over", "beat the house", "winning system"):
        assert word not in text
    assert NOTICE in text


def test_page_has_the_notice_the_conclusions_and_the_charts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "study.html"
    code, _, err = run(
        ["study", "--seed", "1", "--shoes", "30", "--exact-shoes", "1", "-o", str(page)], capsys
    )
    assert code == 0, err
    html = page.read_text()
    assert html.count(NOTICE) >= 2 and html.index(NOTICE) < html.index("<main>")
    document = json.loads(
        study(["--seed", "1", "--shoes", "30", "--exact-shoes", "1"], tmp_path, capsys)
    )
    from html import escape

    for line in document["conclusions"]:
        assert escape(line) in html
    assert html.count("<svg") == 5  # frequencies, money, curves, ahead, edges
    for signal in document["signals"]:
        assert f'data-signal="{signal["name"]}"' in html
    assert "http://" not in html.replace("http://www.w3.org", "")


def test_charts_alone_as_png_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    for suffix in ("png", "svg"):
        out = tmp_path / f"study.{suffix}"
        args = ["study", "--seed", "1", "--shoes", "20", "--exact-shoes", "1"]
        code, _, err = run([*args, "-o", str(out)], capsys)
        assert code == 0, err
    with Image.open(tmp_path / "study.png") as image:
        assert image.width > 700 and image.height > 1000
    assert NOTICE in (tmp_path / "study.svg").read_text()


# -- the JSON contract ------------------------------------------------------------------------


def test_documents_follow_the_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.resources import files

    schema = json.loads((files("roads.study") / "schema.json").read_text())
    simulated = json.loads(
        study(["--seed", "4", "--shoes", "20", "--exact-shoes", "1"], tmp_path, capsys)
    )
    notation = tmp_path / "shoe.txt"
    notation.write_text("BPPTBBBPBPBTPPPB\n")
    recorded = json.loads(study([str(notation)], tmp_path, capsys))
    for document in (simulated, recorded):
        assert _errors(document, schema, schema, "$") == []
    assert recorded["card_removal"] is None
    broken = dict(simulated, extra=1)
    assert _errors(broken, schema, schema, "$") == ["$: 'extra' is not in the schema"]


# -- in a browser -------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("width", [pytest.param(1280, marks=pytest.mark.stress), 390])
def test_chromium_shows_the_page_at_desktop_and_phone_width(
    browser: Any, width: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "study.html"
    code, _, err = run(
        ["study", "--seed", "1", "--shoes", "300", "--exact-shoes", "2", "-o", str(page)], capsys
    )
    assert code == 0, err
    tab = browser.new_page(viewport={"width": width, "height": 900})
    errors, requests = watch(tab)
    try:
        tab.goto(page.as_uri())
        tab.wait_for_load_state("load")
        layout = tab.evaluate(
            """() => ({
                scroll: document.documentElement.scrollWidth,
                notice: document.querySelector('.notice').getBoundingClientRect().bottom,
                charts: [...document.querySelectorAll('.chart svg')].map(
                    (svg) => svg.getBoundingClientRect().width),
            })"""
        )
    finally:
        tab.close()
    assert errors == []
    assert requests == [page.as_uri()]
    # Nothing wider than the screen but the scrolling boxes of tables and charts.
    assert layout["scroll"] <= width
    # The notice is on the first screen.
    assert layout["notice"] < 900
    # Five charts (with the chance of being ahead), none squeezed below legibility.
    assert len(layout["charts"]) == 5
    assert all(chart >= 590 for chart in layout["charts"])


def test_a_short_record_says_it_is_too_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shoe = tmp_path / "short.txt"
    shoe.write_text("BPPBBBPTPBPBBPPPBPB\n")
    document = json.loads(study([str(shoe)], tmp_path, capsys))
    assert document["conclusions"][0].startswith("No answer yet: no signal named a side often")
    assert document["conclusions"][1].startswith("This study counts 19 coups in 1 shoe ")
    assert document["fairness"]["alarm"] is False
    for suffix in ("html", "svg", "png"):
        out = tmp_path / f"short.{suffix}"
        code, _, err = run(["study", str(shoe), "-o", str(out)], capsys)
        assert code == 0, err
        assert out.stat().st_size > 1000


@settings(max_examples=size(15, 60))
@given(
    st.lists(
        st.dictionaries(
            st.integers(min_value=0, max_value=CELLS - 1),
            st.integers(min_value=0, max_value=5000),
            max_size=300,
        ),
        min_size=1,
        max_size=3,
    )
)
def test_conclusions_follow_the_figures_of_any_counts(sparse: list[dict[int, int]]) -> None:
    from importlib.resources import files

    from roads.study.document import Origin
    from roads.study.fairness import ALPHA, MIN_BETS
    from roads.study.figures import figures
    from roads.study.shoe_results import results_of

    schema = json.loads((files("roads.study") / "schema.json").read_text())
    segments = [[one.get(i, 0) for i in range(CELLS)] for one in sparse]
    bounds = [10 * (i + 1) for i in range(len(segments))]
    data = Origin(source="simulated", seed=0, shoes=bounds[-1], cut_card=14)
    document = figures(
        data=data,
        decks=8,
        segments=segments,
        bounds=bounds,
        exact=[],
        exact_shoes=0,
        results=results_of(b""),
    ).as_dict()
    assert _errors(document, schema, schema, "$") == []
    text = " ".join(document["conclusions"])
    assert document["conclusions"][-1].startswith(NOTICE)
    for phrase in ("edge over", "beat the house", "winning", "you can win", "predicts"):
        assert phrase not in text
    flagged = [
        s["name"]
        for s in document["signals"]
        if s["bets"] >= MIN_BETS and not s["mirror_of"] and s["won_of_decided"]["p_value"] < ALPHA
    ]
    for name in flagged:
        assert name in text
    first = document["conclusions"][0]
    if document["fairness"]["alarm"]:
        assert first.startswith("These records are not consistent with a fair shoe")
        for name in document["fairness"]["beyond"]:
            assert name in first or name in ("tie", "banker_of_decided")
    elif any(s["bets"] >= MIN_BETS for s in document["signals"]):
        assert first.startswith("No evidence that any signal wins its bets")


@pytest.mark.parametrize(("decks", "cut_card"), [(8, 14), (1, 16), (6, 40)])
def test_the_dealer_deals_the_coups_of_shoe_deal(decks: int, cut_card: int) -> None:
    from roads.game.shoe import Shoe
    from roads.study.dealer import SeededDealer

    shoe = Shoe(decks, cut_card)
    codes = {"B": 0, "P": 1, "T": 2}
    for with_cards in (False, True):
        for index, record in enumerate(SeededDealer(shoe, 5)(0, 30, with_cards)):
            coups = shoe.deal(5, index).coups
            assert record.outcomes == bytes(codes[coup.outcome.value] for coup in coups)
            if with_cards:
                assert record.cards == tuple(
                    bytes(card.value for card in coup.cards) for coup in coups
                )


def test_a_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    import os
    import pty
    import subprocess
    import sys

    args = [
        sys.executable,
        "-m",
        "roads",
        "study",
        "--shoes",
        "40",
        "--seed",
        "1",
        "--exact-shoes",
        "1",
    ]
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [*args, "-o", str(tmp_path / "a.json")],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=follower,
            timeout=120,
            check=False,
        )
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    assert done.returncode == 0
    assert b"Studying shoes" in shown and b"100%" in shown
    piped = subprocess.run(
        [*args, "-o", str(tmp_path / "b.json")], capture_output=True, timeout=120, check=False
    )
    assert piped.returncode == 0 and piped.stderr == b""
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_bad_records_are_named_where_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notation = tmp_path / "shoes.txt"
    notation.write_text("# shoe 1: x\nBPB\n# shoe 2: y\nBXP\n")
    rows = tmp_path / "shoes.csv"
    rows.write_text("outcome,shoe\nB,1\nP,1\nQ,2\n")
    for path, where in ((notation, ":4:2:"), (rows, ":4:")):
        out = tmp_path / "study.json"
        code, _, err = run(["study", str(path), "-o", str(out)], capsys)
        assert code == 2 and f"{path}{where}" in err
        assert not out.exists()


def test_exact_part_agrees_with_the_odds_trail_of_each_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from roads.game.shoe import Shoe
    from roads.hands.hand import Hand
    from roads.story.remaining import odds_trail

    # The shoes as a CSV of their cards: the report's trail, like a recorded shoe, does not know
    # the face-up burn card (a simulated study sees it).
    shoes_csv = tmp_path / "shoes.csv"
    code, _, err = run(
        ["simulate", "--seed", "8", "--shoes", "3", "--format", "csv", "-o", str(shoes_csv)],
        capsys,
    )
    assert code == 0, err
    document = json.loads(study([str(shoes_csv), "--exact-shoes", "3"], tmp_path, capsys))
    removal = document["card_removal"]
    odds = []
    for index in range(3):
        hands = [Hand.from_coup(coup) for coup in Shoe().deal(8, index).coups]
        trail = odds_trail(hands, 8)
        # The odds each coup was dealt at: the point before it.
        odds += [point.odds for point in trail.points[: len(hands)]]
    assert removal["coups"] == len(odds)
    assert removal["banker_positive"]["count"] == sum(1 for o in odds if 0.95 * o.banker > o.player)
    assert removal["player_positive"]["count"] == sum(1 for o in odds if o.player > o.banker)
    edges = sorted(outcome_edge(STANDARD.bet("banker"), o) for o in odds)
    assert math.isclose(removal["banker_edge"]["min"], edges[0], rel_tol=1e-9)
    assert math.isclose(removal["banker_edge"]["max"], edges[-1], rel_tol=1e-9)
    assert sum(bar["count"] for bar in removal["banker_edge"]["histogram"]) == len(odds)
