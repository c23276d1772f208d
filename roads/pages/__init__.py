"""What every page of roads shares: the shoe report (``roads.story.report``) and the study's
page (``roads.study.page``) are one document (``page.html``: head, header, notice, footer) with
one style sheet (``page.css``), and both show the notice, figure tiles and lists
(``parts.html``). The HTML and CSS are package data beside this module, read by
:mod:`roads.pages.templates`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape, unescape

from roads import __version__
from roads.notice import NOTICE
from roads.pages.templates import Fragments, data_text, document

__all__ = [
    "PAGE_FAMILY",
    "figure_tiles",
    "generator_name",
    "list_items",
    "notice_block",
    "page_document",
    "style_sheet",
]

_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; "
    "base-uri 'none'; form-action 'none'"
)
"""What a page may load: nothing from outside it."""
_PAGE_FILE = "page.html"
"""The document of the report and the study, package data beside this module."""
_CSS_FILE = "page.css"
"""The pages' style sheet, package data beside this module."""
_part = Fragments("roads.pages", "parts.html")
"""The pieces every page fills."""
PAGE_FAMILY = "Roads Sans Page"
"""The face of a page's own words beyond what every system font draws (``page_font``): the
pages' style sheets name it first."""
_HIDDEN = re.compile(r"<(svg|script|style)\b.*?</\1>|<[^>]+>", re.DOTALL)
"""What a page does not show as its own text: its pictures (each carries its font), scripts,
styles, and the tags themselves."""


def page_font(texts: Iterable[str]) -> str:
    """The ``@font-face`` rule of ``PAGE_FAMILY``: the text font's glyphs for the characters of
    ``texts`` beyond Latin-1 and the general punctuation (which every system font draws), so a
    browser without fonts for them (Chinese on a tablet or kiosk without CJK fonts) draws them
    instead of empty boxes; nothing where there are none. It holds no Latin: Latin text falls
    through to the system's fonts.

    Parameters:
        texts: the words the page shows.
    """
    beyond = "".join(sorted({char for text in texts for char in text if not _everywhere(char)}))
    if not beyond:
        return ""
    from roads.backends.svg import font_face
    from roads.drawing.fonts import TEXT

    return font_face(TEXT, [beyond], family=PAGE_FAMILY)


def shown_text(html: str) -> str:
    """The words ``html`` shows as text (its SVGs, scripts and styles aside).

    Parameters:
        html: a piece of a page.
    """
    return unescape(_HIDDEN.sub(" ", html))


def _everywhere(char: str) -> bool:
    """Whether every system font draws ``char``: Latin-1, the general punctuation, spaces."""
    return ord(char) < 0x100 or 0x2000 <= ord(char) < 0x2070 or char.isspace()


def page_document(
    *,
    lang: str,
    title: str,
    style: str,
    eyebrow: str,
    facts: str,
    notice_top: str,
    sections: str,
    nav: str,
    main: str,
    notice_bottom: str,
    footer: str,
) -> str:
    """The page (``page.html``) of the report or the study, each value HTML already: ``title``
    in the head and as the heading, the ``style`` sheet, the ``eyebrow`` line and the ``facts``
    under the heading, the notices, the ``nav`` links (``sections``, their label) and the
    ``main`` sections, the ``footer`` line. The page embeds the glyphs of its own words beyond
    Latin (``page_font``)."""
    shown = (title, eyebrow, facts, notice_top, sections, nav, main, notice_bottom, footer)
    return document("roads.pages", _PAGE_FILE).substitute(
        lang=lang,
        csp=escape(_CSP),
        generator=escape(generator_name()),
        title=title,
        style=style + page_font(shown_text(part) for part in shown),
        eyebrow=eyebrow,
        facts=facts,
        notice_top=notice_top,
        sections=sections,
        nav=nav,
        main=main,
        notice_bottom=notice_bottom,
        footer=footer,
    )


def generator_name() -> str:
    """What a page names as its generator: ``roads`` and its version."""
    return f"roads {__version__}"


def notice_block(label: str, lines: Iterable[str], honest: str, *, lang: str = "en") -> str:
    """The notice (text, escaped here): its ``lines`` in bold, then ``honest``; the study's
    page shows it too. On a page in ``lang`` other than English, the English sentence of the
    notice says it is English."""
    return _part(
        "notice",
        label=escape(label),
        lines="".join(
            _part("strong-in", text=escape(line), lang="en")
            if line == NOTICE and lang != "en"
            else _part("strong", text=escape(line))
            for line in lines
        ),
        honest=escape(honest),
    )


def notice_inline(lines: Iterable[str], *, lang: str = "en") -> str:
    """The notice's ``lines`` (text, escaped here) as one run of HTML, for a line under a
    picture or a page's banner. On a page in ``lang`` other than English, the English sentence
    says it is English."""
    english = lang != "en"
    return " ".join(
        f'<span lang="en">{escape(line)}</span>' if english and line == NOTICE else escape(line)
        for line in lines
    )


def figure_tiles(figures: Iterable[tuple[str, str]]) -> str:
    """Figure tiles: each number (HTML) over what it counts (text)."""
    return "".join(_part("figure", number=number, what=escape(what)) for number, what in figures)


def list_items(items: Iterable[str]) -> str:
    """List items, each one HTML already."""
    return "".join(_part("item", text=item) for item in items)


def style_sheet() -> str:
    """The pages' style sheet (``page.css``): the report's, which the study's page extends.

    Returns:
        The CSS text.
    """
    return data_text("roads.pages", _CSS_FILE)
