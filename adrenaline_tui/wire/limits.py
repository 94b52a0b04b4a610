"""Every limit a door holds, in one place, and the few mechanisms that hold them.

A guest reaches the game through one of three doors: the host's own SSH server (`ssh.py`),
the system's sshd running `adrenaline join` (the client's terminal driver, `tui/driver.py`) and
the browser (`web.py`, textual-serve's page). A limit that holds at one door and not at another
is no limit, so each door takes its values and its mechanisms from here; docs/hosting.md's
security model lists them with the doors they apply to.

Values are per door process: the SSH door and the web door count an address's connections
separately (each door lets a household in on its own).
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

# -- screen size
# The widest screen drawn. A client chooses its terminal's size (over SSH anything up to
# 65535x65535, by a window change or an in-band resize report; in a browser any number in the
# websocket's address or a resize message) and Textual builds every cell of it: 65535x65535 grew
# a client by ~330 MB a second. 400x150 is more than a 4K screen in a small font shows; a
# bigger terminal shows the game in its top-left corner.
MAX_WIDTH, MAX_HEIGHT = 400, 150
DEFAULT_SIZE = (80, 24)  # for a size that is not a number at all

# -- window changes
# Applied at most this often; in between only the latest size is kept (it is the only one that
# matters). A person dragging a window edge sends tens a second and sees the last one within
# a quarter second; 20,000 of them unthrottled cost the host 2.3 CPU-seconds and the other
# players' round trips went from 3 ms to 907 ms (p95).
RESIZES_PER_SECOND = 4.0

# -- connections, per address and door. An address is an IPv4 address or an IPv6 /64
# (`address_key`: one household or machine gets a whole /64, so single IPv6 addresses would
# limit nothing).
# At once: a household behind one NAT address - a full table of five - plus three connections a
# dropped player may leave behind while TCP has not yet noticed (keepalives take up to 90 s), so
# coming back never waits on them. Each connection has at most one session, so this also bounds
# the client processes (~42 MiB each) one address can cost: 8, about 340 MiB.
CONNECTIONS_AT_ONCE = 8
# Every address's connections together, per door: the client processes the machine can afford
# (~2.7 GB).
CONNECTIONS_TOTAL = 64
# New ones a minute: reconnecting after drops is a few; more is someone opening them in a loop
# (each costs a client process, ~45 MiB and a second of CPU to start).
CONNECTIONS_PER_MINUTE = 20
# Refused connections still waiting for the key exchange to say why, per address (SSH door):
# beyond these a flood of them is cut at once (before the banner, in bytes a client cannot
# read), as each costs a key exchange.
REFUSALS_PENDING = 4
# Refusals are logged at most this often (the others counted in the next line): a flood of
# refused connections would otherwise fill the host's log.
REFUSAL_LOG_INTERVAL = 1.0

# -- the life of an SSH connection and its client
# From connecting to logged in: long enough to type a key's passphrase.
LOGIN_TIMEOUT = 30.0
# A person's client opens its session within a round trip of logging in; a connection that has
# none this long after logging in (or after its session ended) holds a slot for nothing.
NO_SESSION_TIMEOUT = 10.0
# A client process told to leave (SIGHUP) saves and exits within the app's own exit grace
# (5 s); one that has not after this long is killed, with its whole process group.
STOP_GRACE = 10.0

# -- keystrokes, per address
# A fast typist makes ~15 keys a second and a held arrow key 30-40; a paste or a terminal's
# answer to a query comes in one go (the burst). More is dropped, not queued.
KEYS_PER_SECOND = 60.0
KEY_BURST = 400.0

# -- raw input of one SSH connection (the host's own SSH door). asyncssh handles every packet in
# the host's one event loop, the game's: a flood of small ones (20,000 window changes, keys, or
# anything) took the loop from every other table for seconds. A person's keys are a few KiB a
# second (a packet per key); logging in is under 8 KiB at once. Beyond the budget the connection
# is not read until it is back within it (its bytes wait in the kernel, then in the sender), and
# it is read a chunk at a time, so one read never holds the loop for long.
INPUT_BYTES_PER_SECOND = 16 * 1024
INPUT_BURST = 16 * 1024
READ_CHUNK = 4 * 1024
# A connection still over that budget after this long in a row is no person's: it is closed.
# The end of a connection is read after the bytes sent before it, so one that sent a flood and
# went would otherwise keep its session, client process and slot while the door read the flood
# at the budget's pace (20,000 window changes, ~1.8 MB: ~110 s after it had gone).
INPUT_FLOOD_SECONDS = 10.0

# -- messages from a client to the host (server.py), per client: what the keystrokes above
# become. A person sends a few a second; twice the rate may come at once.
MESSAGES_PER_SECOND = 20.0

# -- the websocket (web door): the largest frame a browser may send (a resize, a ping or a paste
# of keys is well under 1 KiB; aiohttp's default would be 4 MiB) and how many frames a second
# (the page pings once a second and sends a frame per key).
MAX_WEB_FRAME = 64 * 1024
WEB_FRAMES_PER_SECOND = 100.0

# -- idle
# A client with no key pressed for this long while in the lobby leaves (a seat at a table stays
# its person's: at a table waiting is part of the game; the turn timer covers that).
LOBBY_IDLE = 600.0
# After its socket closed, a client (web door) has this long to quit when asked before it is
# killed: one stuck drawing a screen must not outlive its visitor.
QUIT_GRACE = 5.0

# -- tables, counted in the host (so the client socket and every door share them)
# Tables in memory: beyond this a host says it is full rather than run out of memory.
MAX_TABLES = 500
# Connections a host's (or a worker's) Unix socket queues before accepting them. asyncio's 100
# refused a connect outright (EAGAIN) when a few hundred clients came at once: a front door
# linking 400 people to their worker at one start of many tables said "could not do that now".
# Only the host's own account reaches these sockets; the kernel caps it at somaxconn.
SOCKET_BACKLOG = 4096
# Started tables one address keeps going at once (started, or resumed by sitting down): a
# household plays one or two; a guest leaving tables to computers cannot fill the host.
LIVE_GAMES_PER_ADDRESS = 4
# A started table with no person seated and connected for this long is suspended: its save
# stays on disk, it leaves memory and its computers stop, until one of its players sits down
# again. Long enough for a dropped connection to come back; short enough that tables left to
# computers by people who went away do not pile up (docs/hosting.md, "Abandoned tables").
ABANDON_SECONDS = 300.0
# How often the host looks for abandoned tables: one timer for the whole host, not one a table.
SWEEP_SECONDS = 30.0
# Wrong table codes tried in a row before the next must wait, per connection and per address: a
# mistyped code or two from each of a few friends behind one router, and no more.
WRONG_CODES_FREE = 5
# Past those, one more wrong code every this many seconds (a strike fades at this pace): a
# guesser gets 60 guesses an hour from an address, about 46 days to hit one of 500 tables.
WRONG_CODE_SECONDS = 60.0

# -- names: what a person is called at a table (the SSH user name, `join --name`); longer
# names are cut, control characters dropped (protocol.printable). Web guests are "guest".
NAME_LENGTH = 24


def bounded_size(width: Any, height: Any) -> tuple[int, int]:
    """The size a door passes on: whole numbers from 1 to the maximum; anything else (not a
    number, a huge string, a bool) is the default size."""
    size = []
    for value, default, most in ((width, DEFAULT_SIZE[0], MAX_WIDTH), (height, DEFAULT_SIZE[1], MAX_HEIGHT)):
        if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 9:
            value = int(value)
        if type(value) is not int:
            value = default
        size.append(max(1, min(value, most)))
    return size[0], size[1]


class TokenBucket:
    """`rate` units a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.when = clock()

    def take(self, n: int) -> int:
        """How many of `n` units may pass now (they are spent)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        allowed = min(n, int(self.tokens))
        self.tokens -= allowed
        return allowed


def address_key(address: str) -> str:
    """The unit the per-address limits count: an IPv4 address, or an IPv6 /64 (one household
    or machine gets a whole /64, so counting single IPv6 addresses would limit nothing); an
    IPv4 address written as IPv6 is that IPv4 address; anything else as given."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class AddressLimits:
    """One door's connections and keystrokes per address (`address_key`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.open: dict[str, int] = defaultdict(int)
        self.recent: dict[str, list[float]] = defaultdict(list)
        self.buckets: dict[str, TokenBucket] = {}
        self.refusing: dict[str, int] = defaultdict(int)

    def admit(self, address: str) -> str | None:
        """None when a new connection from `address` may come in (then `release` it once it
        ends), else the one-line reason it may not."""
        address = address_key(address)
        now = self.clock()
        recent = [t for t in self.recent[address] if now - t < 60]
        self.recent[address] = recent
        if self.open[address] >= CONNECTIONS_AT_ONCE:
            return f"too many connections from your address ({CONNECTIONS_AT_ONCE} at once); try again later"
        if len(recent) >= CONNECTIONS_PER_MINUTE:
            return f"too many connections from your address ({CONNECTIONS_PER_MINUTE} a minute); try again in a minute"
        if sum(self.open.values()) >= CONNECTIONS_TOTAL:
            return "this host has as many players as it can take; try again later"
        recent.append(now)
        self.open[address] += 1
        return None

    def release(self, address: str) -> None:
        address = address_key(address)
        self.open[address] = max(0, self.open[address] - 1)
        if not self.open[address]:
            del self.open[address]
        self._forget_stale(self.clock())

    def refusal_pending(self, address: str, change: int) -> int:
        """Count a refused connection waiting to be told why (+1), or gone (-1); returns how many."""
        address = address_key(address)
        self.refusing[address] = max(0, self.refusing[address] + change)
        count = self.refusing[address]
        if not count:
            del self.refusing[address]
        return count

    def _forget_stale(self, now: float) -> None:
        # Every address ever seen would otherwise stay in these tables for the door's lifetime.
        for address in [a for a, times in self.recent.items() if not times or now - times[-1] >= 60]:
            if address not in self.open:
                del self.recent[address]
                self.buckets.pop(address, None)

    def keys(self, address: str, n: int) -> int:
        """How many of `n` bytes of input from `address` may pass now."""
        address = address_key(address)
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = TokenBucket(KEYS_PER_SECOND, KEY_BURST, self.clock)
        return bucket.take(n)


T = TypeVar("T")


class Coalescer(Generic[T]):
    """Passes on the latest of a stream of values at most `rate` times a second, on the running
    event loop: the first at once, then whatever is latest when the next turn comes. For window
    sizes, where only the last one matters."""

    def __init__(
        self, apply: Callable[[T], None], rate: float = RESIZES_PER_SECOND, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._apply = apply
        self._interval = 1.0 / rate
        self._clock = clock
        self._last = -math.inf
        self._pending: list[T] = []  # the latest value waiting, if any
        self._timer: asyncio.TimerHandle | None = None

    def offer(self, value: T) -> None:
        self._pending[:] = [value]
        if self._timer is not None:
            return
        wait = self._last + self._interval - self._clock()
        if wait <= 0:
            self._flush()
        else:
            self._timer = asyncio.get_running_loop().call_later(wait, self._flush)

    def _flush(self) -> None:
        self._timer = None
        if self._pending:
            value = self._pending.pop()
            self._last = self._clock()
            self._apply(value)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._pending.clear()


def throttle_input(protocol: Any, transport: Any, on_flood: Callable[[], None] | None = None) -> None:
    """Hold `protocol` (an asyncio protocol) to INPUT_BYTES_PER_SECOND: once its budget is spent,
    `transport` is paused until the budget is back. Reads are at most READ_CHUNK bytes. A
    connection over its budget for INPUT_FLOOD_SECONDS in a row is ended: `on_flood` (by
    default the transport is aborted)."""
    if hasattr(transport, "max_size"):  # asyncio's socket transports: the most read at once
        transport.max_size = READ_CHUNK
    bucket = TokenBucket(INPUT_BYTES_PER_SECOND, INPUT_BURST)
    received = protocol.data_received
    over_since: list[float] = []  # when it went over its budget, while it stays over

    def data_received(data: bytes, *args: Any) -> None:
        received(data, *args)
        bucket.take(0)  # refill up to now
        bucket.tokens -= len(data)  # may go below zero: that is the wait
        if bucket.tokens >= 0:
            over_since.clear()
            return
        if transport.is_closing():
            return
        now = bucket.clock()
        if not over_since:
            over_since.append(now)
        elif now - over_since[0] >= INPUT_FLOOD_SECONDS:
            transport.pause_reading()
            asyncio.get_running_loop().call_soon(on_flood or transport.abort)
            return
        transport.pause_reading()
        asyncio.get_running_loop().call_later(-bucket.tokens / bucket.rate, resume)

    def resume() -> None:
        if not transport.is_closing():
            transport.resume_reading()

    protocol.data_received = data_received
