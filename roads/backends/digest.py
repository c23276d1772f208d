"""SHA-256 digests of documents (an SVG's ids and subset font names are derived from its
content), without making every process that writes one load OpenSSL."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import sha256 as _own_sha256
else:
    try:  # CPython's own SHA-256 module (a Python built without it has hashlib's alone)
        if sys.version_info >= (3, 12):
            from _sha2 import sha256 as _own_sha256
        else:
            from _sha256 import sha256 as _own_sha256
    except ImportError:
        from hashlib import sha256 as _own_sha256


_hashed: list[bool] = []
"""Whether this process has hashed a document yet."""


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex: a process's first from CPython's own module, which loads
    in a tenth of the time hashlib takes to load OpenSSL's (``roads render`` writes one
    document), the later ones from hashlib's, which hashes a board's document several times
    faster (a process that writes many). The same digests.

    Parameters:
        data: the bytes to hash.
    """
    if _hashed:
        from hashlib import sha256

        return sha256(data).hexdigest()
    _hashed.append(True)
    return _own_sha256(data).hexdigest()
