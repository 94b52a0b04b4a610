"""A room: several players' clients in one process, each an app on the room's one event loop.

The clients' zygote (`client_zygote.py`) forks rooms, and hands each a player's terminal (the
pty's far end, SCM_RIGHTS) with the checked request it came with. A forked client copies about
11 MiB of the zygote's pages as it runs (Python writes reference counts and bytecode counters
into what it touches, docs/hosting.md): in a room those pages are copied once and shared by
its players.

What Textual takes from the process, and what a room gives each player instead:

- The terminal: `RoomDriver` reads and writes the player's own descriptor (Textual's
  `LinuxDriver` uses `sys.__stdin__` and `sys.__stderr__` and two threads); the size is read
  from the pty (TIOCGWINSZ) a few times a second, since a process gets no SIGWINCH for a
  terminal that is not its controlling one; output waits in the room, bounded
  (`MAX_BACKLOG`), never blocking the loop.
- Signals: none. Textual's driver sets SIGTSTP/SIGCONT/SIGWINCH/SIGTTOU handlers and the app
  SIGHUP/SIGTERM (`AdrenalineApp._watch_terminal`); in a room a hang-up is the pty closed
  (its read fails, or poll says POLLHUP), and SIGTERM is the room's.
- The environment Textual and the client read: `TERM` (colours, `App.__init__` reads
  `os.environ` once), `SSH_CONNECTION` (the address the host counts limits under) are set
  while the app is built, synchronously, so no other player's code runs in between; the
  address is handed to the connection (`Connection.address`), which otherwise reads it later.
- Errors: Textual prints a crash or an exit message on `error_console` (stderr): here it is
  the player's own terminal. Textual's `redirect_stdout`/`redirect_stderr` around each app
  are process-wide and nest badly across apps: a print lands on some running app's capture
  (never on a screen), and a dead app's capture left in `sys.stdout` is put back (`_unhook`).
- The exit timer (`os._exit` after a hang-up) would end every player: the room cancels a
  player's app instead if it has not left `LEAVE_GRACE` seconds after its terminal went.
- `gc.freeze()` once the first screen is drawn would freeze the other players' garbage for
  good: not in a room (the zygote froze what it had before forking).

A browser's player (the web door's; the request has `web`, the page's size) comes with a stream
socket instead of a pty: `RoomWebDriver` speaks textual-serve's packets on it, as Textual's
`WebDriver` does on a process's stdin and stdout, with the same bounds on sizes.

One player's crash ends that player's app only (Textual catches what a handler raises and
ends that app; anything escaping `run_async` is caught here). One player's slow frame delays
the room's others: rooms are small (docs/hosting.md).
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import fcntl
import gc
import json
import os
import socket
import struct
import sys
import termios
import traceback
import tty as tty_module
from codecs import getincrementaldecoder
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from textual import constants, events, messages
from textual._styles_cache import StylesCache
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size

from adrenaline_tui.host.zygote import MAX_PACKET, WEB_FIELD, Refused, check_descriptor, check_request
from adrenaline_tui.tui.app import EXIT_GRACE, HANGUP_STATUS
from adrenaline_tui.tui.driver import Resizes, bounded
from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.wire import limits
from adrenaline_tui.wire.limits import bounded_size

# Screen bytes a player has not read (their connection is slow, the door stopped reading
# their pty) kept before that player is ended as gone: a frame is a few KiB, so this is
# dozens of frames behind, and a room's memory stays bounded.
MAX_BACKLOG = 1 << 20
# The longest packet a browser's player takes from the web door (its frames are at most
# `limits.MAX_WEB_FRAME`); anything longer is not the door's, and ends that player.
MAX_WEB_PACKET = 4 * limits.MAX_WEB_FRAME
# How often a player's window size is read from their pty.
SIZE_POLL = 0.25
# How long a player's app has to leave after its terminal went, before the room cancels it.
LEAVE_GRACE = EXIT_GRACE
# How long what a player's app wrote last may take to reach their pty before it is closed.
DRAIN_GRACE = 2.0


class Terminal:
    """One player's terminal in the room: their pty's descriptor, written without blocking."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)
        self.loop = asyncio.get_running_loop()
        self.backlog = bytearray()
        self.writing = False
        self.closed = False
        self.overflowed = False
        self.on_overflow: Any = None

    def write(self, data: bytes) -> None:
        if self.closed or self.overflowed:
            return
        if not self.backlog:
            try:
                done = os.write(self.fd, data)
            except BlockingIOError:
                done = 0
            except OSError:
                return  # hung up: the reader notices
            data = data[done:]
            if not data:
                return
        self.backlog += data
        if len(self.backlog) > MAX_BACKLOG:
            # Too far behind: the player is treated as gone (their seat is kept by the host).
            self.overflowed = True
            self.backlog.clear()
            if self.on_overflow is not None:
                self.loop.call_soon(self.on_overflow)
            return
        if not self.writing:
            self.writing = True
            self.loop.add_writer(self.fd, self._writable)

    def _writable(self) -> None:
        try:
            done = os.write(self.fd, self.backlog[:65536])
        except BlockingIOError:
            return
        except OSError:
            done = len(self.backlog)
        del self.backlog[:done]
        if not self.backlog:
            self._stop_writing()

    def _stop_writing(self) -> None:
        if self.writing:
            self.writing = False
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_writer(self.fd)

    async def drained(self, seconds: float) -> None:
        for _ in range(int(seconds / 0.05)):
            if not self.backlog or self.closed:
                return
            await asyncio.sleep(0.05)

    def size(self) -> tuple[int, int]:
        try:
            rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(self.fd, termios.TIOCGWINSZ, b"\0" * 8))
        except OSError:
            return 80, 24
        return cols or 80, rows or 24

    def hung_up(self) -> bool:
        import select

        poller = select.poll()
        try:
            poller.register(self.fd, select.POLLIN)
        except (ValueError, OSError):
            return True
        return any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in poller.poll(0))

    def close(self) -> None:
        if self.closed:
            return
        self._stop_writing()
        self.closed = True
        self.backlog.clear()
        with contextlib.suppress(OSError):
            os.close(self.fd)

    def say(self, text: str) -> None:
        """Text for the player to read (an error, a goodbye), as the terminal shows it."""
        # The terminal's own line discipline turns "\n" into "\r\n" (Textual's raw mode keeps OPOST).
        self.write(text.encode("utf-8", "replace"))


