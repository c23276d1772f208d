"""MkDocs hooks: the site serves the project's own font (fonts/RoadsSans-Regular.otf), so the
Chinese names of the roads on its pages render as on the boards, on any machine, with no font
fetched from elsewhere. The font is taken from fonts/ at build time, not copied into docs/.
Each page's HTML is made valid and its search dialog named (``on_post_page``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

FONT = Path(__file__).resolve().parents[1] / "fonts" / "RoadsSans-Regular.otf"


def on_files(files: Files, config: Any) -> Files:
    files.append(
        File.generated(config, "assets/fonts/RoadsSans-Regular.otf", abs_src_path=str(FONT))
    )
    return files


_CHECKBOX_AUTOCOMPLETE = re.compile(r'(<input [^>]*type="checkbox"[^>]*?) autocomplete="off"')
_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def on_post_page(output: str, page: Any, config: Any) -> str:
    """The theme's page, valid HTML (no ``autocomplete`` on its checkboxes, no empty
    ``tabindex`` on its section labels) and with a name for its search dialog."""
    output = _CHECKBOX_AUTOCOMPLETE.sub(r"\1", output)
    output = output.replace(' tabindex=""', "")
    return output.replace(_SEARCH_DIALOG, _SEARCH_DIALOG[:-1] + ' aria-label="Search">')
