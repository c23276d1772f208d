"""MkDocs hook: the site serves the project's own font (fonts/RoadsSans-Regular.otf), so the
Chinese names of the roads on its pages render as on the boards, on any machine, with no font
fetched from elsewhere. The font is taken from fonts/ at build time, not copied into docs/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

FONT = Path(__file__).resolve().parents[1] / "fonts" / "RoadsSans-Regular.otf"


def on_files(files: Files, config: Any) -> Files:
    files.append(
        File.generated(config, "assets/fonts/RoadsSans-Regular.otf", abs_src_path=str(FONT))
    )
    return files
