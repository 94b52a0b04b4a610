"""The door limits' own mechanisms (wire/limits.py), on a clock the test moves."""

from __future__ import annotations

import asyncio

from adrenaline_tui.wire import limits


def test_sizes_are_whole_numbers_within_the_bounds() -> None:
    assert limits.bounded_size(65535, 65535) == (limits.MAX_WIDTH, limits.MAX_HEIGHT)
    assert limits.bounded_size("120", "40") == (120, 40)
    assert limits.bounded_size(0, -5) == (1, 1)
    assert limits.bounded_size("9" * 10**5, None) == limits.DEFAULT_SIZE
    assert limits.bounded_size(True, 2.5) == limits.DEFAULT_SIZE
    assert limits.bounded_size("١٢", "12") == (limits.DEFAULT_SIZE[0], 12)  # digits, but not ASCII ones


def test_keys_beyond_the_rate_are_dropped_per_address() -> None:
    now = [0.0]
    counted = limits.AddressLimits(clock=lambda: now[0])
    assert counted.keys("1.2.3.4", 10_000) == limits.KEY_BURST
    assert counted.keys("1.2.3.4", 10) == 0
    assert counted.keys("5.6.7.8", 10) == 10  # another address has its own budget
    now[0] = 1.0
    assert counted.keys("1.2.3.4", 10_000) == limits.KEYS_PER_SECOND


async def test_the_coalescer_passes_the_first_then_only_the_latest() -> None:
    now = [0.0]
    passed: list[int] = []
    coalescer = limits.Coalescer(passed.append, rate=1000.0, clock=lambda: now[0])
    for value in range(1, 101):
        coalescer.offer(value)
    assert passed == [1]
    now[0] = 1.0
    await asyncio.sleep(0.01)  # its turn comes on the loop
    assert passed == [1, 100]


class Transport:
    max_size = 256 * 1024

    def __init__(self) -> None:
        self.paused = False

    def is_closing(self) -> bool:
        return False

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False


class Protocol:
    def __init__(self) -> None:
        self.received = 0

    def data_received(self, data: bytes) -> None:
        self.received += len(data)


async def test_an_ssh_connection_over_its_input_budget_is_not_read_until_back_within_it() -> None:
    protocol, transport = Protocol(), Transport()
    limits.throttle_input(protocol, transport)
    assert transport.max_size == limits.READ_CHUNK  # a read never holds the loop for long
    protocol.data_received(b"x" * limits.INPUT_BURST)  # logging in, a paste: read on
    assert not transport.paused
    protocol.data_received(b"x" * limits.READ_CHUNK)  # a flood: paused
    assert transport.paused and protocol.received == limits.INPUT_BURST + limits.READ_CHUNK
    await asyncio.sleep(limits.READ_CHUNK / limits.INPUT_BYTES_PER_SECOND + 0.2)
    assert not transport.paused
