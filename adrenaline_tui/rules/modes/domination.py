"""Domination mode: fight over the three spawnpoints (variant rules, reference section g.2).

From their second turn on, players tag a spawnpoint (one of their tokens on its track) by
damaging it - at most once a turn, 1 token whatever the damage - and by ending their turn alone on
it; whoever ends a turn on a spawnpoint takes 1 damage from it in their own colour. Killshots are
not tracked (a skull is still taken); an overkill token goes onto a spawnpoint track of the
killer's choice. The frenzy also starts when two tracks hold 8 tokens. At the end each track pays
8-6-4-2-1, every tied player getting the reward and the next rank being skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.arena import SPAWN_COLOURS
from adrenaline_tui.rules.damage import deal_damage
from adrenaline_tui.rules.decision import Decision, Option
from adrenaline_tui.rules.modes import Flow, Rules, nothing, pay
from adrenaline_tui.rules.scoring import Award, _ordinal

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game
    from adrenaline_tui.rules.state import Player

TRACK_VALUES = (8, 6, 4, 2, 1)
FIST = 8  # the 8th space of a track: two tracks at 8 start the frenzy
PREFIX = "spawn:"


def key_of(colour: str) -> str:
    return PREFIX + colour


def track_awards(colour: str, tokens: list[str]) -> list[Award]:
    """One track's final awards: most tokens 8, then 6, 4, 2, 1; tied players all get their rank's
    reward and the ranks they fill are skipped (two tied first get 8 each, the next gets 4)."""
    count: dict[str, int] = {}
    for c in tokens:
        count[c] = count.get(c, 0) + 1
    out = []
    for c in sorted(count, key=lambda c: (-count[c], tokens.index(c))):
        rank = sum(1 for n in count.values() if n > count[c])
        if rank < len(TRACK_VALUES):
            out.append(Award(c, TRACK_VALUES[rank], f"{colour} spawnpoint track ({_ordinal(rank + 1)})"))
    return out


class Domination(Rules):
    name = "domination"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.tracks: dict[str, list[str]] = {c: [] for c in SPAWN_COLOURS}
        self.first_turn = False  # the active player is on their first turn: no tagging yet
        self.tagged = False  # the active player already tagged a spawnpoint by damage this turn

    # ------------------------------------------------------------------ targets
    def targets(self, g: Game, shooter: Player) -> dict[str, str]:
        if shooter.colour == g.config.bot:
            # The bot shoots once a turn anyway; its own sight filters the spawnpoints.
            return {key_of(c): g.arena.spawn_square[c] for c in SPAWN_COLOURS}
        if self.first_turn or self.tagged:
            return {}
        return {key_of(c): g.arena.spawn_square[c] for c in SPAWN_COLOURS}

    def target_name(self, key: str) -> str:
        return f"the {key.removeprefix(PREFIX)} spawnpoint"

    def hit_target(self, g: Game, attacker: str, key: str, kind: str, amount: int) -> None:
        # Marks on a spawnpoint do nothing; damage tags it with a single token, once a turn.
        if kind != "damage":
            return
        if attacker != g.config.bot:
            if self.tagged or self.first_turn:
                return
            self.tagged = True
        self.tag(g, attacker, key.removeprefix(PREFIX), "damage")

    def tag(self, g: Game, colour: str, spawn: str, how: str) -> None:
        track = self.tracks[spawn]
        track.append(colour)
        g.emit(
            "tagged",
            f"{g.name(colour)} tags the {spawn} spawnpoint ({how})",
            player=colour,
            spawn=spawn,
            how=how,
            track=list(track),
        )

    # -------------------------------------------------------------------- turns
    def start_turn(self, g: Game, p: Player, *, first: bool) -> None:
        self.first_turn = first
        self.tagged = False

    def end_turn(self, g: Game, p: Player) -> Flow:
        spawn = g.arena.spawn_colour_at.get(p.square or "")
        if spawn is not None and not self.first_turn:
            alone = not any(q is not p and q.square == p.square for q in g.players.values())
            if alone:
                self.tag(g, p.colour, spawn, "alone on it")
            g.emit(
                "strike_back",
                f"The {spawn} spawnpoint strikes back at {p.name}",
                player=p.colour,
                spawn=spawn,
            )
            # In the player's own colour: scored as an attacker whose points stay in the bank.
            deal_damage(g, p.colour, p, 1, by_action=False)
        return nothing()

    # -------------------------------------------------------------------- kills
    def record_kill(self, g: Game, board: Player, entry: list[str]) -> Flow:
        g.board.untracked_kills += 1
        if len(entry) < 2 or entry[1] == board.colour:
            return
        overkiller = entry[1]
        # The bot's overkill token is placed by the player whose turn it is (who runs the bot).
        chooser = overkiller if overkiller in g.seats else g.active.colour
        options = tuple(
            Option(
                key_of(c),
                f"The {c} spawnpoint track ({len(self.tracks[c])} tokens)",
                square=g.arena.spawn_square[c],
            )
            for c in SPAWN_COLOURS
        )
        key = yield from g.ask(
            Decision(
                chooser,
                "overkill_track",
                f"{g.name(overkiller)}'s overkill token: onto which spawnpoint track?",
                options,
                public=True,  # every overkill is seen, and there are always three tracks
            )
        )
        self.tag(g, overkiller, key.removeprefix(PREFIX), "overkill")

    def frenzy_due(self, g: Game) -> str:
        full = sum(len(t) >= FIST for t in self.tracks.values()) >= 2
        return "Two spawnpoint tracks reach their fist" if full else ""

    # -------------------------------------------------------------- end of game
    def final_scoring(self, g: Game) -> dict[str, int]:
        points: dict[str, int] = {}
        for colour in SPAWN_COLOURS:
            awards = [a for a in track_awards(colour, self.tracks[colour]) if a.player in g.players]
            pay(g, awards)
            for a in awards:
                points[a.player] = points.get(a.player, 0) + a.points
            g.emit(
                "scored",
                f"The {colour} spawnpoint track is scored: "
                + (", ".join(f"{g.name(a.player)} +{a.points}" for a in awards) or "no tokens"),
                board=key_of(colour),
                awards=[a.as_dict() for a in awards],
                final=True,
            )
        return points

    # ---------------------------------------------------------------- as data
    def state(self, g: Game) -> dict[str, Any]:
        return {
            "domination": {
                "tracks": {c: list(t) for c, t in self.tracks.items()},
                "first_turn": self.first_turn,
                "tagged_this_turn": self.tagged,
            }
        }

    def load(self, g: Game, scenario: Any) -> None:
        spec = scenario.domination or {}
        for colour, tokens in spec.items():
            self.tracks[colour] = list(tokens)
