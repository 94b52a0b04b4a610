"""The web door in-process, with aiohttp's websocket client: every door limit holds there.

Behind the door runs a stand-in client (`fake_clients.py web`) that reports every packet the
door passed on, so each test reads exactly what a client would have been given. The real
client (and a live `adrenaline host --web`) is in tests/e2e/test_host_web.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp  # installed with textual-serve
from aiohttp import web

from adrenaline_tui.host import main as host_main
from adrenaline_tui.host.web import client_command, make_door
from adrenaline_tui.wire import limits

FAKE = str(Path(__file__).with_name("fake_clients.py"))
WAIT = 20.0
TOKEN = "a-token-for-the-tests-0123456789"


class Door:
    def __init__(self, tmp_path: Path, *, stubborn: bool = False, token: str | None = None, **kwargs) -> None:
        command = kwargs.pop("command", None) or [sys.executable, FAKE, "web", *(["--stubborn"] if stubborn else [])]
        self.door = make_door(tmp_path / "no-host.sock", tmp_path, command=command, token=token, **kwargs)
        self.runner: web.AppRunner | None = None
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # cookies of an IP too

    async def __aenter__(self) -> Door:
        self.runner = web.AppRunner(await self.door.application())
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.session.close()
        assert self.runner is not None
        await self.runner.cleanup()

    def tab(self, query: str = "width=80&height=24", **kwargs) -> aiohttp.client._WSRequestContextManager:
        return self.session.ws_connect(f"{self.url}/ws?{query}", **kwargs)


async def reports(ws: aiohttp.ClientWebSocketResponse) -> AsyncIterator[dict]:
    """What the stand-in client says, one report at a time, until the socket closes."""
    while True:
        message = await asyncio.wait_for(ws.receive(), WAIT)
        if message.type != aiohttp.WSMsgType.BINARY:
            return
        yield json.loads(message.data)


async def first(ws: aiohttp.ClientWebSocketResponse) -> dict:
    async for report in reports(ws):
        return report
    raise AssertionError("the socket closed without a word from the client")


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def gone(pid: int) -> bool:
    for _ in range(int(WAIT * 10)):
        if not alive(pid):
            return True
        await asyncio.sleep(0.1)
    return False


async def freed(door: Door, address: str, at_most: int) -> bool:
    """Whether the door comes to count at most `at_most` connections open from `address`."""
    for _ in range(int(WAIT * 10)):
        if door.door.limits.open.get(limits.address_key(address), 0) <= at_most:
            return True
        await asyncio.sleep(0.1)
    return False


async def test_the_size_in_the_address_is_bounded(tmp_path: Path) -> None:
    async with Door(tmp_path) as door, door.tab("width=65535&height=65535") as ws:
        hello = await first(ws)
        assert hello["size"] == [str(limits.MAX_WIDTH), str(limits.MAX_HEIGHT)]
    async with Door(tmp_path) as door, door.tab("width=-3&height=1e9") as ws:  # not sizes: the default
        assert (await first(ws))["size"] == [str(n) for n in limits.DEFAULT_SIZE]


async def test_a_tab_tells_its_client_where_it_connects_from(tmp_path: Path) -> None:
    # The host counts started games and wrong codes per address: a web guest must not share
    # one allowance with every other web guest and the host's own account.
    async with Door(tmp_path) as door, door.tab() as ws:
        assert (await first(ws))["peer"] == "127.0.0.1 0 0 0"


async def test_window_changes_are_bounded_and_coalesced(tmp_path: Path) -> None:
    async with Door(tmp_path) as door, door.tab() as ws:
        await first(ws)
        for width in range(1, 1001):
            await ws.send_json(["resize", {"width": width, "height": 30}])
        await ws.send_json(["resize", {"width": 10**6, "height": 10**6}])
        sizes = []
        async for report in reports(ws):
            meta = report.get("meta", {})
            if meta.get("type") == "resize":
                sizes.append((meta["width"], meta["height"]))
                if sizes[-1] == (limits.MAX_WIDTH, limits.MAX_HEIGHT):
                    break
        # The first passes at once, the latest when its turn comes; the thousand between are dropped.
        assert len(sizes) <= 10, sizes
        assert all(w <= limits.MAX_WIDTH and h <= limits.MAX_HEIGHT for w, h in sizes)


async def test_keys_beyond_the_rate_are_dropped(tmp_path: Path) -> None:
    async with Door(tmp_path) as door, door.tab() as ws:
        await first(ws)
        for _ in range(50):
            await ws.send_json(["stdin", "é" * 50])  # 100 bytes each; cuts never split a character
        await ws.send_json(["focus"])
        passed = 0
        async for report in reports(ws):
            if "meta" in report:
                break
            passed += len(report["data"].encode())
        assert 0 < passed < 50 * 100


async def test_too_many_tabs_from_one_address_are_turned_away(tmp_path: Path) -> None:
    async with Door(tmp_path) as door:
        tabs = [await door.tab().__aenter__() for _ in range(limits.CONNECTIONS_AT_ONCE)]
        pids = [(await first(ws))["pid"] for ws in tabs]
        async with door.tab() as extra:
            message = await asyncio.wait_for(extra.receive(), WAIT)
            assert b"too many connections" in message.data
            assert (await asyncio.wait_for(extra.receive(), WAIT)).type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
            )
        await tabs[0].close()
        assert await gone(pids[0])
        # The door frees the slot once it has reaped the client, a moment after the process is
        # gone (under load that moment was long enough for the next tab to be refused).
        assert await freed(door, "127.0.0.1", limits.CONNECTIONS_AT_ONCE - 1)
        async with door.tab() as again:  # a slot freed is a slot again
            assert "pid" in await first(again)
        for ws in tabs[1:]:
            await ws.close()
        for pid in pids:
            assert await gone(pid)


def test_connections_per_minute_are_counted_per_address() -> None:
    now = [0.0]
    counted = limits.AddressLimits(clock=lambda: now[0])
    for _ in range(limits.CONNECTIONS_PER_MINUTE):
        assert counted.admit("10.0.0.1") is None
        counted.release("10.0.0.1")
    assert "a minute" in (counted.admit("10.0.0.1") or "")
    assert counted.admit("10.0.0.2") is None
    now[0] = 61.0
    assert counted.admit("10.0.0.1") is None


async def test_a_client_that_does_not_quit_ends_when_its_socket_closes(tmp_path: Path) -> None:
    async with Door(tmp_path, stubborn=True) as door:
        async with door.tab() as ws:
            pid = (await first(ws))["pid"]
        assert await gone(pid), "the client outlived its socket"


async def test_with_a_token_the_page_and_the_socket_need_it(tmp_path: Path) -> None:
    async with Door(tmp_path, token=TOKEN) as door:
        async with door.session.get(door.url + "/") as page:
            assert page.status == 403
        async with door.session.get(door.url + "/?token=guessed", allow_redirects=False) as page:
            assert page.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with door.tab():
                pass
        assert refused.value.status == 403
        async with door.session.get(door.url + f"/?token={TOKEN}", allow_redirects=False) as page:
            assert page.status == 303 and page.headers["Location"] == "/"
        async with door.session.get(door.url + "/") as page:  # the cookie now
            assert page.status == 200
            assert "/ws" in await page.text()
        async with door.tab() as ws:
            assert "pid" in await first(ws)


async def test_a_page_of_another_site_may_not_open_a_session(tmp_path: Path) -> None:
    async with Door(tmp_path) as door:
        with pytest.raises(aiohttp.WSServerHandshakeError):
            async with door.tab(headers={"Origin": "http://evil.example"}):
                pass


async def test_a_web_client_idle_in_the_lobby_leaves(tmp_path: Path) -> None:
    # The real client, with a short lobby idle time: its tab's socket closes by itself.
    async with Door(tmp_path, command=client_command(tmp_path / "none.sock", idle=1.0)) as door, door.tab() as ws:
        while True:
            message = await asyncio.wait_for(ws.receive(), 60)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                break


def test_the_web_door_off_loopback_needs_a_token(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = host_main.main(tmp_path, None, "0.0.0.0:8080", None, 0.6, None)
    assert code == 2
    assert "needs --web-token" in capsys.readouterr().err
    assert host_main.is_loopback("127.0.0.1") and host_main.is_loopback("::1")
    assert not host_main.is_loopback("0.0.0.0") and not host_main.is_loopback("example.org")


def test_the_token_is_made_once_and_kept_private(tmp_path: Path) -> None:
    from adrenaline_tui.host.web import TOKEN_FILE, web_token

    first_token = web_token(tmp_path)
    assert web_token(tmp_path) == first_token and len(first_token) >= 24
    assert os.stat(tmp_path / TOKEN_FILE).st_mode & 0o077 == 0


async def test_a_frame_over_the_limit_closes_the_socket_and_its_client(tmp_path: Path) -> None:
    async with Door(tmp_path) as door, door.tab() as ws:
        pid = (await first(ws))["pid"]
        await ws.send_json(["stdin", "x" * limits.MAX_WEB_FRAME])
        async for report in reports(ws):
            assert "data" not in report, "a frame over the limit reached the client"
        assert await gone(pid)


async def test_the_page_points_at_this_host_whatever_address_it_was_bound_to(tmp_path: Path) -> None:
    async with Door(tmp_path) as door:
        async with door.session.get(door.url + "/") as page:
            html = await page.text()
        here = door.url.removeprefix("http://")
        assert f"ws://{here}/ws" in html and f"http://{here}/static/js/textual.js" in html
        async with door.session.get(door.url + "/static/js/textual.js") as script:
            assert script.status == 200
        async with door.session.get(door.url + "/", headers={"Host": '"><script>x</script>'}) as page:
            assert page.status == 400  # the Host is written into the page: only a host name


async def test_a_frame_nested_too_deep_is_ignored_like_any_bad_frame(tmp_path: Path) -> None:
    # 60,000 brackets are well under the frame limit, and json.loads gives up on them with a
    # RecursionError, not a ValueError: the door let it out, closing the tab and writing a
    # traceback with its locals (~170 lines) to the host's log for every such frame.
    async with Door(tmp_path) as door, door.tab() as ws:
        await first(ws)
        await ws.send_str("[" * 60_000)
        await ws.send_json(["focus"])
        async for report in reports(ws):
            if report.get("meta", {}).get("type") == "focus":
                break
        else:
            raise AssertionError("the socket closed at a frame nested too deep")


async def test_without_a_token_the_door_answers_only_to_a_loopback_name(tmp_path: Path) -> None:
    # A page of any site the host's owner visits can point its own name at 127.0.0.1 (DNS
    # rebinding): its Origin then matches its Host and a tokenless door on loopback served it
    # (a guest's client processes, on the owner's machine, from a web page). A reverse proxy
    # passing its public Host would likewise make the tokenless door public.
    async with Door(tmp_path) as door:
        port = door.url.rsplit(":", 1)[1]
        rebound = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
        async with door.session.get(door.url + "/", headers=rebound) as page:
            assert page.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with door.tab(headers=rebound):
                pass
        assert refused.value.status == 403
        for name in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
            async with door.session.get(door.url + "/", headers={"Host": name}) as page:
                assert page.status == 200, name
        async with door.tab(headers={"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"}) as ws:
            assert "pid" in await first(ws)
    async with Door(tmp_path, token=TOKEN) as door:  # with the token, any name (a proxy's, a LAN address)
        port = door.url.rsplit(":", 1)[1]
        async with door.session.get(door.url + f"/?token={TOKEN}", headers={"Host": f"game.example:{port}"}) as page:
            assert page.status == 200
