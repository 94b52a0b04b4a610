"""What a board will pay: the hard player's valuation of damage, by rank rather than by token.

Every damage token is eventually paid for: the board is scored when it dies, and whatever
damage is left is scored at the end of the game. What a token is worth to its shooter is the
change it makes to the board's payout: the ranks (8/6/4/2/1/1 by most damage, ties to the
earlier first token, fewer after each skull), first blood, and the killshot with the track
token(s) it puts on the killshot track (8/6/4/2/1/1 at the end by most tokens). The normal
player counts about a point a token; this counts what the token changes in those payouts, for
me and against the others (taking 1st place from someone is worth more than extending a lead).

A board far from its killshot will see more damage from others before it pays, so its ranks
count only in part then, blended with the point-a-token estimate (`certainty`).
"""

from __future__ import annotations

from adrenaline_tui.ai.evaluator import Evaluator, Me
from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.ai.shots import Hits
from adrenaline_tui.ai.table import Table
from adrenaline_tui.ai.values import CUBE, MARK
from adrenaline_tui.rules import Decision
from adrenaline_tui.rules.scoring import Award, score_board, score_track
from adrenaline_tui.rules.state import KILLSHOT as KILL_AT
from adrenaline_tui.rules.state import MAX_DAMAGE

# Opinions, not rules; each measured against four normal players (benchmarks/ai.py).
RIVALS = 0.0  # how much the others' average share of a payout counts against mine (0 measured best)
TRACK_WEIGHT = 1.0  # a killshot-track token, as the track would pay if the game ended now
CERTAIN_FROM = 0.4  # share of the rank payout counted on a fresh board (all of it at the killshot)
TEMPO = 1.0  # a kill also sets the victim back (damage and adrenaline gone, a turn to respawn)
# Cubes left at the end of my turn, against the normal player's opinion of them: the shots of
# later turns need them (reloads, extra effects); measured +1.5 points a game over 200 games.
AMMO = 2.0


class PayoutEvaluator(Evaluator):
    """The normal player's turn search, with damage valued by what the board will pay."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        t = self.t
        self.payees = tuple(t.players)
        # A board's payout already says whose damage matters: no extra weight on the leader's
        # (the bot, which no payout covers, keeps the normal player's weight).
        self.weight = {c: 1.0 if c in t.players else w for c, w in self.weight.items()}
        self._board: dict[tuple, float] = {}
        self._left: dict[tuple, int] = {}
        self._track_now = self._relative(score_track(t.track, self.payees))

    def _relative(self, awards: list[Award]) -> float:
        mine = 0.0
        others = 0.0
        for a in awards:
            if a.player == self.me:
                mine += a.points
            else:
                others += a.points
        n = max(1, len(self.payees) - 1)
        return mine - RIVALS * others / n

    def board(self, fig: str, d: int) -> float:
        """The payout of `fig`'s board with `d` damage (mine added after what is on it), for me."""
        key = (fig, d)
        known = self._board.get(key)
        if known is not None:
            return known
        f = self.t.figures[fig]
        base = f.damage[: min(d, len(f.damage))]
        tokens = list(base) + [self.me] * (d - len(base))
        value = self._relative(score_board(tokens, f.skulls, f.frenzy_board, self.payees))
        self._board[key] = value
        return value

    def certainty(self, d: int) -> float:
        """How much of a board's rank payout to trust with `d` damage on it (the rest of its
        damage, from others, is still to come)."""
        return CERTAIN_FROM + (1 - CERTAIN_FROM) * min(1.0, d / KILL_AT)

    def damage_value(self, fig: str, d: int, placed: int, factor: float) -> float:
        if fig not in self.t.players:  # the bot: a figure no one scores as a rival
            return super().damage_value(fig, d, placed, factor)
        after = d + placed
        w = 1.0 if after >= KILL_AT else self.certainty(after)
        value = w * (self.board(fig, after) - self.board(fig, d)) + (1 - w) * placed * factor
        if d < KILL_AT <= after:
            value += self.killshot(fig, after) + TEMPO
            if self.game_ends_on_kill:
                value += 2 * TEMPO
        if d < MAX_DAMAGE <= after:
            value -= MARK  # the victim marks me back
        return value

    def terminal(self, me: Me) -> float:
        value = super().terminal(me)
        if self.last_turn or AMMO == 1.0:
            return value
        key = (me.held, me.loaded, me.cubes, me.powerups)
        left = self._left.get(key)
        if left is None:
            left = self._left[key] = sum(self.reload_choice(me)[1])  # cubes left after reloading
        return value + (AMMO - 1.0) * CUBE * left

    def killshot(self, fig: str, after: int) -> float:
        """My killshot (and overkill) token(s) on the track, as the track would pay now."""
        entry = [self.me] * (2 if after >= MAX_DAMAGE else 1)
        track = [*self.t.track, entry]
        return TRACK_WEIGHT * (self._relative(score_track(track, self.payees)) - self._track_now)


class PayoutPlayer(SensiblePlayer):
    """The normal player's whole-turn search, valuing damage by what the boards will pay."""

    name = "payout"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The aim being followed and my damage and marks on each figure when its shot began.
        self._aim_base: tuple[Hits, dict[str, tuple[int, int]]] | None = None

    def _eval(self, t: Table) -> PayoutEvaluator:
        return PayoutEvaluator(t, self.book, self.cards)

    def _shot_choice(self, d: Decision, t: Table) -> str:
        """Follow an aimed outcome (`aim`: the whole shot's hits) through every question of it.

        The outcomes weighed at a question are what is still to come from there, so the aim is
        compared less what the shot has done already (read from the boards: my tokens and marks
        on each figure since the shot began; marks I had on a figure turn into damage when it is
        hit)."""
        full = self.aim
        if full is None:
            return super()._shot_choice(d, t)
        if self._aim_base is None or self._aim_base[0] is not full:
            self._aim_base = (full, _tally(t))
        self.aim = _less(full, _dealt(t, self._aim_base[1]))
        try:
            return super()._shot_choice(d, t)
        finally:
            # an aim that went out of reach stays dropped for the rest of the shot
            self.aim = full if self.aim is not None else None


def _tally(t: Table) -> dict[str, tuple[int, int]]:
    return {c: (f.damage.count(t.me), f.marks.get(t.me, 0)) for c, f in t.figures.items() if c != t.me}


def _dealt(t: Table, base: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """What the shot has done so far, as a shot's hits count it: (damage, marks) per figure."""
    out = {}
    for c, (d, m) in _tally(t).items():
        d0, m0 = base.get(c, (0, 0))
        if d > d0:  # the marks I had on it were spent as damage
            out[c] = (d - d0 - m0, m)
        elif m != m0:
            out[c] = (0, m - m0)
    return out


def _less(aim: Hits, done: dict[str, tuple[int, int]]) -> Hits | None:
    """What is left of `aim` once `done` is dealt, or None if the shot has left the aim."""
    left = {f: (dmg, marks) for f, dmg, marks in aim}
    for f, (dmg, marks) in done.items():
        a = left.get(f, (0, 0))
        rest = (a[0] - dmg, a[1] - marks)
        if rest[0] < 0 or rest[1] < 0:
            return None
        left[f] = rest
    return tuple(sorted((f, dmg, marks) for f, (dmg, marks) in left.items() if dmg or marks))


__all__ = ["PayoutEvaluator", "PayoutPlayer"]