class WebTerminal(Terminal):
    """A browser's player's line: the web door's stream socket, in textual-serve's packets (a
    type byte, b"D" screen bytes or b"M" a JSON meta message, then the payload's length in 4
    bytes big-endian, then the payload; `textual/drivers/web_driver.py`)."""

    def packet(self, kind: bytes, payload: bytes) -> None:
        self.write(kind + len(payload).to_bytes(4, "big") + payload)

    def say(self, text: str) -> None:
        # xterm.js has no line discipline: a bare "\n" would only move down.
        self.packet(b"D", text.replace("\n", "\r\n").encode("utf-8", "replace"))

    def size(self) -> tuple[int, int]:
        return 80, 24  # never read: a browser says its size in packets


class _TerminalText:
    """The player's terminal as a text file, for Textual's error console."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal

    def write(self, text: str) -> int:
        self.terminal.say(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.terminal.fd


class KeysOnTheLoop:
    """What both room drivers do with the bytes a player types: parsed on the room's loop (no
    thread), a lone Escape made a key by a timer, and a resize typed as keys bounded like any
    other. Before the driver's own class in its bases (its `process_message` is the next)."""

    _debug: bool
    _reading: bool
    _resizes: Resizes
    _tick_timer: asyncio.TimerHandle | None

    def _new_parser(self) -> None:
        self._parser = XTermParser(self._debug)
        self._decode = getincrementaldecoder("utf-8")().decode

    def _tick_later(self) -> None:
        # A lone Escape is a key only once nothing follows it for a moment (the parser's timeout).
        if self._tick_timer is None and self._reading:
            self._tick_timer = asyncio.get_running_loop().call_later(constants.ESCAPE_DELAY + 0.01, self._tick)

    def _tick(self) -> None:
        self._tick_timer = None
        for event in self._parser.tick():
            self.process_message(event)
        if self._parser._timeout_time is not None:
            self._tick_later()

    def process_message(self, message: Any) -> None:
        if isinstance(message, events.Resize):  # an in-band resize report: bounded, coalesced
            self._resizes.offer(message.size)
            return
        super().process_message(message)  # type: ignore[misc]


