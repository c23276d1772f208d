"""MkDocs hooks: the site serves the project's own font (fonts/RoadsSans-Regular.otf), so the
Chinese names of the roads on its pages render as on the boards, on any machine, with no font
fetched from elsewhere. The font is taken from fonts/ at build time, not copied into docs/.
Each page's HTML is made valid and its search dialog named (``on_post_page``).

The pages read as they are, as files (on the repository's own pages), with nothing only the
site understands; ``site_markdown`` turns what a file reader sees into what the site shows
(``on_page_markdown``):

- a list item that is only a link to a name's module, ``- [`roads.errors.RoadsError`](../roads/
  errors.py)``, becomes mkdocstrings' ``::: roads.errors.RoadsError`` (its reference in full),
  with the options of an HTML comment ``<!-- mkdocstrings ... -->`` right under it;
- a GitHub alert, ``> [!WARNING]`` then ``> **Title.** text``, becomes an admonition;
- ``changelog.md``, a link to the repository's CHANGELOG.md, becomes that file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # MkDocs is the docs extra's; the tests read site_markdown without it
    from mkdocs.structure.files import Files

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "fonts" / "RoadsSans-Regular.otf"
INCLUDED = {"changelog.md": ROOT / "CHANGELOG.md"}
"""Pages that show a file of the repository outside docs/ (the file itself links to it)."""

_API_ITEM = re.compile(
    r"^- \[`(roads(?:\.\w+)+)`\]\((?:\.\./)+roads/[\w/]+\.py\)\n"
    r"(?:<!-- mkdocstrings\n(.*?)^-->\n)?",
    re.MULTILINE | re.DOTALL,
)
_ALERT = re.compile(
    r"^> \[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\n> \*\*(.+?)\.?\*\* ?(.*\n(?:>.*\n)*)",
    re.MULTILINE,
)


def site_markdown(markdown: str, src_uri: str) -> str:
    """The Markdown the site renders for the page ``src_uri`` (relative to docs/) whose file
    reads ``markdown``.

    Parameters:
        markdown: the page's file.
        src_uri: the page's path in docs/, such as ``"api.md"``.
    """
    included = INCLUDED.get(src_uri)
    if included is not None:
        return included.read_text(encoding="utf-8")
    markdown = _API_ITEM.sub(_directive, markdown)
    return _ALERT.sub(_admonition, markdown)


def _directive(match: re.Match[str]) -> str:
    return f"\n::: {match.group(1)}\n{match.group(2) or ''}\n"


def _admonition(match: re.Match[str]) -> str:
    kind, title, body = match.groups()
    lines = [line.removeprefix(">").removeprefix(" ") for line in body.splitlines()]
    indented = "".join(f"    {line}\n" if line else "\n" for line in lines)
    return f'!!! {kind.lower()} "{title}"\n{indented}'


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    return site_markdown(markdown, page.file.src_uri)


def on_files(files: Files, config: Any) -> Files:
    from mkdocs.structure.files import File

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
