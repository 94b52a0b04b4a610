"""Adrenaline on `adrenaline host` (`registry.TitleHost`): a table's game held by the host.

No screen here. The host holds the shell's `Session` (seats, autosave, undo copies on the host's
threads, computers). What each option will do and why an action is greyed are worked out here,
where the engine's state is, for the person deciding only, from what hot-seat play shows that
person at the same moment (`rules.explain`), so they say nothing their own view does not allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adrenaline_tui.rules import Event, Game, GameConfig
from adrenaline_tui.rules.arena import ARENA_IDS
from adrenaline_tui.rules.explain import previews, questions
from adrenaline_tui.rules.state import ENDINGS, FIGURES, MODES
from adrenaline_tui.titles.adrenaline import ENGINE, NO_BOT
from adrenaline_tui.tui.session import HUMAN, Session, best_computer
from adrenaline_tui.wire.protocol import MAX_TIMER, MIN_TIMER, SEAT_KINDS, ProtocolError, printable


class AdrenalineHost:
    # A table's computers are said to be "computer", whatever their level (as protocol 2 had it).
    names_levels = False

    @property
    def computer(self) -> str:
        """The computer kind of a table when the host names none (`--computer`)."""
        return best_computer()

    def parse_create(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A `create` of an Adrenaline table checked (docs/protocol.md): its arena, skulls,
        ending, mode and bot, and its seats, each a colour and a person or a computer."""
        arena = _text(msg, "arena")
        if arena not in ARENA_IDS:
            raise ProtocolError(f"no arena '{printable(arena or '', 32)}'")
        ending = _text(msg, "ending")
        if ending not in ENDINGS:
            raise ProtocolError(f"no ending '{printable(ending or '', 32)}'")
        seats = msg.get("seats")
        if not isinstance(seats, list) or not 3 <= len(seats) <= 5:
            raise ProtocolError("'seats' must list 3 to 5 seats")
        out: list[tuple[str, str]] = []
        # A seat's kind: a person, the host's computer, or a computer level the creator chose.
        kinds = (*SEAT_KINDS, *ENGINE.player_kinds)
        for s in seats:
            if not isinstance(s, dict) or s.get("colour") not in FIGURES or s.get("kind") not in kinds:
                raise ProtocolError(
                    f"each seat is {{colour: one of {', '.join(FIGURES)}, kind: human, computer or a level}}"
                )
            out.append((s["colour"], s["kind"]))
        if len({c for c, _ in out}) != len(out):
            raise ProtocolError("each colour can be used once")
        if not any(k == "human" for _, k in out):
            raise ProtocolError("a table needs at least one person")
        # The mode and the bot are optional: a client from before the modes gets the standard game.
        mode = _text(msg, "mode", required=False) or "standard"
        if mode not in MODES:
            raise ProtocolError(f"no mode '{printable(mode, 32)}' (modes are {', '.join(MODES)})")
        bot = _text(msg, "bot", limit=16, required=False)
        if bot is not None:
            if bot not in FIGURES:
                raise ProtocolError(f"no figure '{printable(bot, 16)}' for the bot (figures are {', '.join(FIGURES)})")
            if bot in {c for c, _ in out}:
                raise ProtocolError(f"{bot} is a seat; the bot takes a figure nobody plays")
        skulls = msg.get("skulls")
        if type(skulls) is not int or not 5 <= skulls <= 8:
            raise ProtocolError("'skulls' must be a whole number from 5 to 8")
        timer = msg.get("timer", 0)
        if type(timer) is not int or not 0 <= timer <= MAX_TIMER:
            raise ProtocolError(f"'timer' must be a whole number from 0 to {MAX_TIMER}")
        if 0 < timer < MIN_TIMER:
            raise ProtocolError(f"a turn timer is off (0) or {MIN_TIMER} to {MAX_TIMER} seconds")
        options = {"arena": arena, "skulls": str(skulls), "ending": ending, "mode": mode, "bot": bot or NO_BOT}
        return {"options": options, "seats": [c for c, _ in out], "kinds": [k for _, k in out], "timer": timer}

    def create_fields(self, setup: Any) -> dict[str, Any]:
        """The create of the game Adrenaline's setup screen asked for (its `StartGame`): its
        settings, and each seat a person or the computer level chosen for it."""
        c = setup.config
        seats = [{"colour": p, "kind": "human" if setup.kinds[p] == HUMAN else setup.kinds[p]} for p in c.players]
        return {"arena": c.arena, "skulls": c.skulls, "ending": c.ending, "mode": c.mode, "bot": c.bot, "seats": seats}

    def lobby_fields(self, options: Mapping[str, str]) -> dict[str, Any]:
        """What the lobby's `table` message says of a table's set-up beyond its options."""
        bot = options.get("bot", NO_BOT)
        return {
            "arena": options.get("arena", "arena_12"),
            "skulls": int(options.get("skulls", "8")),
            "ending": options.get("ending", "frenzy"),
            "mode": options.get("mode", "standard"),
            "bot": None if bot == NO_BOT else bot,
        }

    def config(self, kinds: Mapping[str, str], options: Mapping[str, str]) -> GameConfig:
        # Every damaged player who saw the shooter is asked about a Tagback Grenade, holding one
        # or not, every turn ends with "End your turn" and every spawn is asked: over the network
        # everyone sees whose decision it is, so asking only when a card allows it would tell
        # the table what the cards are.
        fields = self.lobby_fields(options)
        return GameConfig(
            players=tuple(kinds),
            arena=fields["arena"],
            skulls=fields["skulls"],
            ending=fields["ending"],
            tagback_prompt="all",
            end_turn_prompt="always",
            spawn_prompt="always",
            mode=fields["mode"],
            bot=fields["bot"],
            # A lone way on that spends cubes or powerups is asked, not taken (docs/rulings.md).
            confirm_spending="ask",
        )

    def start(
        self,
        seats: int,
        options: Mapping[str, str],
        kinds: Mapping[str, str],
        seed: int,
        path: Path | None,
        saver: Any = None,
        spares: Any = None,
    ) -> Session:
        return Session.start(
            self.config(kinds, options), seed, kinds, path, autosave=path is not None, saver=saver, spares=spares
        )

    def resume(self, path: Path, saver: Any = None, spares: Any = None) -> Session:
        return Session.resume(path, saver, spares)

    def options_of(self, game: Game) -> dict[str, str]:
        c = game.config
        return {
            "arena": c.arena,
            "skulls": str(c.skulls),
            "ending": c.ending,
            "mode": c.mode,
            "bot": c.bot if c.bot is not None else NO_BOT,
        }

    def hidden_from(self, seat: str | None, event: Event) -> bool:
        # Adrenaline's events are public: a card drawn into a hand is logged without its name.
        return False

    def figures(self, game: Game) -> str | None:
        """The figures a finished table is sent (None: the standings the client draws say it)."""
        return None

    def hints(self, session: Session, view: dict[str, Any]) -> dict[str, Any] | None:
        """The words beside the deciding person's own options: what each does, why an action is greyed."""
        game = session.game
        weapon = previews.last_weapon_fired(game)
        return {
            "details": [previews.option_preview(game, o, weapon) for o in previews.options(view)],
            "greyed": [list(g) for g in previews.greyed_actions(game, view)],
        }

    def explanations(self, session: Session, view: dict[str, Any]) -> dict[str, Any] | None:
        """Everything the view's owner may ask `x` about, each with its answer: what hot-seat's
        explain screen shows that person (`rules.explain.questions` decides what they may ask)."""
        game = session.game
        topics = questions.topics(game, view)
        answers = {}
        for t in topics:
            e = questions.explanation(game, view, t.id)
            answers[t.id] = {"subject": e.subject, "legal": e.legal, "why": list(e.why), "does": list(e.does)}
        return {"topics": [[t.id, t.label, t.group] for t in topics], "answers": answers}


def _text(msg: dict[str, Any], field: str, *, limit: int = 32, required: bool = True) -> str | None:
    value = msg.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"'{field}' must be text")
    if len(value) > limit:
        raise ProtocolError(f"'{field}' is longer than {limit} characters")
    return value


HOST = AdrenalineHost()
