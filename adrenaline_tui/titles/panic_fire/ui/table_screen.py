"""`TableScreen`: Panic Fire's table, played in real time by one person against computers or by
two people at one keyboard.

The screen is the app's referee (docs/panic_fire.md, "The referee's duties"): it holds a
`LiveReferee` and wakes it with a Textual timer when `wake_in()` says something is due (the
flip at 0, the gun's return, a count of three, a computer's planned action); a key is passed
to it the moment it arrives, so the order of keys is the order of actions. The clock is
injected (`clock`, monotonic milliseconds) so tests play rounds by hand. After every change
each widget is drawn again from a view (a person's own, for their hand; the sets are the same
in every view), and the game is saved: config, seed and the log (autosave, so a killed process
loses nothing).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.timer import Timer

from adrenaline_tui.titles.panic_fire.game import Game
from adrenaline_tui.titles.panic_fire.referee import COUNTDOWN_MS, LiveReferee, Player
from adrenaline_tui.titles.panic_fire.ui.autosave import Autosave
from adrenaline_tui.titles.panic_fire.ui.drawing import SHOT_MS
from adrenaline_tui.titles.panic_fire.ui.hand_view import HandView
from adrenaline_tui.titles.panic_fire.ui.keys import LEFT, RIGHT, SOLO, Aim, Cluster
from adrenaline_tui.titles.panic_fire.ui.legend_line import LegendLine
from adrenaline_tui.titles.panic_fire.ui.recent_events import RecentEvents
from adrenaline_tui.titles.panic_fire.ui.sets_view import SetsView
from adrenaline_tui.titles.panic_fire.ui.table_status import TableStatus
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.session import unsaved
from adrenaline_tui.tui.shell import GoToTitle, LeftGame
from adrenaline_tui.tui.widgets._tcss import tcss_beside

RECENT = 40  # events kept for the list a large screen shows
TICK_S = 0.1  # the countdown, the flip and a shot are redrawn this often (only what changed is sent)
SLOW_PACE = 4.0  # a lesson's first round: the computers take four times as long


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


def _bindings() -> list[BindingType]:
    """One binding per key of every cluster, each with an id; the action says which cluster
    and which key, and the screen ignores clusters nobody sits at."""
    out: list[BindingType] = []
    for c in (SOLO, LEFT, RIGHT):
        for kind, keys in (("card", c.hand), ("aim", c.targets), ("play", c.positions), ("gun", c.gun)):
            for n, key in enumerate(keys):
                ident = f"panic_fire.{c.side}.{kind}{n + 1}"
                if any(getattr(b, "key", None) == key for b in out):
                    continue  # a key shared by two clusters: one binding, the action finds the seat
                # No description: F1 lists the clusters as a table of their own (`help_sections`).
                out.append(Binding(key, f"key({key!r})", "", show=False, id=ident))
        if not any(getattr(b, "key", None) == c.shield for b in out):
            out.append(Binding(c.shield, f"key({c.shield!r})", "", show=False, id=f"panic_fire.{c.side}.shield"))
    out.append(Binding("escape", "leave", "Leave", show=False, id="panic_fire.leave"))
    return out


# What F1 says of the game, at the table and in its replay.
HELP_GAME = [
    "No turns: everyone plays at once. Put a card from your hand on a set that already "
    "shows that character (The Great Grandma goes anywhere); you draw after each card.",
    "A set showing its character's match number (the last line) is a MATCH: its owner may "
    "shoot anyone, and anyone may shoot its owner. A shot with no match on either set is a "
    "foul: the shooter leaves the round.",
    "One gun: after a shot it is out for a second. A Shield in play, else in your hand, "
    "stops a bullet. The last one standing takes a Bullet; the most Bullets after 6 rounds wins.",
]


class TableScreen(BaseScreen):
    DEFAULT_CSS = tcss_beside(__file__)
    # No widget takes focus: every key belongs to the screen's clusters.
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = _bindings()
    # A title's table, as the app finds one to save on Ctrl+S, quit and hang-up (`shell.is_game_table`).
    is_game_table = True
    # Bullets are won face up: there are no hidden points to turn over.
    show_points = True
    # The last line's words for Esc (a hosted table's are its own).
    leave_words = "esc: leave (the game is saved)"

    def __init__(
        self,
        game: Game,
        people: tuple[str, ...],
        players: Mapping[str, Player],
        *,
        clock: Callable[[], int] = monotonic_ms,
        save_path: Path | None = None,
        lesson: bool = False,
        lesson_done: Callable[[], None] | None = None,
        seed: int = 0,
        kinds: Mapping[str, str] | None = None,
        resume_ms: int = 0,
        referee: LiveReferee | None = None,
        session: Autosave | None = None,
    ) -> None:
        super().__init__()
        if not 1 <= len(people) <= 2:
            raise ValueError("one person, or two at one keyboard")
        self.game = game
        self.people = people
        self._key_clock = clock  # when keys arrive: a gun key held down is one press (`keys.REPEAT_MS`)
        clusters: tuple[Cluster, ...] = (SOLO,) if len(people) == 1 else (LEFT, RIGHT)
        self.aims = [Aim(seat, c) for seat, c in zip(people, clusters, strict=True)]
        self.lesson = lesson
        # Told once the lesson's slow first round is over (the lesson list marks it done).
        self._lesson_done = lesson_done
        if kinds is None:
            kinds = {
                s: "human" if s in people else getattr(players.get(s), "level_name", "?") for s in game.config.seats
            }
        # A table at a host brings its own: the host's referee and save (`hosted.py`).
        self.session = session or Autosave(game, save_path, kinds)
        pace = SLOW_PACE if lesson else 1.0
        self.referee = referee or LiveReferee(game, players, seed=seed, clock=clock, pace=pace, resume_ms=resume_ms)
        self._timer: Timer | None = None
        self._seen = 0  # referee events already read
        self._last = "" if game.phase == "ready" else "the game goes on where it was saved"
        self._shot: dict[str, Any] | None = None
        self._recent: deque[tuple[int, int, str]] = deque(maxlen=RECENT)
        self._said_problem: str | None = None
        self._round = game.round
        self._phase = game.phase
        self._stopped = False

    def compose_body(self) -> ComposeResult:
        yield TableStatus(id="status")
        yield SetsView(id="sets")
        with Horizontal(id="hands"):
            for a in self.aims:
                yield HandView(a, compact=len(self.aims) > 1, classes=f"-{a.cluster.side}", id=f"hand-{a.cluster.side}")
        yield RecentEvents(id="events")
        yield LegendLine(id="legend")

    def on_mount(self) -> None:
        self._after_change()
        self.set_interval(TICK_S, self._tick)

    def on_screen_suspend(self) -> None:
        # Help, the rules or the command palette over the table: a real-time round cannot go on
        # unseen, so its clock stops, and starts again 3 s after the table is back.
        self.referee.pause()

    def on_screen_resume(self) -> None:
        self.referee.resume(COUNTDOWN_MS)
        if self.is_mounted:
            self._schedule()
            self._draw()

    # ------------------------------------------------------------------ the referee
    def wake(self) -> None:
        """Whatever is due now: the clock's events and the computers' actions."""
        self._timer = None
        if self._stopped:
            return
        if self.referee.catch_up():
            self._after_change()
        else:
            self._draw()
            self._schedule()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._stopped:
            return
        wait = self.referee.wake_in()
        if wait is not None:
            self._timer = self.set_timer(max(wait, 1) / 1000, self.wake)

    def _after_change(self) -> None:
        self._read_events()
        if self.game.phase == "play" and self._phase == "ready":
            for a in self.aims:  # a key pressed in the countdown is no news once the sets are up
                a.said = ""
        self._phase = self.game.phase
        if self.game.round != self._round:
            # A new deal: each person starts with nothing picked, their own set aimed at, and
            # nothing said (a refusal of the last round is no longer news).
            self._round = self.game.round
            self.aims = [Aim(a.seat, a.cluster) for a in self.aims]
            for a in self.aims:
                self.query_one(f"#hand-{a.cluster.side}", HandView).aim = a
        if self.lesson and self.referee.pace != 1.0 and self.game.round > 1:
            self.referee.pace = 1.0  # the lesson's first round was slow; now, full speed
            self._last = "Round 2: full speed now. Good luck!"
            if self._lesson_done is not None:
                self._lesson_done()
        for a in self.aims:
            a.settle(self.game.view(a.seat))
        self._autosave()
        self._draw()
        self._schedule()

    def _read_events(self) -> None:
        for rnd, at, e in self.referee.events[self._seen :]:
            if e.kind in ("shot", "foul"):
                seat, target = e.data["seat"], e.data["target"]
                self._shot = {"seat": seat, "target": target, "at": at, "result": "hit!", "foul": e.kind == "foul"}
            elif e.kind == "blocked" and self._shot is not None:
                self._shot["result"] = "hit, but a Shield stops it"
            elif e.kind == "out" and self._shot is not None and self._shot["target"] == e.data["seat"]:
                self._shot["result"] = "hit: out of the round"
            if e.kind not in ("drew", "no_card"):
                self._last = e.text
                self._recent.append((rnd, max(at, 0), e.text))
        self._seen = len(self.referee.events)

    def _autosave(self) -> None:
        self.session.save()
        problem = self.session.save_problem  # the last write's, from the saving thread
        if problem is not None and problem != self._said_problem:
            self.app.notify(unsaved(problem), severity="warning")  # once a problem; the game goes on
        self._said_problem = problem

    # ------------------------------------------------------------------ what the shell asks of a table
    def save_now(self) -> Path | None:
        self.session.flush()
        return self.session.path

    def stop_computers(self) -> None:
        """The game is being left as it is: nothing more happens by the clock or a computer."""
        self._stopped = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def help_sections(self) -> list[tuple[str, list[str]]]:
        """What F1 says at this table (the shell's help screen asks)."""
        clusters = []
        for a in self.aims:
            c = a.cluster
            clusters.append(
                f"{a.seat} ({c.side}): card {c.card_keys(self.game.view(a.seat))}, aim at a set "
                f"{''.join(c.shown(k) for k in c.targets)} (the n-th set on screen), play the card on "
                f"the set aimed at {' '.join(c.shown(k) for k in c.positions)} (its cards 1-4), gun "
                f"{'/'.join(c.shown(k) for k in c.gun)} (shoots the set aimed at), Shield {c.shown(c.shield)}."
            )
        return [
            ("Your keys", clusters),
            ("The game", HELP_GAME),
            (
                "The table",
                [
                    "+n after a card: cards under it. A line under your hand says why a key did nothing.",
                    "Esc leaves for the title; the game is saved after every change (Continue picks it up).",
                ],
            ),
        ]

    def rules_pages(self) -> Any:
        """Panic Fire's rules reference, for the command palette's Rules entries."""
        from adrenaline_tui.titles.panic_fire import reference

        return reference

    def set_points(self, shown: bool) -> None:
        self.app.notify("In Panic Fire the Bullets are won face up: everyone sees them.")

    def action_explain(self) -> None:
        """What each person at the keyboard may do now, from their own legal actions."""
        for a in self.aims:
            acts = [x.label for x in self.game.legal(a.seat, self.referee.round_now()) if x.key != "fold"]
            shots = [x for x in acts if x.startswith("shoot") and "foul" not in x]
            plays = [x for x in acts if not x.startswith("shoot")]
            what = "; ".join(shots[:2] + plays[:3]) or "nothing but wait"
            self.app.notify(f"{a.seat}: {len(acts)} legal actions now: {what}", timeout=8)

    # ------------------------------------------------------------------ drawing
    def _tick(self) -> None:
        self._draw()

    def _draw(self) -> None:
        now = self.referee.round_now()
        if self.game.phase == "ready":
            now = min(now, -1)
        shot = self._shot
        if shot is not None and not (shot["at"] <= now < shot["at"] + SHOT_MS):
            shot = None
        first = self.game.view(self.aims[0].seat)
        hold = self.referee.holding()
        urgent = f"the round goes on in {-(-hold // 1000)}..." if hold else ""
        self.query_one(TableStatus).show(first, now, self._last, urgent)
        self.query_one(SetsView).show(first, self.aiming(), now, shot)
        for a in self.aims:
            self.query_one(f"#hand-{a.cluster.side}", HandView).show(self.game.view(a.seat), coach=self.lesson)
        tail = self.leave_words if not self.game.over else "the game is over: esc leaves"
        if self.lesson:
            tail = "lesson, slow: the computers wait for you" if self.referee.pace != 1.0 else "lesson: full speed"
        self.query_one(LegendLine).show(first, tail)
        if self.has_class("-large"):
            self.query_one(RecentEvents).show(self._recent)

    def aiming(self) -> Sequence[Aim]:
        """Whose aim the sets show: every person at this keyboard."""
        return self.aims

    # ------------------------------------------------------------------ keys
    def action_key(self, key: str) -> None:
        for a in self.aims:
            if key in a.cluster.hand + a.cluster.targets + a.cluster.positions + a.cluster.gun + (a.cluster.shield,):
                self._press(a, key)
                return

    def _press(self, aim: Aim, key: str) -> None:
        if self._stopped:
            return
        action, reason = aim.press(key, self.game.view(aim.seat), self._key_clock())
        aim.said = reason or ""
        if action is None:
            self._draw()
            return
        outcome = self.referee.press(aim.seat, action)
        if outcome.reason is not None:
            aim.said = f"{key_words(action, self.game.view(aim.seat))}: {outcome.reason}"
            self._draw()
            self._schedule()
            return
        self._after_change()

    def action_leave(self) -> None:
        """Back to the title; the game is saved as it stands and goes on from here (Continue)."""
        self.stop_computers()
        self.session.flush()
        self.post_message(GoToTitle())
        self.post_message(LeftGame(self.session))  # type: ignore[arg-type]


def key_words(action: str, view: dict[str, Any]) -> str:
    """An action key as a few words, to say which key a refusal is about."""
    verb, _, rest = action.partition(":")
    if verb == "play":
        char, seat, pos = rest.split(":")
        name = view["characters"].get(char, {}).get("name", char).removeprefix("The ").removeprefix("Great ")
        return f"{name} on {seat}'s card {pos}"
    if verb == "shoot":
        return f"shoot {rest}"
    return verb
