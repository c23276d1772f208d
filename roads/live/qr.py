"""A QR code as an SVG element for a page: the link that opens a seat's page on a phone, drawn
from segno's matrix (the well-kept QR library) as one path of dark modules on a light square
with the quiet zone the standard asks for."""

from __future__ import annotations

from html import escape

QUIET_ZONE = 4
"""Light modules around the code, as ISO/IEC 18004 asks, so that any reader finds it."""


def qr_svg(text: str, *, label: str, dark: str = "#000", light: str = "#fff") -> str:
    """``text`` (a URL) as an inline SVG QR code, error correction M, drawn ``dark`` on
    ``light``; ``label`` is what it is for a screen reader (``role="img"``).

    Parameters:
        text: what the code holds.
        label: the image's accessible name.
        dark: the dark modules' colour (keep it dark on ``light``: readers want contrast).
        light: the background and quiet zone's colour.
    """
    import segno

    code = segno.make(text, error="m", micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    size = len(rows)
    path = []
    for y, row in enumerate(rows):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                path.append(f"M{start} {y}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" role="img" '
        f'aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="{escape(light)}"/>'
        f'<path fill="{escape(dark)}" d="{"".join(path)}"/></svg>'
    )
