"""A picture's title fitted to its width: on one line, else on two, else smaller (down to the
size of the statistics under it), else refused naming the width it needs. Never cut.

Lines break at spaces, after a dash or a slash, and between two characters of a script written
without spaces (Chinese, Japanese, Thai), never before a closing mark nor after an opening one,
nor before a Thai vowel or tone mark that belongs to the letter before. Two lines are as even as
the breaks allow.
"""

from __future__ import annotations

import unicodedata

from roads.drawing.canvas import Canvas
from roads.drawing.fonts import metrics
from roads.drawing.sizes import TEXT_SIZE, TITLE_SIZE
from roads.errors import RoadsError
from roads.values import frozen

__all__ = ["NO_LINE_END", "NO_LINE_START", "FittedTitle", "draw_title", "fit_title"]

NO_LINE_START = "，。、；：？！）」』》〉…·%"
"""Marks a line of Chinese never starts with: a break before one moves it up."""
NO_LINE_END = "（「『《〈"
"""Marks a line of Chinese never ends with."""
LINE_HEIGHT = 1.25
"""From one line's baseline to the next, in font sizes."""
_AFTER = "-‐–—/"
"""A line may end with these (a break after them)."""
_THAI_LEADING = "\u0e40\u0e41\u0e42\u0e43\u0e44"
"""Thai vowels written before their letter: a line never ends with one."""
_THAI_FOLLOWING = "\u0e30\u0e32\u0e33\u0e45"
"""Thai vowels written after their letter: a line never starts with one."""


@frozen
class FittedTitle:
    """A title as it is drawn: its lines and their size."""

    lines: tuple[str, ...]
    size: float

    @property
    def height(self) -> float:
        """From the top of the first line to the foot of the last."""
        return self.size + (len(self.lines) - 1) * self.size * LINE_HEIGHT


class TitleTooLongError(RoadsError, ValueError):
    """A title that does not fit its picture on two lines at the smallest size."""


def _unspaced(char: str) -> bool:
    """Whether ``char`` is of a script written without spaces (a line may break beside it)."""
    return unicodedata.east_asian_width(char) in "WF" or "\u0e01" <= char <= "\u0e5b"


def _may_break(title: str, at: int) -> bool:
    """Whether a line may end before ``title[at]``."""
    before, after = title[at - 1], title[at]
    if before.isspace() or after.isspace():
        return True
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    if unicodedata.category(after).startswith("M") or after in _THAI_FOLLOWING:
        return False
    if before in _THAI_LEADING:
        return False
    return before in _AFTER or _unspaced(before) or _unspaced(after)


def _two_lines(title: str) -> tuple[tuple[str, str], float] | None:
    """The most even split of ``title`` in two lines, and its wider line's width at size 1;
    None where no break is allowed."""
    measure = metrics()
    prefix = [0.0]
    for char in title:
        prefix.append(prefix[-1] + measure.width(char, 1.0))
    best: tuple[int, int, float] | None = None
    for at in range(1, len(title)):
        if not _may_break(title, at):
            continue
        end, start = at, at  # the first line without its trailing space, the second without its
        while end and title[end - 1].isspace():
            end -= 1
        while start < len(title) and title[start].isspace():
            start += 1
        if not end or start == len(title):
            continue
        wider = max(prefix[end], prefix[-1] - prefix[start])
        if best is None or wider < best[2]:
            best = end, start, wider
    if best is None:
        return None
    end, start, wider = best
    return (title[:end], title[start:]), wider


def fit_title(
    title: str, width: float, *, size: float = TITLE_SIZE, smallest: float = TEXT_SIZE
) -> FittedTitle:
    """``title`` fitted to ``width``: on one line at ``size`` if it fits, else on two, else
    at the largest smaller size (in whole units, down to ``smallest``) where one or two lines
    fit.

    Parameters:
        title: the title (runs of spaces count as one).
        width: the width it may take, in picture units.
        size: its size when it fits.
        smallest: the smallest size it may take.

    Raises:
        TitleTooLongError: it does not fit on two lines at ``smallest``; the message names the
            width it would need and the width there is.
    """
    title = " ".join(title.split())
    one = metrics().width(title, 1.0)
    split = _two_lines(title)
    sizes = [size - step for step in range(int(size - smallest) + 1)]
    if sizes[-1] > smallest:
        sizes.append(smallest)
    for current in sizes:
        if one * current <= width:
            return FittedTitle((title,), current)
        if split is not None and split[1] * current <= width:
            return FittedTitle(split[0], current)
    needed = (split[1] if split is not None else one) * smallest
    how = "on two lines" if split is not None else "on one line, having no place to break"
    raise TitleTooLongError(
        f"the title is too long for the picture: at its smallest ({smallest:g} px, {how}) it "
        f"needs {needed:,.0f} px, and the picture has {width:,.0f} px for it; shorten it",
        about=("title",),
    )


def draw_title(canvas: Canvas, title: str, x: float, y: float, width: float) -> float:
    """Draw ``title`` fitted to ``width`` (``fit_title``) from ``(x, y)``, its top; the y of
    its foot.

    Raises:
        TitleTooLongError: it does not fit.
    """
    fitted = fit_title(title, width)
    for index, line in enumerate(fitted.lines):
        baseline = y + fitted.size * 0.8 + index * fitted.size * LINE_HEIGHT
        canvas.text(x, baseline, line, fitted.size, canvas.theme.text, ("title",))
    return y + fitted.height
