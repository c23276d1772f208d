"""The first line of a journal, which tells a journal from any other input whatever its name.

Kept apart from ``roads.hands.journal`` so that reading results can check for it cheaply.
"""

from __future__ import annotations

import json
from typing import Any

VERSION = 1
HEADER: dict[str, Any] = {"roads": "journal", "version": VERSION}
HEADER_LINE = (json.dumps(HEADER) + "\n").encode("ascii")


def is_journal(text: str) -> bool:
    """Whether ``text`` starts with a journal's first line, whatever the file is called (a
    header torn by a crash while the journal was being created counts)."""
    first, newline, _ = text.partition("\n")
    if not newline and first and HEADER_LINE.startswith(first.encode("utf-8", "replace")):
        return True
    first = first.strip()
    if not first.startswith("{"):
        return False
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("roads") == "journal"
