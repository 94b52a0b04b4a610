"""Wrong table codes: how many a connection and an address may try, so codes cannot be guessed.

A table code is the only key to a table (docs/hosting.md): 32^5 = 33,554,432 codes. Every
lookup by code (`look`, `join`) goes through `WrongCodes`, in the host, so the client socket
and every door (asyncssh, system sshd, web) share one allowance per address. Each wrong code is
a strike against the connection and against its address; strikes fade at one per
`limits.WRONG_CODE_SECONDS`. With `limits.WRONG_CODES_FREE` strikes, any code (right or wrong) is refused
until one fades: a refused guess tells the guesser nothing about the code.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from adrenaline_tui.wire import limits

# Addresses remembered at once before those with no strike left are forgotten: bounded memory
# whatever the number of addresses a guesser comes from.
REMEMBERED = 10_000


class WrongCodes:
    """Strikes per key (a connection, an address), fading with time on an injectable clock."""

    def __init__(
        self,
        clock: Callable[[], float],
        free: int = limits.WRONG_CODES_FREE,
        fade: float = limits.WRONG_CODE_SECONDS,
    ) -> None:
        self.clock = clock
        self.free = free
        self.fade = fade
        self._strikes: dict[str, tuple[float, float]] = {}  # key -> (strikes, when counted)

    def _level(self, key: str, now: float) -> float:
        strikes, when = self._strikes.get(key, (0.0, now))
        return max(0.0, strikes - max(0.0, now - when) / self.fade)

    def wait(self, keys: Iterable[str]) -> float:
        """Seconds before a code may be tried by all of `keys` (0: now)."""
        now = self.clock()
        worst = max((self._level(k, now) for k in keys), default=0.0)
        return max(0.0, (worst - (self.free - 1)) * self.fade)

    def refusal(self, keys: Iterable[str]) -> str | None:
        """The one-line reason a code is not looked up now, or None."""
        wait = self.wait(keys)
        if wait <= 0:
            return None
        return f"too many wrong table codes from your connection or address: try again in {math.ceil(wait)} s"

    def wrong(self, keys: Iterable[str]) -> None:
        now = self.clock()
        for key in keys:
            self._strikes[key] = (self._level(key, now) + 1, now)
        if len(self._strikes) > REMEMBERED:
            self._strikes = {k: v for k, v in self._strikes.items() if self._level(k, now) > 0}
