"""Backends: the writers that turn a Scene into a file, one per format, in one registry.

    >>> from roads import backends
    >>> sorted(backends.WRITERS)
    ['pdf', 'png', 'svg']

Every picture roads makes (a board, a wall, the report's and the study's charts) goes through
:func:`write` (or :func:`render` for the bytes alone), which looks its format up here; the
frames of a GIF or animated PNG are drawn by :func:`raster`. A format with pages (PDF) also
has a writer of several pictures, one a page, on the paper asked for (:data:`PAGE_WRITERS`,
:func:`write_pages`: score cards). Which format a file is in is
``roads.formats``'s to say; what writes that format is this registry's. An unknown format is an
error naming the formats there are, never quietly a PNG.

A new format is one call, from anywhere (a plugin, a test):

    >>> from roads import formats
    >>> def text(scene, *, scale, dpi, text_as_paths):
    ...     return f"{scene.width:g} x {scene.height:g}"
    >>> backends.register(formats.Format("size", (".size",), "the size of a picture"), text)
    >>> backends.unregister("size")

Once registered, ``Scoreboard.save("board.size")``, ``roads render -o board.size`` and
``roads report -o charts.size`` write it: every product that is a picture takes every
registered format (:func:`picture_formats`).
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Protocol, cast

from roads import formats
from roads.atomic import write_atomic
from roads.drawing.scene import Scene
from roads.errors import RoadsError
from roads.formats import Format, FormatError

if TYPE_CHECKING:  # Pillow is imported by the raster writers alone
    from PIL import Image

    from roads.drawing.paper import Paper

__all__ = [
    "PAGE_WRITERS",
    "WRITERS",
    "PageWriter",
    "Writer",
    "picture_formats",
    "raster",
    "register",
    "render",
    "target_format",
    "unregister",
    "write",
    "write_pages",
]


class Writer(Protocol):
    """Writes one format: the file's content for ``scene`` drawn ``scale`` times its natural
    size. ``dpi`` is the resolution to record where the format records one (None: 96 x
    ``scale``); ``text_as_paths`` asks for text drawn as outlines where the format embeds a
    font; a format without either ignores it. Text formats return ``str``, others bytes."""

    def __call__(
        self, scene: Scene, *, scale: float, dpi: float | None, text_as_paths: bool
    ) -> str | bytes: ...


def _svg(scene: Scene, *, scale: float, dpi: float | None, text_as_paths: bool) -> str:
    from roads.backends.svg import to_svg

    return to_svg(scene, scale=scale, text_as_paths=text_as_paths)


def _png(scene: Scene, *, scale: float, dpi: float | None, text_as_paths: bool) -> bytes:
    from roads.backends.png import to_png

    if dpi is not None and not dpi > 0:
        raise RoadsError(f"dpi must be more than 0, not {dpi:g}")

    return to_png(scene, scale=scale, dpi=dpi)


def _pdf(scene: Scene, *, scale: float, dpi: float | None, text_as_paths: bool) -> bytes:
    from roads.backends.pdf import to_pdf

    return to_pdf([scene], scale=scale)


WRITERS: dict[str, Writer] = {"svg": _svg, "png": _png, "pdf": _pdf}
"""The writer of each picture format, by its name in ``roads.formats``."""
_BUILT_IN = frozenset(WRITERS)


class PageWriter(Protocol):
    """Writes a format with pages: the document of ``scenes``, one a page, each placed on
    ``paper`` (``roads.drawing.paper.Paper``) and, on a page that fits it, drawn ``scale``
    times its natural size."""

    def __call__(self, scenes: Sequence[Scene], *, scale: float, paper: Paper) -> bytes: ...


def _pdf_pages(scenes: Sequence[Scene], *, scale: float, paper: Paper) -> bytes:
    from roads.backends.pdf import to_pdf

    return to_pdf(scenes, paper=paper, scale=scale)


PAGE_WRITERS: dict[str, PageWriter] = {"pdf": _pdf_pages}
"""The writer of each format that has pages, by name: a picture written with a ``paper``
goes through it (on one page), and so do documents of several pictures (``write_pages``)."""


def register(format: Format, writer: Writer) -> None:
    """Write pictures as ``format`` with ``writer``.

    Parameters:
        format: the format, as ``roads.formats`` describes one; its name and extensions are
            registered there too (a built-in format's description is kept as it is).
        writer: the function that writes it (see :class:`Writer`).

    Raises:
        FormatError: ``format`` takes a name or an extension another format has.
    """
    if format.name not in formats.FORMATS:
        formats.register(format)
    WRITERS[format.name] = writer


def unregister(name: str) -> None:
    """Forget the writer of format ``name`` (and the format, unless it is built in); SVG and
    PNG are roads's own and stay."""
    if name in _BUILT_IN:
        raise FormatError(f"the {name} writer is built in: it cannot be unregistered")
    WRITERS.pop(name, None)
    formats.unregister(name)


def picture_formats(product: Sequence[str]) -> tuple[str, ...]:
    """The formats ``product`` (e.g. ``formats.BOARD``) is written as: its own, then every other
    format a writer is registered for (its own first format stays the default)."""
    return (*product, *(name for name in WRITERS if name not in product))


def target_format(
    target: str | os.PathLike[str] | IO[bytes] | IO[str],
    format: str | None,
    product: Sequence[str] = formats.BOARD,
    *,
    noun: str = "image",
) -> str:
    """The name of the format to write ``target`` in (``roads.formats.for_output``): from
    ``format``, else the extension of the path, or of an open file's ``name``.

    Parameters:
        target: a path (``"-"``: standard output), or an open file.
        format: the format asked for, or None to go by the name.
        product: the formats the picture can be written as, with every registered one.
        noun: what the picture is called in messages.

    Returns:
        The format's name, a key of :data:`WRITERS` or one of ``product``.

    Raises:
        FormatError: the format cannot be told, is not one of them, or contradicts the name.
    """
    product = picture_formats(product)
    if isinstance(target, str | os.PathLike):
        return formats.for_output(target, format, product, noun=noun).name
    name = getattr(target, "name", None)
    if not isinstance(name, str | os.PathLike):
        name = None
        if format is None:
            raise FormatError(
                f"give the format ({' or '.join(product)}) to write to a file object without a name"
            )
    return formats.for_output(name, format, product, noun=noun).name


def render(
    scene: Scene,
    format: str,
    *,
    scale: float = 1.0,
    dpi: float | None = None,
    text_as_paths: bool = False,
    paper: Paper | None = None,
) -> str | bytes:
    """The content of ``scene`` written as ``format``.

    Parameters:
        scene: what to draw.
        format: a key of :data:`WRITERS`.
        scale: size, times the natural size.
        dpi: resolution to record, where the format records one (None: 96 x ``scale``).
        text_as_paths: text drawn as outlines, where the format embeds a font (SVG).
        paper: the paper a format with pages (PDF) prints it on (None: a page that fits it);
            other formats have none, and ignore it.

    Returns:
        The file's content: ``str`` for a text format, ``bytes`` otherwise.

    Raises:
        FormatError: no writer is registered for ``format``.
    """
    if paper is not None and format in PAGE_WRITERS:
        return PAGE_WRITERS[format]([scene], scale=scale, paper=paper)
    try:
        writer = WRITERS[format]
    except KeyError:
        raise FormatError(
            f"no writer for the format {format!r}: choose {', '.join(WRITERS)}"
        ) from None
    return writer(scene, scale=scale, dpi=dpi, text_as_paths=text_as_paths)


def write(
    scene: Scene,
    target: str | os.PathLike[str] | IO[bytes] | IO[str],
    format: str,
    *,
    scale: float = 1.0,
    dpi: float | None = None,
    text_as_paths: bool = False,
    paper: Paper | None = None,
) -> None:
    """Write ``scene`` as ``format`` to ``target``.

    Parameters:
        scene: what to draw.
        target: a path (``"-"``: standard output), replaced only once the picture is made
            (not synced to disk: ``roads.atomic.open_atomic``'s ``durable``); or
            an open file: binary for any format, text for a text format only.
        format: a key of :data:`WRITERS` (:func:`target_format` tells it from a name).
        scale: size, times the natural size.
        dpi: resolution to record, where the format records one.
        text_as_paths: text drawn as outlines, where the format embeds a font (SVG).
        paper: the paper a format with pages (PDF) prints it on (None: a page that fits it).

    Raises:
        FormatError: no writer for ``format``, or bytes for a file opened as text.
    """
    data = render(scene, format, scale=scale, dpi=dpi, text_as_paths=text_as_paths, paper=paper)
    _put(data, target, format)


def write_pages(
    scenes: Sequence[Scene],
    target: str | os.PathLike[str] | IO[bytes] | IO[str],
    format: str,
    *,
    paper: Paper,
    scale: float = 1.0,
) -> None:
    """Write ``scenes`` as one document of ``format``, a page each, on ``paper``.

    Parameters:
        scenes: the pages' pictures, in order (at least one).
        target: a path (``"-"``: standard output), replaced only once the document is made;
            or an open binary file.
        format: a key of :data:`PAGE_WRITERS`.
        paper: the paper every page is printed on.
        scale: a picture's size on a page that fits it, times its natural size.

    Raises:
        FormatError: ``format`` has no pages.
    """
    try:
        writer = PAGE_WRITERS[format]
    except KeyError:
        raise FormatError(
            f"a {format.upper()} has no pages: choose {', '.join(PAGE_WRITERS)}"
        ) from None
    _put(writer(scenes, scale=scale, paper=paper), target, format)


def _put(
    data: str | bytes, target: str | os.PathLike[str] | IO[bytes] | IO[str], format: str
) -> None:
    """Write a file's content ``data``, in ``format``, to ``target``."""
    if isinstance(target, str | os.PathLike):
        # A picture is made again from its input: replaced whole, not synced to disk.
        write_atomic(target, data, durable=False)
    elif isinstance(target, io.TextIOBase):
        if isinstance(data, bytes):
            raise FormatError(f"a {format.upper()} is bytes: give a file opened in binary mode")
        target.write(data)
    else:
        binary = cast("IO[bytes]", target)
        binary.write(data.encode() if isinstance(data, str) else data)


def raster(scene: Scene, scale: float = 1.0) -> Image.Image:
    """``scene`` as a Pillow image (the frames of a GIF or an animated PNG)."""
    from roads.backends.png import to_image

    return to_image(scene, scale)
