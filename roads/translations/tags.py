"""Language tags (BCP 47) read into the languages roads speaks, in one place for every command
and the library: ``en``, ``zh`` (simplified Chinese) and ``zh-hant`` (traditional Chinese).

Tags are case-insensitive, and ``_`` is read as ``-`` (as in a locale's ``zh_TW``). A Chinese
tag is read by its script where it names one (``zh-Hant``, ``zh-Hans``), else by its region:
Taiwan, Hong Kong and Macao write traditional characters, the others simplified.

    >>> [language(tag) for tag in ("EN-gb", "zh-Hant", "ZH", "zh-TW", "zh-HK", "zh-CN", "zh_SG")]
    ['en', 'zh-hant', 'zh', 'zh-hant', 'zh-hant', 'zh', 'zh']
"""

from __future__ import annotations

import re

from roads.errors import RoadsError

__all__ = ["LanguageError", "language"]

_TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo"})
"""Where Chinese is written in traditional characters."""
_SCRIPTS = {"hant": "zh-hant", "hans": "zh"}
_SUBTAG = re.compile(r"[a-z0-9]{1,8}")


class LanguageError(RoadsError, ValueError):
    """A language tag roads does not speak, or not a tag at all."""


def language(tag: str) -> str:
    """The language of ``roads.translations.LANGUAGES`` that the BCP 47 tag ``tag`` names: the
    tag itself in any case, else a Chinese tag by its script or region, else its language
    (``en-GB`` is ``en``).

    Parameters:
        tag: a language tag in any case: ``"en"``, ``"en-GB"``, ``"zh"``, ``"zh-Hans"``,
            ``"zh-Hant"``, ``"zh-TW"``, ``"zh-HK"``, ``"zh-MO"``, ``"zh-CN"``, ``"zh-SG"``...

    Returns:
        A key of ``LANGUAGES``: ``"en"``, ``"zh"`` or ``"zh-hant"``.

    Raises:
        LanguageError: a language roads does not speak, or not a tag.
    """
    from roads.translations.board import LANGUAGES

    subtags = tag.strip().replace("_", "-").lower().split("-")
    if all(_SUBTAG.fullmatch(subtag) for subtag in subtags):
        whole, primary, rest = "-".join(subtags), subtags[0], subtags[1:]
        if whole in LANGUAGES:
            return whole
        if primary == "zh":
            scripts = [_SCRIPTS[subtag] for subtag in rest if subtag in _SCRIPTS]
            chosen = scripts[0] if scripts else "zh"
            if not scripts and _TRADITIONAL_REGIONS.intersection(rest):
                chosen = "zh-hant"
            if chosen in LANGUAGES:
                return chosen
        if primary in LANGUAGES:
            return primary
    *others, last = LANGUAGES
    raise LanguageError(
        f"no language {tag!r}: choose {', '.join(others)} or {last} (a tag in any case: "
        "zh-Hans, zh-CN, zh-SG are zh; zh-Hant, zh-TW, zh-HK, zh-MO are zh-hant)",
        about=("lang",),
    )
