"""Where the browser tests find Debian's Chromium and the flags every launch gives it (a
module of its own: test modules import it, never conftest, whose import would run its
settings again and reset the hypothesis profile that --stress loaded)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--font-render-hinting=none",
]
