"""A host's long-lived processes (its workers, its computers' pools) collect cyclic garbage less
often than Python's default (every 700 new containers): what they hold (every table's game, a
pool's players) is scanned by each older collection, and the youngest ran a few hundred times
a second (5.5% of the CPU of a worker-like loop of 100 tables, 2.3% of a pool's)."""

from __future__ import annotations

import gc

from adrenaline_tui.ai.pool import COLLECT_AFTER, collect_less


def test_collect_less_raises_the_youngest_threshold_and_freezes_what_is_there() -> None:
    before = gc.get_threshold()
    try:
        collect_less()
        assert gc.get_threshold()[0] == COLLECT_AFTER > before[0]
        assert gc.get_freeze_count() > 0  # the imports' objects: never scanned again
        assert gc.isenabled()  # cycles are still collected
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
