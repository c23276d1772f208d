"""Colour contrast as WCAG 2 measures it, and a fill made legible under a given text colour.

The board's theme colours are chosen for marks on a panel; a page that writes text on a mark's
colour (the live page's Tie button) takes the nearest shade that keeps 4.5:1 with its text.
"""

from __future__ import annotations

MIN_CONTRAST = 4.5
"""WCAG 2 level AA for normal text."""


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def luminance(colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` (or ``#rgb``) colour."""
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        for c in (v / 255 for v in _rgb(colour))
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def legible_fill(fill: str, text: str, minimum: float = MIN_CONTRAST) -> str:
    """``fill`` itself when ``text`` on it keeps ``minimum`` contrast; otherwise the first
    shade of it, in steps of 2% towards black (under light text) or white (under dark text),
    that does."""
    red, green, blue = _rgb(fill)
    towards = 0 if luminance(text) > luminance(fill) else 255
    shade = fill
    for _ in range(50):
        if contrast(shade, text) >= minimum:
            return shade
        red, green, blue = (round(c + (towards - c) * 0.02) for c in (red, green, blue))
        shade = f"#{red:02x}{green:02x}{blue:02x}"
    return shade
