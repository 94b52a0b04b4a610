"""The hard computer player: the normal player, who searches its own action.

At the first question of its turn it tries every action on imagined games and keeps the one
whose games end the turn best. An imagined game is built from the seat's view alone: the other
seats' red cards are dealt at random from the red cards it has not seen, the deck is the rest
shuffled, and every die roll is the imagined game's own, so each sample rolls different dice;
it never reads the real deck's order. The rest of the turn (steps, the Mozzie, reactions) is
played in each sample by the normal player, whose steering already averages every face of the
die. Where the position cannot be imagined (a red card played earlier this turn, the Mozzie
sharing a tile after it returned), and in the 4+1 variant, where the search measured worse,
it plays as the normal player does.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adrenaline_tui.titles.bloodrush.components import BLACK, RED
from adrenaline_tui.titles.bloodrush.decision import Decision
from adrenaline_tui.titles.bloodrush.errors import DataError
from adrenaline_tui.titles.bloodrush.players.normal import NormalPlayer

SAMPLES = 10  # imagined games per candidate action


class HardPlayer(NormalPlayer):
    name = "hard"

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        super().__init__(seed)
        self.samples = samples
        self.policy = NormalPlayer(seed)

    def _action(self, decision: Decision, view: dict[str, Any]) -> str:
        # In the 4+1 variant the search lost to the normal player (docs/bloodrush.md), so there
        # the hard player plays the normal player's action.
        if view["shields"] or len(decision.options) == 1 or view["mozzie_player"] is not None:
            return super()._action(decision, view)
        scenario = self._imagine(view)
        if scenario is None:
            return super()._action(decision, view)
        from adrenaline_tui.titles.bloodrush.game import Game

        me = view["seat"]
        best_key, best = super()._action(decision, view), None
        for key in decision.keys:
            total = 0.0
            for i in range(self.samples):
                s = self._imagine(view) if i else scenario
                try:
                    g = Game.from_scenario(s, seed=self.rng.getrandbits(32))  # type: ignore[arg-type]
                except DataError:
                    return super()._action(decision, view)
                g.choose(key)
                turn = g.turn
                while g.pending is not None and g.turn == turn:
                    d = g.pending
                    g.choose(self.policy.choose(d, g.view(d.player)))
                total += self._worth(g.view(me), me)
            if best is None or total > best:
                best_key, best = key, total
        return best_key

    # ------------------------------------------------------------------ imagining
    def _imagine(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """A scenario consistent with everything the view shows."""
        me = view["seat"]
        own = view["vampires"][me].get("hand", [])
        unseen = Counter(self.components.cards) - Counter(view["discard"]) - Counter(own)
        reds = [c for c in RED for _ in range(unseen[c])]
        self.rng.shuffle(reds)
        vampires: dict[str, Any] = {}
        for seat, v in view["vampires"].items():
            if not v["alive"]:
                vampires[seat] = {
                    "eliminated": True,
                    "eliminated_at": v["eliminated_at"],
                    "humans": v["humans"],
                    "bursts": v["bursts"],
                }
                continue
            if seat == me:
                hand = list(own)
            else:
                hand, reds = reds[: v["hand_count"]], reds[v["hand_count"] :]
                unseen -= Counter(hand)
            vampires[seat] = {
                "square": v["square"],
                "blood": v["blood"],
                "humans": v["humans"],
                "hand": hand,
                "bursts": v["bursts"],
            }
        deck = [c for c in BLACK + RED for _ in range(unseen[c])]
        self.rng.shuffle(deck)
        if view["deck_count"] != len(deck):
            return None
        m = view["mozzie"]
        occupied = set(view["humans"]) | {v["square"] for v in view["vampires"].values() if v["alive"]}
        if m["square"] in occupied:
            return None
        return {
            "seats": view["order"],
            "mozzie_player": view["mozzie_player"],
            "burst": view["burst"],
            "active": view["active"],
            "time_advances": False,
            "turn": view["turn"],
            "time": view["time"]["index"],
            "mozzie": dict(m),
            "humans": dict(view["humans"]),
            "eaten": list(view["eaten"]),
            "vampires": vampires,
            "deck": deck,
            "discard": list(view["discard"]),
            "bug_commander": view["straight_only_by"],
        }

    def _worth(self, view: dict[str, Any], me: str) -> float:
        """How well `me` stands in an imagined game at the end of its turn."""
        if view["over"]:
            place = next(r["place"] for r in view["ranking"] if r["seat"] == me)
            return 200.0 if place == 1 else -200.0
        scores = {s: self._standing(view, v) for s, v in view["vampires"].items()}
        rivals = [x for s, x in scores.items() if s != me and view["vampires"][s]["alive"]]
        return scores[me] - 0.3 * (max(rivals) if rivals else 0.0)

    def _standing(self, view: dict[str, Any], v: dict[str, Any]) -> float:
        if not v["alive"]:
            return -100.0
        humans = self.human
        value = sum(humans[t].value for t in v["humans"])
        blood = v["blood"]
        score = 15.0 * len(v["humans"]) + value + 2.5 * min(blood, 4) + 0.7 * max(0, blood - 4)
        dist, _ = self._nearest_human(v["square"], view)
        score -= 1.5 * min(dist, 6)
        track = self.components.time
        ahead = track[(view["time"]["index"] + 1) % len(track)]
        if ahead.symbol == "sun" and self.board.kind(v["square"]) not in ("graveyard", "building", "mine"):
            score -= 0.7 * ahead.blood
        return score
