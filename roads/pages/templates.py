"""The HTML of the report and the study pages: package data files, read with
``importlib.resources`` and filled in with ``string.Template``.

The document both pages share (``page.html``: head, header, notice, footer) and each page's
sections (``report.html``, ``study.html``) are written line for line as the page comes out. A
file of fragments (``report-parts.html``, ``study-parts.html``) holds the pieces the code fills
from data, one ``<template id="NAME">`` element each; in a fragment, every line break and the
indentation after it are dropped, so that its tags can stand on lines of their own while what
it makes stays on one line (a paragraph of prose is written on one line).

Templates substitute values as given: the code that fills them escapes every value that is not
HTML already with ``html.escape``.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from string import Template

from roads.values import frozen

_FRAGMENT = re.compile(r'<template id="([a-z][a-z0-9-]*)">(.*?)</template>', re.DOTALL)
_LINE_BREAK = re.compile(r"\n[ \t]*")


@cache
def data_text(package: str, name: str) -> str:
    """The text of the package data file ``name`` of ``package`` (e.g. ``"roads.pages"``)."""
    return files(package).joinpath(name).read_text(encoding="utf-8")


@cache
def document(package: str, name: str) -> Template:
    """The document template ``name`` of ``package``, as written."""
    return Template(data_text(package, name))


@cache
def lines(package: str, name: str) -> Template:
    """The template ``name`` of ``package`` for lines of a document (a placeholder on a line of
    its own), as written less the line break that ends the file."""
    return Template(data_text(package, name).removesuffix("\n"))


@frozen
class Fragments:
    """The fragments of one package data file, filled by name:
    ``Fragments("roads.story", "report-parts.html")("item", text="...")``."""

    package: str
    name: str

    def __call__(self, fragment: str, /, **values: object) -> str:
        """The fragment ``fragment`` filled with ``values`` (each one given, already HTML)."""
        return _formats(self.package, self.name)[fragment].format_map(values)

    def templates(self) -> dict[str, Template]:
        """Every fragment of the file, by name."""
        return _fragments(self.package, self.name)


@cache
def _fragments(package: str, name: str) -> dict[str, Template]:
    return parse_fragments(data_text(package, name), name)


@cache
def _formats(package: str, name: str) -> dict[str, str]:
    """The fragments as ``str.format`` strings, which fill a row of a table several times
    faster than ``Template.substitute`` and give the same text."""
    return {fragment: _as_format(t) for fragment, t in _fragments(package, name).items()}


def _as_format(template: Template) -> str:
    text = template.template
    pieces, end = [], 0
    for match in template.pattern.finditer(text):
        pieces.append(text[end : match.start()].replace("{", "{{").replace("}", "}}"))
        named = match["named"] or match["braced"]
        if named is None and match["escaped"] is None:
            raise ValueError(f"a stray $ in the fragment {text[:40]!r}")
        pieces.append("$" if named is None else "{" + named + "}")
        end = match.end()
    pieces.append(text[end:].replace("{", "{{").replace("}", "}}"))
    return "".join(pieces)


def parse_fragments(text: str, name: str = "the file") -> dict[str, Template]:
    """The fragments of ``text`` (the file ``name``) by id, their line breaks and the indentation
    after them dropped."""
    found: dict[str, Template] = {}
    for match in _FRAGMENT.finditer(text):
        fragment, body = match.groups()
        if fragment in found:
            raise ValueError(f"{name} holds two fragments named {fragment!r}")
        found[fragment] = Template(_LINE_BREAK.sub("", body))
    return found