class RoomDriver(KeysOnTheLoop, LinuxDriver):
    """Textual's Linux driver on one player's descriptor, on the loop, with no thread or signal.

    The escape sequences are `LinuxDriver`'s (its helpers are used as they are); what differs is
    where bytes go and come from, and that nothing here is process-wide."""

    def __init__(
        self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        # Not LinuxDriver.__init__: it takes sys.__stdin__ and sets SIGTSTP and SIGCONT handlers.
        Driver.__init__(self, app, debug=debug, mouse=mouse, size=size)
        self.terminal: Terminal = app.terminal
        self.fileno = self.terminal.fd
        self.input_tty = True
        self.attrs_before: list[Any] | None = None
        self._key_thread = None
        self._writer_thread = None
        self._must_signal_resume = False
        self._in_band_window_resize = False
        self._mouse_pixels = False
        self._resizes = Resizes(app)
        self._reading = False
        self._size_timer: asyncio.TimerHandle | None = None
        self._tick_timer: asyncio.TimerHandle | None = None
        self._last_size: tuple[int, int] | None = None
        self._new_parser()

    @property
    def can_suspend(self) -> bool:
        return False  # Ctrl+Z would stop the whole room

    def _get_terminal_size(self) -> tuple[int, int]:
        return bounded_size(*self.terminal.size())

    def write(self, data: str) -> None:
        self.terminal.write(data.encode("utf-8", "replace"))

    def flush(self) -> None:
        pass

    def start_application_mode(self) -> None:
        loop = asyncio.get_running_loop()
        self._resizes.loop = loop
        size = self._get_terminal_size()
        self._last_size = size
        self._app.post_message(events.Resize(bounded(Size(*size)), bounded(Size(*size))))
        self.write("\x1b[?1049h")  # alt screen
        self._enable_mouse_support()
        try:
            self.attrs_before = termios.tcgetattr(self.fileno)
            attrs = termios.tcgetattr(self.fileno)
        except termios.error:
            self.attrs_before = None
        else:
            attrs[tty_module.LFLAG] = self._patch_lflag(attrs[tty_module.LFLAG])
            attrs[tty_module.IFLAG] = self._patch_iflag(attrs[tty_module.IFLAG])
            attrs[tty_module.CC][termios.VMIN] = 1
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.fileno, termios.TCSANOW, attrs)
        self.write("\x1b[?25l")  # hide the cursor
        self.write("\x1b[?1004h")  # focus in and out
        if not constants.DISABLE_KITTY_KEY:
            self.write("\x1b[>25u")  # the kitty protocol, with LinuxDriver's flags
        self.write("\033[?2026$p")  # synchronised output supported?
        self._query_in_band_window_resize()
        self._enable_bracketed_paste()
        self._disable_line_wrap()
        self._enable_mouse_support()
        loop.add_reader(self.fileno, self._readable)
        self._reading = True
        self._size_timer = loop.call_later(SIZE_POLL, self._poll_size)

    def _poll_size(self) -> None:
        if not self._reading:
            return
        size = self._get_terminal_size()
        if size != self._last_size and not self._in_band_window_resize:
            self._last_size = size
            self._resizes.offer(Size(*size))
        self._size_timer = asyncio.get_running_loop().call_later(SIZE_POLL, self._poll_size)

    def _readable(self) -> None:
        try:
            data = os.read(self.fileno, 4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""  # EIO: the door closed the pty (the player left or was ended)
        if not data:
            self._stop_reading()
            self._app.call_later(self._app.terminal_gone)
            return
        try:
            text = self._decode(data)
            for event in self._parser.feed(text):
                self.process_message(event)
        except UnicodeDecodeError:
            # Not UTF-8: that read is lost and reading starts over, as TerminalDriver does.
            self._new_parser()
        self._tick_later()

    def _stop_reading(self) -> None:
        if self._reading:
            self._reading = False
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.fileno)
        for timer in (self._size_timer, self._tick_timer):
            if timer is not None:
                timer.cancel()
        self._size_timer = self._tick_timer = None

    def disable_input(self) -> None:
        if self._reading:
            self._stop_reading()
            self._disable_mouse_support()

    def stop_application_mode(self) -> None:
        self._disable_bracketed_paste()
        self._enable_line_wrap()
        self._disable_in_band_window_resize()
        self.disable_input()
        if self.attrs_before is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.fileno, termios.TCSANOW, self.attrs_before)
        self.write("\x1b[<u")
        self.write("\x1b[?1049l")
        self.write("\x1b[?25h")
        self.write("\x1b[?1004l")

    def close(self) -> None:
        pass  # the room closes the terminal once what was written has gone out


