"""What a Chromium tab complained of and fetched while a test looked at a page."""

from __future__ import annotations

from typing import Any


def watch(tab: Any) -> tuple[list[str], list[str]]:
    """Start recording ``tab``'s console errors and warnings with its uncaught errors, and the
    URLs it requests; returns the two lists, which fill as the page runs."""
    errors: list[str] = []
    requests: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("request", lambda r: requests.append(r.url))
    return errors, requests
