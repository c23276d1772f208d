"""The study's words follow its figures (issue 39): every sentence is one of
``roads.study.sentences``, none says "no effect" or "the same", every interval has its figures,
and an alarm says how often fair shoes raise it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from command_line import run

from roads.notice import NOTICE
from roads.study.sentences import SENTENCES, placeholders, say

FORBIDDEN = (
    "no effect",
    "is the same",
    "are the same",
    "same edge",
    "is all the cards",
    "do not point",
    "edge over",
)
"""Words a study never writes: claims no interval supports, or hints at an edge."""


def _study(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    out = tmp_path / "study.json"
    code, _, err = run(["study", *args, "-o", str(out)], capsys)
    assert code == 0, err
    return json.loads(out.read_text())  # type: ignore[no-any-return]


def _biased(path: Path, shoes: int, repeat: float, seed: int) -> Path:
    """Notation shoes of 80 coups whose last decided side repeats with ``repeat``."""
    rng = random.Random(seed)
    lines = []
    for n in range(1, shoes + 1):
        text, last = [], "B"
        for _ in range(80):
            if rng.random() < 0.0952:
                text.append("T")
                continue
            if rng.random() >= repeat:
                last = "P" if last == "B" else "B"
            text.append(last)
        lines.append(f"# shoe {n}\n{''.join(text)}\n")
    path.write_text("".join(lines))
    return path


def test_every_sentence_names_its_figures_and_none_claims_no_effect() -> None:
    for name, template in SENTENCES.items():
        for word in FORBIDDEN:
            assert word not in template.lower(), (name, word)
        figures = {field: f"<{field}>" for field in placeholders(name)}
        text = say(name, **figures)
        assert all(f"<{field}>" in text for field in figures)
    with pytest.raises(ValueError, match="needs"):
        say("alarm_more")
    with pytest.raises(ValueError, match="needs"):
        say("alarm_more", names="x", more="y")


def _check_words(document: dict) -> str:  # type: ignore[type-arg]
    text = " ".join(document["conclusions"])
    for word in FORBIDDEN:
        assert word not in text.lower(), word
    # Every interval the words give has its two figures beside it.
    for match in re.finditer(r"\binterval\b", text):
        after = text[match.end() : match.end() + 40]
        assert re.match(r" [−+-]?\d[\d.,]*%? to [−+-]?\d", after) or after.startswith(
            " holds the exact expectation"
        ), after
    # Perfect play says how far luck moves it, or that there are too few shoes to say.
    for line in document["conclusions"]:
        if line.startswith("Perfect play"):
            assert "luck alone moves" in line or "too few shoes to say" in line
    assert NOTICE in document["conclusions"][-1]
    return text


def test_fair_biased_tiny_and_false_alarm_studies_say_what_their_figures_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair = _study(["--shoes", "300", "--seed", "1", "--exact-shoes", "30"], tmp_path, capsys)
    text = _check_words(fair)
    assert not fair["fairness"]["alarm"]
    assert fair["conclusions"][0].startswith("No evidence that any signal wins its bets")
    assert "8 times in 10" in fair["conclusions"][0]
    assert "Power: a difference of ±" in text and "catching ±0.5% so would take about" in text
    assert "luck alone moves such a result by ±" in text
    assert fair["conclusions"][-1].endswith("Every coup is dealt from the cards alone.")

    record = _biased(tmp_path / "biased.txt", 600, 0.56, 1)
    biased = _study([str(record)], tmp_path, capsys)
    _check_words(biased)
    first = biased["conclusions"][0]
    assert biased["fairness"]["alarm"]
    assert first.startswith("These records are not consistent with a fair shoe")
    assert "Fair shoes raise this alarm in about 1 study in 20" in first
    assert "check the log" in first and "one of those times" not in first
    # A page with the alarm does not close with the sentence only fair shoes support.
    assert biased["conclusions"][-1] == NOTICE

    tiny = tmp_path / "tiny.txt"
    tiny.write_text("BPPBBBPTPBPBBPPPBPB\n")
    small = _study([str(tiny)], tmp_path, capsys)
    _check_words(small)
    assert small["conclusions"][0].startswith("No answer yet")

    false_alarm = _study(["--shoes", "2000", "--seed", "7027"], tmp_path, capsys)
    _check_words(false_alarm)
    first = false_alarm["conclusions"][0]
    assert false_alarm["fairness"]["alarm"]
    assert "roads' own simulation, dealt fairly by the rules from seed 7027" in first
    assert "this is one of those times" in first
    assert "check the log" not in first
    assert "a fair shoe dealt by the rules can give" not in " ".join(false_alarm["conclusions"])


def test_a_signal_that_names_one_side_inherits_a_banker_bias_and_is_named_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(5)
    lines = []
    for n in range(1, 1201):
        coups = "".join(
            "T" if rng.random() < 0.0952 else ("B" if rng.random() < 0.54 else "P")
            for _ in range(80)
        )
        lines.append(f"# shoe {n}\n{coups}\n")
    record = tmp_path / "banker.txt"
    record.write_text("".join(lines))
    document = _study([str(record)], tmp_path, capsys)
    assert document["fairness"]["alarm"]
    text = _check_words(document)
    assert "long-banker names Banker whenever it bets, so it inherits Banker's share" in text
    assert "long-banker (inheriting Banker's share)" in document["conclusions"][0]


def test_the_page_gives_luck_or_too_few_beside_perfect_play_and_power_in_its_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for shoes, words in (("30", "luck alone moves it by ±"), ("5", "(too few shoes, 5, to say")):
        out = tmp_path / f"{shoes}.html"
        code, _, err = run(
            ["study", "--shoes", "300", "--seed", "1", "--exact-shoes", shoes, "-o", str(out)],
            capsys,
        )
        assert code == 0, err
        page = out.read_text()
        assert words in page
        assert '<th scope="col">Caught 8 in 10</th>' in page
        assert re.search(r"<td>&plusmn;\d+\.\d\d%<span class=\"ci\">[\d,]+ shoes for ", page)
        for word in FORBIDDEN:  # (the charts' "house edge over the coups" is no hint of one)
            assert word not in page.lower().replace("house edge over", ""), word
