"""The bot: a figure nobody plays, moved and fired by whoever's turn it is (reference g.1).

The starting player places it on a spawnpoint before spawning. From the second turn of the game
on (the bot card starts with the second player), every turn owes one bot action besides the two
actions, in any order: move the bot 1 square if you like, then, if it sees any figure other than
you (or, in Domination, a spawnpoint), it must shoot one: 1 damage in its colour, and 1 mark too
once it has 6 damage. It is shot, killed and scored like a player; when killed, the player whose
turn it is respawns it on a spawnpoint of their choice (docs/rulings.md).

The bot combines with any mode: its targets besides figures come from the mode's `targets`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.arena import SPAWN_COLOURS
from adrenaline_tui.rules.damage import ActionLedger, add_marks, deal_damage
from adrenaline_tui.rules.decision import Decision, Option
from adrenaline_tui.rules.modes import Flow, Rules
from adrenaline_tui.rules.state import ADRENALINE_SHOOT

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game
    from adrenaline_tui.rules.state import Player

BOT_ACTION = "bot"
FIRST_BOT_TURN = 2  # turn 1 is the first player's; the bot card starts with the second player


class Bot(Rules):
    name = "bot"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.colour: str = game.config.bot  # type: ignore[assignment]  # the bot's figure
        self.acted = False  # the bot action of this turn is done

    def figure(self, g: Game) -> Player:
        return g.players[g.config.bot]  # type: ignore[index]

    # --------------------------------------------------------------- placement
    def before_spawn(self, g: Game, p: Player) -> Flow:
        bot = self.figure(g)
        if bot.square is not None:
            return
        # Always asked (three spawnpoints): a public point of the turn.
        prompt = f"{p.name}: place the bot ({bot.name}) on a spawnpoint"
        key = yield from g.ask(Decision(p.colour, "bot_place", prompt, _spawn_options(g), public=True))
        bot.square = g.arena.spawn_square[key.removeprefix("spawn:")]
        # The log's letter is the event's `player`: whoever placed it, the subject of the sentence.
        g.emit(
            "bot_placed",
            f"{p.name} places {bot.name} on {bot.square}",
            player=p.colour,
            bot=bot.colour,
            square=bot.square,
        )

    # ------------------------------------------------------------- the action
    def start_turn(self, g: Game, p: Player, *, first: bool) -> None:
        self.acted = False

    def _owed(self, g: Game) -> bool:
        # A bot that took a killshot is tipped over until it respawns at the end of the turn: a
        # killed figure takes no action, so the bot action of this turn lapses (docs/rulings.md).
        bot = self.figure(g)
        return not self.acted and g.turn >= FIRST_BOT_TURN and bot.square is not None and not bot.killed

    def actions(self, g: Game, p: Player) -> list[Option]:
        if not self._owed(g):
            return []
        # The square lets the map point at the bot while the option is under the cursor.
        label = "Bot action: move the bot up to 1 square, then it shoots"
        return [Option(BOT_ACTION, label, square=self.figure(g).square)]

    def must_act(self, g: Game, p: Player) -> bool:
        return self._owed(g)

    def act(self, g: Game, p: Player, key: str) -> Flow:
        from adrenaline_tui.rules.shooting import tagback_window
        from adrenaline_tui.rules.turn import move_figure

        bot = self.figure(g)
        self.acted = True
        g.ledger = ActionLedger()  # an action of its own: marks it gives wait, Tagback looks at it
        g.emit("bot_action", f"{p.name} takes the bot action", player=p.colour, bot=bot.colour)
        here = bot.square
        moves = tuple(
            Option(q, "The bot stays here" if q == here else f"Move the bot to {q}", square=q)
            for q in g.arena.within(here, 1)
        )
        dest = yield from g.ask(Decision(p.colour, "bot_move", "Bot action: move the bot?", moves))
        yield from move_figure(g, bot, dest, why="bot action")
        if bot.killed:  # killed by a turret on the way: a killed figure does not shoot
            g.emit("bot_no_target", f"The bot ({bot.name}) is down and does not shoot", bot=bot.colour)
            return
        targets = self.targets_of(g, p)
        if not targets:
            g.emit("bot_no_target", "The bot sees nobody to shoot", bot=bot.colour)
            return
        options = tuple(Option(k, f"Shoot {name} on {sq}", square=sq, target=k) for k, (name, sq) in targets.items())
        target = yield from g.ask(Decision(p.colour, "bot_target", "Bot action: the bot shoots whom?", options))
        g.emit("bot_shot", f"The bot shoots {targets[target][0]}", bot=bot.colour, target=target)
        if target in g.players:
            victim = g.players[target]
            deal_damage(g, bot.colour, victim, 1)
            if len(bot.damage) >= ADRENALINE_SHOOT:
                add_marks(g, bot.colour, victim, 1)
        else:
            g.mode.hit_target(g, bot.colour, target, "damage", 1)
        yield from tagback_window(g, bot)

    def targets_of(self, g: Game, p: Player) -> dict[str, tuple[str, str]]:
        """Whom the bot may shoot now: what it sees, never the active player, never itself."""
        bot = self.figure(g)
        sight = g.arena.visible[bot.square]
        out = {
            q.colour: (q.name, q.square)
            for q in g.players.values()
            if q is not p and q is not bot and q.square is not None and q.square in sight
        }
        for key, sq in g.mode.targets(g, bot).items():
            if sq in sight:
                out[key] = (g.mode.target_name(key), sq)
        return out

    # ---------------------------------------------------------------- respawn
    def respawns(self, p: Player) -> bool:
        return p.colour == self.colour

    def respawn(self, g: Game, p: Player) -> Flow:
        active = g.active
        prompt = f"{active.name}: respawn the bot on a spawnpoint"
        key = yield from g.ask(Decision(active.colour, "bot_respawn", prompt, _spawn_options(g), public=True))
        p.square = g.arena.spawn_square[key.removeprefix("spawn:")]
        p.dead = False  # back on the board, as `turn.spawn` does for a player
        g.emit(
            "respawn",
            f"{p.name} respawns at {p.square}, where {active.name} puts it",
            player=p.colour,
            square=p.square,
            discarded=None,
        )

    # ---------------------------------------------------------------- as data
    def state(self, g: Game) -> dict[str, Any]:
        # `bot_owed` says what the screens cannot work out without the rule of the second turn.
        return {"bot_acted": self.acted, "bot_owed": self._owed(g)}

    def load(self, g: Game, scenario: Any) -> None:
        pass


def _spawn_options(g: Game) -> tuple[Option, ...]:
    return tuple(
        Option(f"spawn:{c}", f"The {c} spawnpoint ({g.arena.spawn_square[c]})", square=g.arena.spawn_square[c])
        for c in SPAWN_COLOURS
    )
