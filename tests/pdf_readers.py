"""Reading the PDFs roads writes with readers of their own: poppler (pdftoppm, pdftotext,
pdffonts) and pypdf. Poppler's tools are skipped where they are missing, except under
ROADS_CI=1 (set by .ci/run), where that is a failure, as the browser tests do."""

from __future__ import annotations

import io
import itertools
import logging
import os
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest
from PIL import Image

POINTS_PER_MM = 72 / 25.4


def poppler() -> None:
    """Skip the test where poppler's tools are missing (a failure under ROADS_CI=1)."""
    if all(shutil.which(tool) for tool in ("pdftoppm", "pdftotext", "pdffonts")):
        return
    if os.environ.get("ROADS_CI") == "1":
        pytest.fail("poppler is not installed (apt-get install poppler-utils)")
    pytest.skip("poppler is not installed (apt-get install poppler-utils)")


def _run(*args: str) -> subprocess.CompletedProcess[bytes]:
    result = subprocess.run(args, capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b"", result.stderr.decode()  # poppler says what it dislikes here
    return result


def rasterised(path: Path, dpi: float, page: int = 1) -> Image.Image:
    """Page ``page`` of ``path`` drawn by pdftoppm at ``dpi``, as RGB."""
    result = _run("pdftoppm", "-r", f"{dpi:g}", "-f", str(page), "-l", str(page), "-png", str(path))
    return Image.open(io.BytesIO(result.stdout)).convert("RGB")


def text_of(path: Path) -> str:
    """What pdftotext reads in ``path``."""
    return _run("pdftotext", "-enc", "UTF-8", str(path), "-").stdout.decode("utf-8")


def fonts_of(path: Path) -> list[dict[str, str]]:
    """pdffonts' table of ``path``: a row a font, by column name."""
    lines = _run("pdffonts", str(path)).stdout.decode().splitlines()
    rows = []
    for line in lines[2:]:
        parts = line.split()
        # name, type (one or more words), encoding, emb, sub, uni, object, ID
        rows.append({"name": parts[0], "emb": parts[-5], "sub": parts[-4], "uni": parts[-3]})
    return rows


def pypdf_reader(path: Path, caplog: pytest.LogCaptureFixture) -> object:
    """``path`` read by pypdf, every page's text extracted, with no warning logged or raised."""
    from pypdf import PdfReader

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with caplog.at_level(logging.WARNING, logger="pypdf"):
            reader = PdfReader(path, strict=True)
            for page in reader.pages:
                page.extract_text()
    assert [record.getMessage() for record in caplog.records] == []
    return reader


def grid_spacings(path: Path, page: int = 0) -> list[float]:
    """The side of the cells of every grid drawn on page ``page`` of ``path``, in millimetres,
    read from its content stream: a grid is a path of parallel lines stroked at once, and its
    cells' side is the least distance between two neighbours, through the page's ``cm``."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(path)
    content = ContentStream(reader.pages[page].get_contents(), reader)
    scale = 1.0
    sides = []
    lines: list[tuple[float, float, float, float]] = []
    start = (0.0, 0.0)
    for operands, operator in content.operations:
        if operator == b"cm":
            scale = abs(float(operands[0]))
        elif operator == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif operator == b"l":
            lines.append((*start, float(operands[0]), float(operands[1])))
        elif operator == b"S":
            vertical = sorted({x1 for x1, _, x2, _ in lines if x1 == x2})
            horizontal = sorted({y1 for _, y1, _, y2 in lines if y1 == y2})
            if len(vertical) >= 3 and len(horizontal) >= 3:
                steps = [b - a for a, b in itertools.pairwise(vertical)]
                steps += [b - a for a, b in itertools.pairwise(horizontal)]
                sides.append(min(steps) * scale / POINTS_PER_MM)
            lines = []
        elif operator in (b"f", b"B", b"n"):
            lines = []
    return sides
