"""Final standings: everyone ranked, with the tie-break spelled out."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.rules import Game
from adrenaline_tui.tui.look import LETTER, hero
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import GoToTitle


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# What breaks a tie on points, by game mode: the final scoring that replaces the killshot track's.
TIE_BREAK = {"standard": "killshot track", "domination": "spawnpoint tracks", "turret": "turrets"}


def verb(word: str, subject: str) -> str:
    """The verb agreeing with its subject: "the killshot track breaks", "the turrets break"."""
    return word if subject.endswith("s") else word + "s"


def tie_notes(ranking: list[dict[str, Any]], name: dict[str, str], what: str = "killshot track") -> list[str]:
    """One sentence for every group of players level on points."""
    notes = []
    by_score: dict[int, list[dict[str, Any]]] = {}
    for r in ranking:
        by_score.setdefault(r["score"], []).append(r)
    for score, group in by_score.items():
        if len(group) < 2:
            continue
        who = " and ".join(name[r["player"]] for r in group)
        ranks = {r["rank"] for r in group}
        if len(ranks) == len(group):
            track = ", ".join(f"{name[r['player']]} {r['track_points']}" for r in group)
            notes.append(f"{who} are level on {score} points; the {what} {verb('break', what)} the tie ({track}).")
        elif len(ranks) == 1:
            notes.append(
                f"{who} are level on {score} points and on the {what} "
                f"({group[0]['track_points']}): they share {_ordinal(group[0]['rank'])} place."
            )
        else:
            notes.append(f"{who} are level on {score} points; the {what} {verb('separate', what)} some of them.")
    return notes


class StandingsScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#after"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "title", "Title", id="standings.title"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose_body(self) -> ComposeResult:
        yield Static(Text("Final standings", Style(bold=True)), id="heading", markup=False)
        yield Static(id="table", markup=False)
        yield OptionList(
            Option("The game in figures: charts and awards", id="figures"),
            Option("New game", id="new"),
            Option("Back to the title screen", id="title"),
            Option("Quit", id="quit"),
            id="after",
            markup=False,
        )

    def on_mount(self) -> None:
        look = look_of(self.app)
        view = self.game.view(None, reveal_scores=True)
        ranking = view.get("ranking") or []
        names = {p["colour"]: p["name"] for p in view["players"]}
        out = Text()
        what = TIE_BREAK.get(self.game.config.mode, TIE_BREAK["standard"])
        out.append(f"{'':6}{'player':<28}{'points':>7}{'  ' + what:>19}\n", Style(bold=True))
        for r in ranking:
            c = r["player"]
            mark = Style(bold=True) if r["rank"] == 1 else Style()
            out.append(f"{_ordinal(r['rank']):>4}  ", mark)
            out.append(LETTER[c], look.palette.figure_style(c))
            who = names[c] if names[c] == hero(c) else f"{names[c]} ({hero(c)})"
            out.append(f" {who:<26}", mark)
            out.append(f"{r['score']:>7}", mark)
            out.append(f"{r['track_points']:>19}\n")
        bot = view.get("bot")
        if bot:
            # Its points are kept and shown like anyone's, but it has no seat and takes no
            # place: a rank is a player's (docs/rulings.md).
            c = bot["colour"]
            out.append(f"{'-':>4}  ")
            out.append(LETTER[c], look.palette.figure_style(c))
            out.append(f" {bot['name']:<26}{bot['score']:>7}{'not ranked':>19}\n")
        winners = [names[r["player"]] for r in ranking if r["rank"] == 1]
        if bot and ranking and bot["score"] > ranking[0]["score"]:
            out.append(f"\n{bot['name']} scored more than any player.\n", Style(italic=True))
        if winners:
            out.append("\n")
            verb = "win" if len(winners) > 1 else "wins"
            out.append(f"{' and '.join(winners)} {verb}!\n", Style(bold=True))
        for note in tie_notes(ranking, names, what):
            out.append(note + "\n", Style(italic=True))
        self.query_one("#table", Static).update(out)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "quit":
            self.app.exit()
        elif choice == "figures":
            from adrenaline_tui.tui.screens.game_stats import GameStatsScreen

            self.app.push_screen(GameStatsScreen(self.game))
        elif choice == "new":
            self.post_message(GoToTitle("new"))
        else:
            self.action_title()

    def action_title(self) -> None:
        self.post_message(GoToTitle())