class RoomWebDriver(KeysOnTheLoop, WebDriver):
    """Textual's web driver for a browser's player in a room: textual-serve's packets on the web
    door's socket, read on the loop, with no thread or signal (Textual's `WebDriver` reads
    `sys.__stdin__` in a thread of its own, writes `sys.__stdout__`, and sets SIGINT/SIGTERM
    handlers). Its packet writers are Textual's, writing through the player's `WebTerminal`."""

    def __init__(
        self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        # Not WebDriver.__init__: it takes sys.__stdout__, reads COLUMNS/ROWS and makes a thread.
        Driver.__init__(self, app, debug=debug, mouse=mouse, size=size or app.web_size)
        self.terminal: WebTerminal = app.terminal
        self.fileno = self.terminal.fd
        self._write = self.terminal.write  # what WebDriver's write, write_meta, ... write with
        self._deliveries = {}
        self._resizes = Resizes(app)
        self._reading = False
        self._tick_timer: asyncio.TimerHandle | None = None
        self._inbox = bytearray()
        self._new_parser()

    @property
    def can_suspend(self) -> bool:
        return False

    def start_application_mode(self) -> None:
        loop = asyncio.get_running_loop()
        self._resizes.loop = loop
        # As WebDriver's, less its signal handlers and its "__GANGLION__" line (the door's
        # reader of a room's player expects packets only).
        self.write("\x1b[?1049h")  # alt screen
        self._enable_mouse_support()
        self.write("\x1b[?25l")  # hide the cursor
        self.write("\033[?1003h")
        size = Size(*bounded_size(*(self._size or (80, 24))))
        self._app.post_message(events.Resize(size, size))
        self._request_terminal_sync_mode_support()
        self._enable_bracketed_paste()
        loop.add_reader(self.fileno, self._readable)
        self._reading = True
        self._app.call_later(self._app.post_message, events.AppBlur())

    def _readable(self) -> None:
        try:
            data = os.read(self.fileno, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the door closed the socket: the tab went (or the door ended the player)
            self._gone()
            return
        self._inbox += data
        inbox = self._inbox
        while len(inbox) >= 5:
            size = int.from_bytes(inbox[1:5], "big")
            if size > MAX_WEB_PACKET:
                self._gone()  # not the door's packets: nothing more is read
                return
            if len(inbox) < 5 + size:
                break
            kind, payload = inbox[0], bytes(inbox[5 : 5 + size])
            del inbox[: 5 + size]
            if kind == ord("D"):
                self._keys(payload)
            elif kind == ord("M"):
                self._meta(payload)
        self._tick_later()

    def _gone(self) -> None:
        self._stop_reading()
        self._app.call_later(self._app.terminal_gone)

    def _keys(self, payload: bytes) -> None:
        try:
            for event in self._parser.feed(self._decode(payload)):
                self.process_message(event)
        except UnicodeDecodeError:
            self._new_parser()  # not UTF-8: dropped, as the terminal's drivers do

    def _meta(self, payload: bytes) -> None:
        try:
            message = json.loads(payload)
        except (ValueError, RecursionError):
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return
        kind = message["type"]
        if kind == "resize":
            self._size = bounded_size(message.get("width"), message.get("height"))
            self._resizes.offer(Size(*self._size))
        elif kind == "focus":
            self._app.post_message(events.AppFocus())
        elif kind == "blur":
            self._app.post_message(events.AppBlur())
        elif kind == "quit":
            self._app.post_message(messages.ExitApp())
        # "exit" and file deliveries: the door serves no downloads; nothing else is asked of it.

    def _stop_reading(self) -> None:
        if self._reading:
            self._reading = False
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.fileno)
        if self._tick_timer is not None:
            self._tick_timer.cancel()
            self._tick_timer = None

    def disable_input(self) -> None:
        self._stop_reading()

    def stop_application_mode(self) -> None:
        self._stop_reading()
        self.write_meta({"type": "exit"})

    def close(self) -> None:
        pass  # the room closes the socket once what was written has gone out


@contextlib.contextmanager
def _environment(**values: str) -> Iterator[None]:
    """`os.environ` as one player's client would have it, while their app is built (no await
    happens in between, so no other player's code sees it)."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


class RoomApp(RemoteApp):
    """A host's client as one player of a room: the same screens, on the player's terminal."""

    def __init__(self, terminal: Terminal, socket_path: Path, request: dict[str, Any], idle: float) -> None:
        self.terminal = terminal
        web = request.get(WEB_FIELD)
        self.web_size: tuple[int, int] | None = bounded_size(*web) if web is not None else None
        # A browser draws in true colour (textual-serve sets TEXTUAL_COLOR_SYSTEM, read once at
        # import: the web door's zygote has it; COLORTERM says it to Rich in any room).
        colours = {"COLORTERM": "truecolor"} if web is not None else {}
        with _environment(TERM=request["term"], SSH_CONNECTION=f"{request['address']} 0 0 0", **colours):
            super().__init__(
                socket_path, request["name"], idle=idle, identity=request["identity"], ask_name=web is not None
            )
            self.error_console = Console(markup=False, highlight=False, file=_TerminalText(terminal))  # type: ignore[arg-type]
        self.connection.address = request["address"]
        terminal.on_overflow = self.terminal_gone

    def get_driver_class(self) -> type[Driver]:
        return RoomDriver if self.web_size is None else RoomWebDriver

    def _watch_terminal(self) -> None:
        # No signal handlers: a hang-up is the pty's (its read fails, or poll says so).
        self.set_interval(0.5, self._check_terminal)

    def _check_terminal(self) -> None:
        if self.terminal.hung_up():
            self.terminal_gone()

    def terminal_gone(self) -> None:
        # As AdrenalineApp's, without its exit timer (it would end the room): the room cancels
        # an app that has not left in LEAVE_GRACE.
        if self.hung_up:
            return
        self.hung_up = True
        table = self.table()
        if table is not None:
            table.session.flush()
        self.exit(return_code=HANGUP_STATUS)

    def _started(self) -> None:
        # No gc.freeze(): it would freeze the other players' garbage for the room's life.
        pass


def _unhook(running: set[RemoteApp]) -> None:
    """Put back `sys.stdout`/`sys.stderr` left pointing at an app that is no longer running
    (Textual's per-app redirections unwind out of order when apps overlap)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        owner = getattr(stream, "app", None)
        if owner is not None and owner not in running:
            setattr(sys, name, getattr(sys, f"__{name}__"))


class Room:
    """The room's players and its line to the zygote."""

    def __init__(self, channel: socket.socket, socket_path: Path, idle: float) -> None:
        self.channel = channel
        self.socket_path = socket_path
        self.idle = idle
        self.players: dict[int, asyncio.Task[None]] = {}
        self.running: set[RemoteApp] = set()
        self.closing = asyncio.get_running_loop().create_future()

    def _tell(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):
            self.channel.send(json.dumps(message).encode())

    def readable(self) -> None:
        fds = array.array("i")
        try:
            data, ancillary, flags, _ = self.channel.recvmsg(MAX_PACKET, socket.CMSG_SPACE(4 * fds.itemsize))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, ancillary, flags = b"", [], 0
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[: len(payload) - (len(payload) % fds.itemsize)])
        if not data and not fds:
            # The zygote is done with this room: no new players; it ends with its last.
            asyncio.get_running_loop().remove_reader(self.channel)
            if not self.closing.done():
                self.closing.set_result(None)
            return
        try:
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC) or len(fds) != 1:
                raise Refused("a player is one request and one terminal")
            request = check_request(json.loads(data))
            check_descriptor(request, fds[0])
        except (Refused, ValueError, RecursionError):
            for fd in fds:
                os.close(fd)
            return
        self.players[request["id"]] = asyncio.get_running_loop().create_task(self.play(request, fds[0]))

    async def play(self, request: dict[str, Any], fd: int) -> None:
        """One player, from their terminal handed over to their app's end."""
        code = 1
        terminal = WebTerminal(fd) if WEB_FIELD in request else Terminal(fd)
        app: RoomApp | None = None
        try:
            app = RoomApp(terminal, self.socket_path, request, self.idle)
            self.running.add(app)
            task = asyncio.ensure_future(app.run_async())
            while not task.done():
                await asyncio.wait({task}, timeout=1.0)
                if app.hung_up and not task.done():
                    await asyncio.wait({task}, timeout=LEAVE_GRACE)
                    task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            code = HANGUP_STATUS if app.hung_up else (app.return_code or 0)
        except Exception:
            # This player's only: on their terminal, as a client of its own would print it.
            terminal.say(traceback.format_exc())
        finally:
            if app is not None:
                self.running.discard(app)
                # A client of its own closes its line to the host by exiting; here the room must,
                # or the host would keep the player's seat taken (the socket outlives the app).
                with contextlib.suppress(Exception):
                    app.connection.close()
            _unhook(self.running)
            with contextlib.suppress(Exception):
                await terminal.drained(DRAIN_GRACE)
            terminal.close()
            self.players.pop(request["id"], None)
            self._tell({"ended": request["id"], "code": code})
            del app, terminal
            # Textual's `StylesCache.get_inner_outer` is an lru_cache on a method: its 1,024 keys
            # hold style caches, and their rendered lines, of widgets long gone (a player who has
            # left would be kept there until a thousand others pushed them out). A cache only.
            StylesCache.get_inner_outer.cache_clear()
            # What the app left is cycles (widgets and their parents, handlers and their apps): freed
            # now, not whenever the collector's oldest generation comes round (it rarely does).
            gc.collect()

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        loop.add_reader(self.channel, self.readable)
        await self.closing
        while self.players:
            await asyncio.wait(set(self.players.values()))


def serve_room(channel: socket.socket, socket_path: Path, idle: float) -> int:
    """The room's life: players until the zygote closes its end and the last has left."""

    async def run() -> None:
        await Room(channel, socket_path, idle).serve()

    asyncio.run(run())
    return 0
