"""Every file format roads reads or writes, in one registry: name, extensions, what its content
looks like, and which products (a board, an animation, a report, an export, dealt shoes, hands
read back) come in it.

    >>> from roads import formats
    >>> formats.for_output("board.png", None, formats.BOARD).name
    'png'
    >>> formats.for_output("-", "svg", formats.BOARD).name
    'svg'

Commands and the library ask this module, and only this module, which format a file is in:

- writing, ``for_output`` takes the format from ``format`` or the file's extension; the
  two must agree, and a name whose extension the product cannot be written as is refused;
- reading, ``check_input`` recognises the content (``sniff``) and refuses a file whose
  content contradicts its extension, saying what the content looks like.

Errors are ``FormatError`` (a ``RoadsError``), worded in library terms; the command line
adds its flag names.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence

from roads.errors import RoadsError
from roads.values import frozen


class FormatError(RoadsError, ValueError):
    """A format that cannot be told, is not known, or contradicts a file's extension or
    content.

    Its advice is structured, so that a caller with options of its own words it in them
    (``worded``): ``extensions``, the names that would do; ``option``, ``"give"`` (give the
    format) or ``"drop"`` (drop the format asked for); and ``{asked}`` in the reason, where the
    format asked for is named.
    """

    def __init__(
        self,
        reason: str,
        *,
        extensions: Sequence[str] = (),
        option: str | None = None,
    ) -> None:
        self.reason = reason
        self.extensions = tuple(extensions)
        self.option = option
        super().__init__(self.worded())

    def worded(self, format_option: str | None = None, *, has_option: bool = True) -> str:
        """The message, naming the format parameter as ``format_option`` (None: in the
        library's words, "the format"); ``has_option=False`` for a caller that has no way to
        give a format, whose advice names only the extensions.

        Returns:
            One line.
        """
        reason = self.reason.replace("{asked}", format_option or "the format asked for")
        steps = list(self.extensions)
        if not (self.option and has_option):
            if not steps:
                return reason
            shown = steps[0] if len(steps) == 1 else ", ".join(steps[:-1]) + " or " + steps[-1]
            return f"{reason}: name it {shown}"
        option = f"{self.option} {format_option or 'the format'}"
        if not steps:
            return f"{reason}: {option}"
        return f"{reason}: name it {', '.join(steps)}, or {option}"


@frozen
class Format:
    """One file format.

    Attributes:
        name: the name ``format=`` and ``--format`` take, e.g. ``"png"``.
        extensions: file extensions, lower case with the dot, the first one preferred.
        title: how messages name it, e.g. ``"a PNG image"``.
        binary: whether the content is bytes rather than UTF-8 text (a terminal cannot show
            it).
        aliases: other names accepted for ``name`` (``"txt"`` for ``"text"``).
    """

    name: str
    extensions: tuple[str, ...]
    title: str
    binary: bool = False
    aliases: tuple[str, ...] = ()


_ALL = (
    Format("svg", (".svg",), "an SVG image"),
    Format("png", (".png", ".apng"), "a PNG image", binary=True),
    Format("gif", (".gif",), "a GIF image", binary=True),
    Format("pdf", (".pdf",), "a PDF document", binary=True),
    Format("html", (".html", ".htm"), "an HTML page", aliases=("htm",)),
    Format("json", (".json",), "JSON"),
    Format("jsonl", (".jsonl", ".ndjson"), "JSON Lines", aliases=("ndjson",)),
    Format("csv", (".csv",), "CSV"),
    Format("text", (".txt",), "text (the result notation)", aliases=("txt",)),
    Format("journal", (".journal",), "a journal"),
)

FORMATS: dict[str, Format] = {fmt.name: fmt for fmt in _ALL}
"""Every format by name."""
_BY_NAME: dict[str, Format] = {alias: fmt for fmt in _ALL for alias in (fmt.name, *fmt.aliases)}
_BY_EXTENSION: dict[str, Format] = {ext: fmt for fmt in _ALL for ext in fmt.extensions}


def register(format: Format) -> None:
    """Add ``format`` to the registry (``roads.backends.register`` does, with its writer).

    Raises:
        FormatError: its name, an alias or an extension is another format's already.
    """
    taken = [name for name in (format.name, *format.aliases) if name in _BY_NAME]
    taken += [ext for ext in format.extensions if ext in _BY_EXTENSION]
    if taken:
        raise FormatError(f"cannot register the format {format.name!r}: {', '.join(taken)} taken")
    FORMATS[format.name] = format
    _BY_NAME.update(dict.fromkeys((format.name, *format.aliases), format))
    _BY_EXTENSION.update(dict.fromkeys(format.extensions, format))


def unregister(name: str) -> None:
    """Remove the format ``name`` that ``register`` added (built-in formats stay)."""
    format = FORMATS.get(name)
    if format is None or format in _ALL:
        return
    del FORMATS[name]
    for alias in (format.name, *format.aliases):
        _BY_NAME.pop(alias, None)
    for ext in format.extensions:
        _BY_EXTENSION.pop(ext, None)


GENERIC_EXTENSIONS = frozenset({"", ".txt", ".text", ".dat", ".log", ".out"})
"""Extensions that say nothing about an input's content: such inputs are recognised by it."""

# -- what each product is written as (the first format is the default for standard output) ---

BOARD = ("svg", "png", "pdf")
"""A scoreboard picture (``Scoreboard.save``, ``roads render``, ``roads log --render``)."""
ANIMATION = ("svg", "gif", "png")
"""An animation (``roads animate``); ``png`` is an animated PNG."""
REPORT = ("html", "svg", "png", "pdf")
"""A report: the page, or its charts alone as a picture."""
EXPORT = ("json", "csv")
"""The export of the roads (docs/export.md)."""
SHOES = ("text", "jsonl", "csv")
"""Dealt shoes (``roads simulate``): the notation, or one coup per line."""
TALLY = ("text", "jsonl")
"""The tally of many shoes (``roads simulate --tally``)."""
HANDS = ("text", "jsonl", "csv", "journal", "json")
"""What hands are read from (JSON: roads' export, its ``hands``, or a list of hands)."""
STUDY = ("json", "html", "svg", "png", "pdf")
"""A study (``roads study``): every figure as JSON, the page, or its charts alone."""
SCORECARD = ("pdf",)
"""Score cards (``roads scorecard``): one card or more a page, as many pages as it takes."""
STATEMENT = ("text", "json", "csv")
"""A practice session's statement (``roads statement``): a table for people, JSON or CSV."""


def named(name: str) -> Format:
    """The format called ``name`` (or one of its aliases), any case."""
    try:
        return _BY_NAME[name.strip().lower()]
    except KeyError:
        known = ", ".join(FORMATS)
        raise FormatError(f"no format {name!r}: the formats are {known}") from None


def choices(product: Sequence[str]) -> list[str]:
    """The names (with aliases) a ``--format`` option of ``product`` accepts."""
    return [alias for name in product for alias in (name, *FORMATS[name].aliases)]


def of_path(path: str | os.PathLike[str]) -> Format | None:
    """The format a file's extension names, or None (no extension, an unknown one, or
    ``"-"``)."""
    if str(path) == "-":
        return None
    return _BY_EXTENSION.get(suffix(path))


def suffix(path: str | os.PathLike[str]) -> str:
    """The extension of a file's name, lower case with its dot (``PurePath.suffix``, without
    importing ``pathlib``, which would cost every command a few milliseconds at start-up)."""
    parts = [part for part in os.fspath(path).split(os.sep) if part not in ("", ".")]
    name = parts[-1] if parts else ""
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""


def _extensions(product: Sequence[str]) -> list[str]:
    return [FORMATS[name].extensions[0] for name in product]


def for_output(
    path: str | os.PathLike[str] | None,
    format: str | None,
    product: Sequence[str],
    *,
    noun: str = "file",
) -> Format:
    """The format to write ``product`` in to ``path``.

    Parameters:
        path: the file to write, ``"-"`` or None for a stream. A stream, a device or a pipe
            (``/dev/null``) is written as ``format``, or the product's first format; any other
            name needs an extension, or ``format``.
        format: the format asked for (a name or alias), or None to go by the extension.
        product: the format names the product can be written as, e.g. ``BOARD``.
        noun: what the product is called in messages, e.g. ``"image"``.

    Returns:
        The format to write, one of ``product``.

    Raises:
        FormatError: ``format`` is not one of ``product``; the extension names another format
            than ``format``; or, with no ``format``, the file has no extension or one
            ``product`` cannot be written as.
    """
    asked = named(format) if format is not None else None
    if asked is not None and asked.name not in product:
        raise FormatError(f"cannot write the {noun} as {asked.name}: choose {', '.join(product)}")
    stream = path is None or str(path) == "-"
    by_name = None if stream else of_path(path)  # type: ignore[arg-type]
    extension = "" if stream else suffix(path)  # type: ignore[arg-type]
    if asked is not None:
        if by_name is not None and by_name is not asked:
            raise FormatError(
                f"{str(path)!r} is named as {by_name.title} but {{asked}} is {asked.name}",
                extensions=asked.extensions[:1],
                option="drop",
            )
        return asked
    if stream or _special(path):  # type: ignore[arg-type]
        return FORMATS[product[0]]
    if not extension:
        raise FormatError(
            f"{str(path)!r} has no extension to tell the format of the {noun} by",
            extensions=_extensions(product),
            option="give",
        )
    if by_name is not None and by_name.name in product:
        return by_name
    raise FormatError(
        f"cannot write the {noun} as {extension!r} ({by_name.title if by_name else 'unknown'})",
        extensions=_extensions(product),
        option="give",
    )


def _special(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a device or a pipe (``/dev/null``, a FIFO): written as it is."""
    return os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)


# -- recognising content --------------------------------------------------------------------

_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
    (b"%PDF", "pdf"),
)


CSV_DELIMITERS = (",", ";", "\t", "|")
"""The cell delimiters a CSV of hands may use (the one its header splits at ``outcome``)."""
_TEXT_CONTROLS = frozenset("\t\n\r\f\b\x1b")
_SAMPLE_AT_LEAST = 64  # bytes: below this, a few stray bytes would be a large share


def _looks_binary(head: bytes) -> bool:
    """Whether the start of a file is not text: a NUL byte, or (in a sample long enough to
    judge) more than three characters in ten that are not UTF-8 or are control characters no
    text holds. Random bytes fail the second test whatever their first byte (one random
    kibibyte holds no NUL about once in sixty); a text file with a stray Latin-1 letter passes
    it, so its reader names the byte instead."""
    if b"\x00" in head:
        return True
    if len(head) < _SAMPLE_AT_LEAST:
        return False  # too short to judge: the reader names the first byte that is not text
    text = head.decode("utf-8", "replace")
    if text.endswith("\ufffd"):
        text = text[:-1]  # a character cut in two at the end of the sample
    odd = sum(1 for char in text if char == "\ufffd" or (char < " " and char not in _TEXT_CONTROLS))
    return odd * 10 > len(text) * 3


def sniff(data: bytes) -> Format | None:
    """What ``data`` (the start of a file is enough, 4 KiB say) looks like, or None for
    anything this registry does not know (which includes plain text other than the forms
    below: a reader says what is wrong with it)."""
    for magic, name in _MAGIC:
        if data.startswith(magic):
            return FORMATS[name]
    if data.startswith((b"PK\x03\x04", b"\xff\xd8\xff")) or _looks_binary(data[:1024]):
        return Format("binary", (), "binary data", binary=True)
    text = data.decode("utf-8-sig", "replace").lstrip()
    head = text[:512].lower()
    if head.startswith("<!doctype html") or head.startswith("<html"):
        return FORMATS["html"]
    if head.startswith("<svg") or (head.startswith("<?xml") and "<svg" in head):
        return FORMATS["svg"]
    if is_journal(text):
        return FORMATS["journal"]
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("{"):
        rest = text.strip()
        # One object over several lines, or one line only that is the export's: JSON.
        if "\n" in rest and not rest.split("\n", 1)[0].rstrip().endswith("}"):
            return FORMATS["json"]
        if '"bead_plate"' in first or '"big_road"' in first:
            return FORMATS["json"]
        return FORMATS["jsonl"]
    if first.startswith("["):
        return FORMATS["json"]
    if any(
        "outcome" in [cell.strip().strip('"').lower() for cell in first.split(delimiter)]
        for delimiter in CSV_DELIMITERS
    ):
        return FORMATS["csv"]
    if _NOTATION.fullmatch(text[:4096]):
        return FORMATS["text"]
    return None


_NOTATION = re.compile(r"(?:[BPTbpn678\s,|]++|#[^\n]*+)*+")
"""Text made of the result notation alone (a start of it: a comment may be cut off)."""


def check_input(source: str, data: bytes, accepted: Sequence[str] = HANDS) -> Format:
    """The format of input ``source`` (a path, or ``"-"``) holding ``data``.

    Its content decides where the extension is missing or generic (``GENERIC_EXTENSIONS``);
    otherwise content and extension must agree. Content that looks like none of the known forms
    goes to the extension's reader (the notation's where there is none), which says what is
    wrong in it.

    Returns:
        The format to read the input as, one of ``accepted``.

    Raises:
        FormatError: the content is not one of ``accepted``, or contradicts the extension.
    """
    by_name = of_path(source)
    if not data.strip():  # empty: nothing to contradict the name
        return by_name if by_name is not None and by_name.name in accepted else FORMATS["text"]
    seen = sniff(data[:4096])
    shown = "standard input" if source == "-" else repr(source)
    if seen is not None and seen.name not in accepted:
        raise FormatError(f"{shown} looks like {seen.title}, which holds no hands to read")
    extension = "" if source == "-" else suffix(source)
    if by_name is None or extension in GENERIC_EXTENSIONS:
        return seen or FORMATS["text"]
    if by_name.name not in accepted:
        raise FormatError(
            f"{shown} is named as {by_name.title}, which holds no hands to read: give "
            f"{', '.join(_extensions(accepted))}"
        )
    if seen is None:
        return by_name  # its reader says what is wrong
    if seen.name == "jsonl" and by_name.name == "json":
        return by_name  # one object on one line is JSON too (its reader says if it is not)
    if seen is not by_name and not (seen.name == "journal" and by_name.name == "jsonl"):
        raise FormatError(f"{shown} is named as {by_name.title} but looks like {seen.title}")
    return seen


# -- the journal's first line, which tells a journal from any other input whatever its name ------

JOURNAL_VERSION = 1
JOURNAL_HEADER: dict[str, object] = {"roads": "journal", "version": JOURNAL_VERSION}
JOURNAL_HEADER_LINE = (json.dumps(JOURNAL_HEADER) + "\n").encode("ascii")


def is_journal(text: str) -> bool:
    """Whether ``text`` starts with a journal's first line, whatever the file is called (a
    header torn by a crash while the journal was being created counts)."""
    first, newline, _ = text.partition("\n")
    if not newline and first and JOURNAL_HEADER_LINE.startswith(first.encode("utf-8", "replace")):
        return True
    first = first.strip()
    if not first.startswith("{"):
        return False
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("roads") == "journal"
