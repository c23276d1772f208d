"""Writing a study: its JSON document, its HTML page, or its charts as SVG or PNG."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from roads.atomic import write_atomic
from roads.study.document import Study

if TYPE_CHECKING:  # a PDF's paper: for the type checker alone
    from roads.drawing.paper import Paper


def study_format(path: str | os.PathLike[str], format: str | None = None) -> str:
    """The format to write: ``format``, or the one the file's extension names
    (``roads.formats``).

    Parameters:
        path: where the study goes (``"-"``: standard output, JSON unless ``format`` says).
        format: json, html, svg, png or pdf; None to go by the extension of ``path``.
    """
    from roads.backends import picture_formats
    from roads.formats import STUDY, for_output

    return for_output(path, format, picture_formats(STUDY), noun="study").name


def study_bytes(
    document: Study, format: str, *, title: str | None = None, paper: Paper | None = None
) -> bytes:
    """The study in ``format``.

    Parameters:
        document: the study (``run_study``).
        format: json (every figure), html (the page), svg, png or pdf (the charts alone).
        title: the title of the page and the charts (default: the question).
        paper: the paper the charts are printed on as a PDF (None: a page their size).
    """
    if format == "json":
        return document.to_json()
    if format == "html":
        from roads.study.page import study_html

        return study_html(document, title=title).encode()
    from roads.backends import render
    from roads.study.charts import study_scene

    picture = render(study_scene(document, title=title), format, paper=paper)
    return picture.encode() if isinstance(picture, str) else picture


def save_study(
    document: Study,
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    title: str | None = None,
    paper: Paper | None = None,
) -> None:
    """Write the study to ``path`` (``"-"``: standard output), replacing it only on success.

    Parameters:
        document: the study (``run_study``).
        path: the file to write.
        format: json, html, svg, png or pdf; None to go by the extension of ``path``.
        title: the title of the page and the charts.
        paper: the paper the charts are printed on as a PDF (None: a page their size).
    """
    kind = study_format(path, format)
    write_atomic(path, study_bytes(document, kind, title=title, paper=paper))
