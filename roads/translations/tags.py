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

__all__ = ["LANGUAGE_TAGS", "LanguageError", "language"]

LANGUAGE_TAGS = ("en", "zh", "zh-hant")
"""The languages roads speaks, as ``language`` returns them (the keys of
``roads.translations.LANGUAGES``)."""

_TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo"})
"""Where Chinese is written in traditional characters."""
_SCRIPTS = {"hant": "zh-hant", "hans": "zh"}
_SUBTAG = re.compile(r"[a-z0-9]{1,8}")


class LanguageError(RoadsError, ValueError):
    """A language tag roads does not speak, or not a tag at all."""


def language(tag: str) -> str:
    """The language of ``LANGUAGE_TAGS`` that the BCP 47 tag ``tag`` names.

    Parameters:
        tag: a language tag in any case: ``"en"``, ``"en-GB"``, ``"zh"``, ``"zh-Hans"``,
            ``"zh-Hant"``, ``"zh-TW"``, ``"zh-HK"``, ``"zh-MO"``, ``"zh-CN"``, ``"zh-SG"``...

    Returns:
        ``"en"``, ``"zh"`` or ``"zh-hant"``.

    Raises:
        LanguageError: a language roads does not speak, or not a tag.
    """
    subtags = tag.strip().replace("_", "-").lower().split("-")
    if all(_SUBTAG.fullmatch(subtag) for subtag in subtags):
        primary, rest = subtags[0], subtags[1:]
        if primary == "en":
            return "en"
        if primary == "zh":
            scripts = [_SCRIPTS[subtag] for subtag in rest if subtag in _SCRIPTS]
            if scripts:
                return scripts[0]
            return "zh-hant" if _TRADITIONAL_REGIONS.intersection(rest) else "zh"
    raise LanguageError(
        f"no language {tag!r}: choose en, zh (simplified Chinese: zh-Hans, zh-CN, zh-SG) or "
        "zh-hant (traditional Chinese: zh-Hant, zh-TW, zh-HK)",
        about=("lang",),
    )
