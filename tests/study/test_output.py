"""Writing a study (``roads.study.output``): the format from the option or the extension, and
the document as JSON, a page or its charts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roads.errors import RoadsError
from roads.game.shoe import Shoe
from roads.study import run_study, simulated
from roads.study.output import save_study, study_bytes, study_format


def test_the_format_from_the_extension_or_the_option() -> None:
    assert study_format("study.html") == "html"
    assert study_format("study.png") == "png"
    assert study_format("-") == "json"
    assert study_format("study.out", "svg") == "svg"
    with pytest.raises(RoadsError):
        study_format("study.docx")


def test_a_study_as_json_page_and_picture(tmp_path: Path) -> None:
    document = run_study(simulated(Shoe(), 1, 4), exact_shoes=1)
    assert json.loads(study_bytes(document, "json")) == json.loads(document.to_json())
    page = study_bytes(document, "html", title="Four shoes").decode()
    assert "<!doctype html>" in page.lower() and "Four shoes" in page
    assert study_bytes(document, "svg").startswith(b"<svg")
    save_study(document, tmp_path / "study.png")
    assert (tmp_path / "study.png").read_bytes().startswith(b"\x89PNG")
