"""Panic Fire's screens, as the shell reaches them through the registry (`Title.ui_module`,
`TitleUI`; docs/titles.md, "The title hook"). The table is `table_screen.TableScreen` (one
widget a file under this package, each with its TCSS beside it); its referee is the engine's
`referee.LiveReferee`, driven by the screen's timers. Screens are imported when first asked
for, so listing the titles loads none of this."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adrenaline_tui.titles.panic_fire.ui.review_screen import ReviewScreen
    from adrenaline_tui.titles.panic_fire.ui.table_screen import TableScreen

HUMAN = "human"  # the shell's word for a seat a person plays (tui/storage.HUMAN)
MAX_PEOPLE = 2  # at one keyboard: a cluster of keys on each side


class PanicFireUI:
    def setup_screen(self) -> Any:
        from adrenaline_tui.tui.screens.title_setup import TitleSetupScreen

        return TitleSetupScreen("panic_fire")

    def seat_label(self, game: Any, seat: str) -> str:
        return seat.capitalize()

    def new_table(
        self,
        seats: int,
        options: Mapping[str, str],
        kinds: Mapping[str, str],
        seed: int,
        *,
        save_path: Path | None = None,
        **kw: Any,
    ) -> TableScreen:
        """A new game, autosaved in the saves folder: 1 person against computers, or 2 people at
        one keyboard (a third and more would play from other terminals through the host)."""
        from adrenaline_tui.seeds import player_seed
        from adrenaline_tui.titles.panic_fire.players import make_player
        from adrenaline_tui.titles.panic_fire.title import ENGINE
        from adrenaline_tui.titles.panic_fire.ui.table_screen import TableScreen
        from adrenaline_tui.tui import storage

        game = ENGINE.new_game(seats, options, seed)
        kinds = {s: kinds.get(s, HUMAN) for s in game.config.seats}
        people = tuple(s for s in game.config.seats if kinds[s] == HUMAN)
        if not 1 <= len(people) <= MAX_PEOPLE:
            raise ValueError(f"Panic Fire seats 1 or 2 people at one keyboard, not {len(people)}")
        for kind in kinds.values():
            if kind != HUMAN and ENGINE.canonical_kind(kind) is None:
                raise ValueError(f"no computer player {kind[:20]!r} in Panic Fire")
        players = {
            s: make_player(kinds[s], player_seed(seed, n)) for n, s in enumerate(game.config.seats) if s not in people
        }
        path = save_path or storage.new_save_path()
        return TableScreen(game, people, players, save_path=path, seed=seed, kinds=kinds, **kw)

    def saved_table(self, path: Path, **kw: Any) -> TableScreen:
        """A saved game replayed from its log, the seats as its table file says (ValueError in
        one line for a save that cannot be read)."""
        from adrenaline_tui.seeds import player_seed
        from adrenaline_tui.titles.panic_fire.game import Game
        from adrenaline_tui.titles.panic_fire.players import make_player
        from adrenaline_tui.titles.panic_fire.title import ENGINE
        from adrenaline_tui.titles.panic_fire.ui.table_screen import TableScreen
        from adrenaline_tui.tui import storage

        game = Game.load(path)
        table, problem = storage.load_table(path)
        if problem:
            raise ValueError(problem)
        given = table.get("seats", {})
        kinds = {s: given.get(s, HUMAN) for s in game.config.seats}
        people = tuple(s for s in game.config.seats if kinds[s] == HUMAN)
        if not 1 <= len(people) <= MAX_PEOPLE:
            raise ValueError(f"{path.name}: Panic Fire seats 1 or 2 people at one keyboard")
        # A kind the table file names that is no computer of ours (an edited file) plays as "normal".
        level = {s: kinds[s] if ENGINE.canonical_kind(kinds[s]) else "normal" for s in game.config.seats}
        players = {
            s: make_player(level[s], player_seed(game.seed, n))
            for n, s in enumerate(game.config.seats)
            if s not in people
        }
        from adrenaline_tui.titles.panic_fire.referee import COUNTDOWN_MS

        kw.setdefault("resume_ms", COUNTDOWN_MS)  # a round taken up in the middle: 3 s to look first
        return TableScreen(game, people, players, save_path=path, seed=game.seed, kinds=kinds, **kw)

    def save_info(self, path: Path, modified: float) -> Any:
        """The load list's line for a save, read (within bounds) but not replayed."""
        from adrenaline_tui.titles.files import read_save
        from adrenaline_tui.titles.panic_fire.errors import SaveError
        from adrenaline_tui.titles.panic_fire.saves import MAX_SAVE_BYTES, SAVE_FORMAT
        from adrenaline_tui.tui import storage

        try:
            data = read_save(path, MAX_SAVE_BYTES, SaveError)
        except SaveError as exc:
            return storage.SaveInfo(path, modified, problem=str(exc).removeprefix(f"{path}: ")[:120])
        config = data.get("config") if isinstance(data, dict) else None
        seats = config.get("seats") if isinstance(config, dict) else None
        log = data.get("log") if isinstance(data, dict) else None
        if data.get("format") != SAVE_FORMAT or not isinstance(seats, list) or not isinstance(log, list):
            return storage.SaveInfo(path, modified, problem="not a Panic Fire save")
        seats = [s for s in seats if isinstance(s, str)][:5]
        table = storage.read_table(path)
        kinds = table.get("seats", {})
        last = log[-1] if log and isinstance(log[-1], list) and log[-1] else [1]
        ranking = table.get("ranking") if table.get("over") else None
        first = ranking[0] if isinstance(ranking, list) and ranking and isinstance(ranking[0], dict) else {}
        winner = first.get("seat") if first.get("seat") in seats else None
        rnd = last[0] if isinstance(last[0], int) else 1
        return storage.SaveInfo(
            path,
            modified,
            players=tuple(seats),
            names={s: s.capitalize() for s in seats},
            decisions=len(log),
            over=bool(table.get("over", False)),
            people=sum(1 for s in seats if kinds.get(s, HUMAN) == HUMAN),
            title="Panic Fire",
            summary=f"{len(seats)} players, " + (f"{winner} won" if winner else f"round {rnd}"),
        )

    def lessons_screen(self) -> Any:
        """The lesson (a slow first round, then full speed), as the shell's Tutorial offers it."""
        from adrenaline_tui.titles.panic_fire.ui.lessons import PanicFireLessons

        return PanicFireLessons()

    def hosted_table(self, state: dict[str, Any]) -> Any:
        """The table of one seat at a host, drawn from the host's first `state` message."""
        from adrenaline_tui.titles.panic_fire.ui.hosted import HostedPanicFireTable

        return HostedPanicFireTable(state)

    def table_lines(self, table: Mapping[str, Any]) -> list[str]:
        """A hosted table's set-up as the lobby says it: the title, and its Shields."""
        shields = (table.get("options") or {}).get("shields", "all")
        return ["Panic Fire (real time: no turns)", f"  shields {shields}"]

    def review_screen(self, path: Path) -> ReviewScreen:
        from adrenaline_tui.titles.panic_fire.game import Game
        from adrenaline_tui.titles.panic_fire.ui.review_screen import ReviewScreen

        return ReviewScreen(Game.load(path))


UI = PanicFireUI()
