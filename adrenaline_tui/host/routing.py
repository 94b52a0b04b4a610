"""Which worker process owns a table code: a fixed function of the code and the number of workers.

Deterministic, so nothing has to be remembered to route a code: a suspended table's save
(`tables/CODE.json`, in the folder every worker shares) is woken by the worker its code maps
to, after any restart of the host or of that worker, and a code can never be held by two
workers at once. A worker makes the codes of the tables created on it from among those that
map to it (`Host(owns=...)`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable


def worker_of(code: str, workers: int) -> int:
    """The index (0 .. workers-1) of the worker that owns `code`.

    A hash rather than the code's first letter: codes are random, but a hash spreads them
    evenly whatever the number of workers (32 letters do not divide by 3)."""
    digest = hashlib.blake2b(code.encode("ascii", "replace"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % workers


def owned_by(index: int, workers: int) -> Callable[[str], bool]:
    """Whether a code belongs to worker `index` of `workers`."""

    def owns(code: str) -> bool:
        return worker_of(code, workers) == index

    return owns
