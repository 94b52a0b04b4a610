"""What a board will pay: the hard player's valuation of damage, by rank rather than by token.

Every damage token is eventually paid for: the board is scored when it dies, and whatever
damage is left is scored at the end of the game. What a token is worth to its shooter is the
change it makes to what the board will pay me: the ranks (8/6/4/2/1/1 by most damage, ties to
the earlier first token, fewer after each skull), first blood, and the killshot with the track
token(s) it puts on the killshot track (8/6/4/2/1/1 at the end by most tokens). The normal
player counts about a point a token; this counts what the token changes in those payouts
(taking 1st place from someone is worth more than extending a lead far ahead).

A board far from its killshot will see more damage before it pays, and the track more kills
before the game ends: both are valued by their *expected* payout over fixed ways the rest may go
(`expected_payout`, `expected_track`), so a token that makes a lead safe is worth something, and
one that changes nothing once the rest is dealt is worth nothing. In the final frenzy the boards
are scored at the end of the round: ranks as they stand.
"""

from __future__ import annotations

import random

from adrenaline_tui.ai.evaluator import Evaluator, Me, Shooting
from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.ai.shots import Budget, Hits
from adrenaline_tui.ai.table import Table, cost_counts
from adrenaline_tui.ai.values import CUBE, LOADED, MARK, SCOPE, UNKNOWN_POWERUP, UNLOADED, rating
from adrenaline_tui.rules import Decision
from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.scoring import Award, score_board, score_track
from adrenaline_tui.rules.state import KILLSHOT as KILL_AT
from adrenaline_tui.rules.state import MAX_DAMAGE

# Opinions, not rules; each measured against four normal players (benchmarks/ai.py).
TRACK_WEIGHT = 1.0  # a killshot-track token, as the track is expected to pay
TEMPO = 1.0  # a kill also sets the victim back (damage and adrenaline gone, a turn to respawn)
# Cubes left at the end of my turn, against the normal player's opinion of them: the shots of
# later turns need them (reloads, extra effects); measured +1.5 points a game over 200 games.
AMMO = 2.0
# The shots my loaded weapons could fire next turn from where this turn ends, if no one moved
# (`PayoutEvaluator.threat`), as a share of what they would be worth now: the others move and
# shoot first, so it is a hope, not a plan. Measured with benchmarks/ai_sources.py --plan-only
# (the plan's option followed, no imagined game), 600 games (seeds 1, 1001, 3001, 5001, 7001 and
# 9001, 100 each), against 206 won (34.3%) and +3.04 points a game without it: the best shot at
# 0.3 234 won, +3.90 (+0.86, 95% CI +0.17 to +1.55); at 0.2 221, +3.74; with a second shot at
# half that on top 246 (41.0%), +4.29 (+0.39 over one shot, CI -0.04 to +0.82). Tried and not
# kept: 0.15 and 0.5 (110 and 104 of the first 300, against 127 at 0.3), shots from squares one
# step away as well (118), and the end of the turn's holdings valued 1.3 times on top (198, +2.62).
THREAT = 0.3
SECOND_SHOT = 0.5  # the second of those shots, after the first: more hope still
# A Targeting Scope in hand, beyond the cube it could pay for (the normal player's opinion is
# values.POWERUP_KEEP's 0.7). The plan search passed on 1.4-1.6 scopes a game (a normal player
# 0.2) and hoarded them; at 0.3 or 0 it passes no more, but pays the scopes away as ammo and
# uses them no more often: -0.43 and -0.34 points a game (CIs +-0.79, +-0.85; 200 games of seed
# 100000, the plan followed alone, `benchmarks/hard_paired.py`). Not changed.
SCOPE_KEEP = 0.7
# First blood on top of what the board is expected to pay: the sure point now, and the first
# token wins its holder's ties for rank. The plan search drew first blood 1.0-1.2 times a game
# against a normal player's 1.8-1.9 (-0.7 to -0.8 points a game, the largest of its deficits by
# source). Counted for shots this turn only, not in next turn's (`next_shots`: a hope, and
# with it the search ran away from a shot that took first place on a board to stand near an
# unbloodied one). Measured paired, the plan followed alone, 200 games a seed, load 3-7 on 2
# shared cores: 0.5 +0.13 points a game (CI +-0.62, seed 100000; 77 won against 76) and +0.58
# (CI +-0.68, seed 100200; 70 against 60), first bloods 1.4-1.5 a game; over the 400 about
# +0.36 (CI about +-0.46): the direction both times, not significant. Counted in next turn's
# shots too: +0.39 (CI +-0.66) and +0.55 (+-0.75); 1.0 there +0.00 (CI +-0.93, seed 100000:
# too much, fewer kills).
FIRST_BLOOD_EXTRA = 0.5

# How the rest of a board's damage may come: shots of 1-3 tokens, each by one of the players
# other than the victim (me included: my own later shots are part of what the board will pay),
# picked evenly, until the killshot. And the kills still to come: one a skull left after this
# one, FRENZY_KILLS in the final frenzy, each by anyone, an overkill one time in OVERKILL_SHARE.
# The patterns are fixed (the same for every player and game), so a valuation is repeatable and
# depends on the position only. Measured (plan search alone, 5 skulls, 3 x 200 games): +2.6
# points a game against the others' mean, 179 of 600 won (29.8%), where the rank blend it
# replaced scored +1.2 and won 148 of 600 (24.7%) in the same games. Tried and no better:
# leaving me out of the shooters to come (+0.9 against +2.8 on one set), AMMO 1.5, TEMPO 2,
# 64 completions (all within +-0.2 points on one set of 200). Tried 2026-12-01, not kept:
# a term for ending the turn in reach of rivals with a loaded weapon (from their square or one
# step away; plan search alone, the same 600 games: main 182 won, +2.73 a game; -0.3 a rival
# 192, +2.71; -1.0 140, +0.89; +0.3, drawn to them, 197, +2.92; +1.0 175.5, +2.47), and my
# damage on the boards weighted 0.5 / 0.75 / 0.9 (the plan's option followed, `ai_sources.py
# --plan-only`, 300 games: 90, +1.86 / 96, +3.15 / 101, +3.27 against 98, +3.14 at 1.0).
COMPLETIONS = 24
# Damage dealt in the rest of the game for each kill still to come, shared by the boards (0: every
# board is valued as if it filled up to its killshot, however near the end; the end of the game
# scores a board as it stands, and most of the hard player's lead is those ranks). A 5-player,
# 5-skull game deals about 87 tokens for 6.5 kills (`hard_paired.py --sources`), about 13 a
# kill. Measured paired, the plan followed alone (`imagine=False`), tuning seeds only, load 2-13
# on 2 shared cores: 13 +0.79 points a game (CI +-0.82, 240 games of seed 100200, 4 more won)
# and +0.20 (+-0.78, 320 of seed 100400, 6 fewer won); 8 -0.31 (+-0.87, 20 fewer won of 320);
# 20 +0.65 (+-0.77, 11 more won of 320, seed 100400) and +0.38 (+-0.93, 4 fewer won of 200,
# seed 100600); 30 +0.24 (+-0.77, 4 fewer won of 200, seed 100600); 45 -0.04 (+-0.70, 7 fewer).
# From 13 up mostly in the direction, none clearly better and the wins unmoved: at most half a
# point a game, far from what half the games need. Off.
END_TOKENS = 0.0
# The plan search's valuation fitted to the end of the game (`FITTED`, off: `FIT_TERMS` None): a
# seat's final points less the others' mean, regressed (ridge, `benchmarks/judge_fit.py`) on its
# terms less the others' at the end of every turn, each as `a + b * left` (`left`: the share of
# the kills still to come, 1 at the start), over 380 games of seeds 500000-500379 (the lone
# plan search against four normal players, `benchmarks/judge_data.py`; a data range never tuned
# or reported on). A point the boards are expected to pay is worth the `boards` weight of a point
# of margin at the end; the turn search counts the others relative to it: a killshot-track
# point, a weapon's rating loaded and not, a cube kept at the end of the turn (and paid).
# Measured paired, the plan followed alone, 300 games of seed 100000 (load 1-5): fitted 23 won
# (7.7%) against 115, -7.94 points a game (CI +-1.09); FIT_BLEND 0.5 86 won, -2.12 (CI +-1.07).
# The fit is of who does well, not of what a move changes (cubes held early go with turns that
# went well, and weighed as the fit says the search keeps them rather than shoot). Off.
FIT_TERMS: dict[str, tuple[float, float]] | None = None
FITTED: dict[str, tuple[float, float]] = {
    "boards": (0.870, -0.297),
    "track": (1.280, -0.990),
    "loaded": (0.417, 0.379),
    "unloaded": (-0.042, 0.235),
    "cubes": (0.294, 0.733),
}
# The share of the fitted weights in the turn search's (the rest: its own, `TRACK_WEIGHT`,
# values.LOADED and UNLOADED, a cube AMMO * CUBE kept and CUBE paid).
FIT_BLEND = 1.0
SHOT_SIZES = (1, 2, 2, 3, 3)
FRENZY_KILLS = 2
OVERKILL_SHARE = 3
_rng = random.Random(13)
_BOARD_PATTERNS = tuple(
    tuple((_rng.randrange(1 << 20), _rng.choice(SHOT_SIZES)) for _ in range(KILL_AT)) for _ in range(COMPLETIONS)
)
# How much more damage a board may take before the game ends, as a share of the mean (each way
# the rest of a board's damage may come stops there, and the board is scored as it stands at the
# end): fixed draws, mean 1, spread like an exponential (some boards are shot at far more).
_rng = random.Random(19)
_BOARD_CAPS = tuple(_rng.expovariate(1.0) for _ in range(COMPLETIONS))
_rng = random.Random(17)
_TRACK_PATTERNS = tuple(
    tuple((_rng.randrange(1 << 20), _rng.randrange(OVERKILL_SHARE) == 0) for _ in range(12)) for _ in range(COMPLETIONS)
)
del _rng
# Shared by every decision (the answers depend on their arguments only), bounded.
_BOARDS: dict[tuple, dict[str, float]] = {}
_TRACKS: dict[tuple, float] = {}
CACHE_LIMIT = 100_000


def my_points(awards: list[Award], me: str) -> int:
    return sum(a.points for a in awards if a.player == me)


def board_payouts(
    tokens: tuple[str, ...],
    skulls: int,
    frenzy_side: bool,
    payees: tuple[str, ...],
    victim: str,
    to_come: int | None = None,
) -> dict[str, float]:
    """Every payee's average payout from a board holding `tokens`, over the fixed ways it may
    fill up to its killshot (`_BOARD_PATTERNS`): the ways do not depend on whose payout is asked.
    With `to_come` (the damage a board is expected to take before the game ends, `damage_to_come`)
    each way stops short of the killshot where its share of that runs out (`_BOARD_CAPS`), and the
    board is scored as it stands, as the end of the game scores it."""
    key = (tokens, skulls, frenzy_side, payees, victim, to_come)
    known = _BOARDS.get(key)
    if known is not None:
        return known
    shooters = [c for c in payees if c != victim] or list(payees[:1])
    total = dict.fromkeys(payees, 0)
    for i, pattern in enumerate(_BOARD_PATTERNS):
        board = list(tokens)
        room = KILL_AT if to_come is None else len(board) + round(to_come * _BOARD_CAPS[i])
        for who, n in pattern:
            if len(board) >= min(KILL_AT, room):
                break
            board += [shooters[who % len(shooters)]] * min(n, KILL_AT - len(board), room - len(board))
        for a in score_board(board, skulls, frenzy_side, payees):
            total[a.player] += a.points
    if len(_BOARDS) > CACHE_LIMIT:
        _BOARDS.clear()
    value = _BOARDS[key] = {c: v / len(_BOARD_PATTERNS) for c, v in total.items()}
    return value


def expected_payout(
    tokens: tuple[str, ...], skulls: int, frenzy_side: bool, payees: tuple[str, ...], me: str, victim: str
) -> float:
    """My average payout from a board holding `tokens` (`board_payouts`)."""
    return board_payouts(tokens, skulls, frenzy_side, payees, victim).get(me, 0.0)


def board_value(
    tokens: tuple[str, ...],
    skulls: int,
    frenzy_side: bool,
    payees: tuple[str, ...],
    victim: str,
    settled: bool,
    to_come: int | None = None,
) -> dict[str, float]:
    """Each payee's points from a board holding `tokens`: as it stands when it is `settled` (the
    final frenzy, or the end) or holds its killshot (scored at the end of this round), else
    what it is expected to pay (`board_payouts`)."""
    if settled or len(tokens) >= KILL_AT:
        points = dict.fromkeys(payees, 0.0)
        for a in score_board(tokens, skulls, frenzy_side, payees):
            points[a.player] = points.get(a.player, 0.0) + a.points
        return points
    return board_payouts(tokens, skulls, frenzy_side, payees, victim, to_come)


def damage_to_come(frenzy: bool, skulls_left: int, players: int) -> int | None:
    """The damage one board is expected to take before the game ends (None: until its killshot,
    `END_TOKENS` off): `END_TOKENS` a kill still to come, shared by the boards."""
    if not END_TOKENS or frenzy:
        return None
    return round(END_TOKENS * kills_to_come(frenzy, skulls_left) / max(1, players))


def game_left(frenzy: bool, skulls_left: int, kills_done: int) -> float:
    """The share of the game's kills still to come: 1 at the start, small in the final frenzy."""
    return kills_to_come(frenzy, skulls_left) / max(1, skulls_left + kills_done + FRENZY_KILLS)


def fitted_scales(terms: dict[str, tuple[float, float]], left: float, blend: float = 1.0) -> dict[str, float]:
    """`FIT_TERMS` at this point of the game, each relative to the boards' weight, blended with
    the turn search's own weights (`blend` the fitted share)."""
    weight = {k: a + b * left for k, (a, b) in terms.items()}
    board = max(0.2, weight["boards"])
    fit = {k: max(0.0, v) / board for k, v in weight.items()}
    own = {"track": TRACK_WEIGHT, "loaded": LOADED, "unloaded": UNLOADED, "cubes": AMMO * CUBE, "paid": CUBE}
    fit["paid"] = fit["cubes"]
    return {k: blend * fit[k] + (1 - blend) * v for k, v in own.items()}


def kills_to_come(frenzy: bool, skulls_left: int) -> int:
    """The kills still to come: one a skull left, then the final frenzy's (in it: a guess, one)."""
    return 1 if frenzy else skulls_left + FRENZY_KILLS


def expected_track(track: tuple[tuple[str, ...], ...], kills: int, payees: tuple[str, ...], me: str) -> float:
    """My average killshot-track payout at the end, with `kills` more kills to come
    (`_TRACK_PATTERNS`)."""
    key = (track, kills, payees, me)
    known = _TRACKS.get(key)
    if known is not None:
        return known
    total = 0
    for pattern in _TRACK_PATTERNS:
        entries = [list(e) for e in track]
        for who, overkill in pattern[:kills]:
            entries.append([payees[who % len(payees)]] * (2 if overkill else 1))
        total += my_points(score_track(entries, payees), me)
    if len(_TRACKS) > CACHE_LIMIT:
        _TRACKS.clear()
    value = _TRACKS[key] = total / len(_TRACK_PATTERNS)
    return value


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
        self._reloaded: dict[tuple, tuple[frozenset[str], Budget, tuple[str, ...]]] = {}
        self._threat: dict[tuple, tuple[float, str | None, Shooting | None]] = {}
        self._track = tuple(tuple(e) for e in t.track)
        # kills after one of mine now, which takes a skull
        self._later_kills = kills_to_come(t.frenzy, max(0, t.skulls_left - 1))
        self._to_come = damage_to_come(t.frenzy, t.skulls_left, len(self.payees))
        self.first_blood = FIRST_BLOOD_EXTRA
        self.fit: dict[str, float] | None = None
        if FIT_TERMS is not None:
            self.fit = fitted_scales(FIT_TERMS, game_left(t.frenzy, t.skulls_left, len(t.track)), FIT_BLEND)
            if not self.last_turn:
                self.cube = self.fit["paid"]  # what a cube paid for a shot gives up
        # Next turn's shots are a hope, not a sure point: weighed without the first-blood extra,
        # by a twin evaluator (the two must not share their caches of shot values).
        self.hope: PayoutEvaluator | None = None

    def board(self, fig: str, d: int) -> float:
        """What `fig`'s board with `d` damage (mine added after what is on it) will pay me."""
        key = (fig, d)
        known = self._board.get(key)
        if known is not None:
            return known
        f = self.t.figures[fig]
        base = f.damage[: min(d, len(f.damage))]
        tokens = (*base, *[self.me] * (d - len(base)))
        value = board_value(tokens, f.skulls, f.frenzy_board, self.payees, fig, self.t.frenzy, self._to_come)
        value = value.get(self.me, 0.0)
        self._board[key] = value
        return value

    def keep(self, card: str) -> float:
        if not self.last_turn and powerup_kind(card) == SCOPE:
            return SCOPE_KEEP
        return super().keep(card)

    def damage_value(self, fig: str, d: int, placed: int, factor: float) -> float:
        if fig not in self.t.players:  # the bot: a figure no one scores as a rival
            return super().damage_value(fig, d, placed, factor)
        after = d + placed
        value = self.board(fig, after) - self.board(fig, d)
        if d == 0 and not self.t.figures[fig].frenzy_board:
            value += self.first_blood
        if d < KILL_AT <= after:
            value += self.killshot(fig, after) + TEMPO
            if self.game_ends_on_kill:
                value += 2 * TEMPO
        elif d == KILL_AT and after >= MAX_DAMAGE:
            # killed by me earlier this turn (a board is scored when the turn ends, so only my own
            # killshot can still be on it): the 12th token turns my track token into two
            value += self.killshot(fig, after) - self.killshot(fig, d)
        if d < MAX_DAMAGE <= after:
            value -= MARK  # the victim marks me back
        return value

    def terminal(self, me: Me) -> float:
        if self.fit is not None:
            return self.fitted_terminal(me)
        value = super().terminal(me)
        if self.last_turn:
            return value
        return value + (AMMO - 1.0) * CUBE * sum(self.reloaded(me)[1]) + THREAT * self.threat(me)

    def fitted_terminal(self, me: Me) -> float:
        """`terminal` with the weapons and cubes as `FIT_TERMS` weighs them."""
        if self.last_turn:
            return 0.0
        fit = self.fit
        key = (me.held, me.loaded, me.cubes, me.powerups, me.drawn)
        known = self._term.get(key)
        if known is None:
            loaded, cubes, cards = self.reloaded(me)
            value = sum(rating(w) * (fit["loaded"] if w in loaded else fit["unloaded"]) for w in me.held)
            value += fit["cubes"] * sum(cubes) + sum(self.keep(c) for c in cards) + UNKNOWN_POWERUP * me.drawn
            known = self._term[key] = (value, bool(loaded))
        value = known[0] + self.posval(me.square, known[1]) + self.mode.end_square(me.square)
        return value + THREAT * self.threat(me)

    def reload_choice(self, me: Me) -> tuple[frozenset[str], Budget, tuple[str, ...]]:
        if self.fit is None:
            return super().reload_choice(me)
        loaded, cubes, cards = set(me.loaded), me.cubes, me.powerups
        gain = self.fit["loaded"] - self.fit["unloaded"]
        for w in sorted((w for w in me.held if w not in me.loaded), key=lambda w: (-rating(w), w)):
            cost = cost_counts(self.cards.weapons[w].reload_cost)
            paid = self.pay(cubes, cards, cost)
            if paid is not None and gain * rating(w) > self.pay_penalty(cubes, cards, cost):
                loaded.add(w)
                cubes, cards = paid
        return frozenset(loaded), cubes, cards

    def reloaded(self, me: Me) -> tuple[frozenset[str], Budget, tuple[str, ...]]:
        """What I will hold after reloading at the end of the turn: (loaded, cubes, cards)."""
        key = (me.held, me.loaded, me.cubes, me.powerups)
        known = self._reloaded.get(key)
        if known is None:
            known = self._reloaded[key] = self.reload_choice(me)
        return known

    def threat(self, me: Me) -> float:
        """What the shots my weapons could fire next turn from where this turn ends are worth now
        (`next_shots`)."""
        return self.next_shots(me)[0]

    def next_shots(self, me: Me) -> tuple[float, str | None, Shooting | None]:
        """The shots my weapons, reloaded as I would at the end of this turn, could fire next turn
        from where this turn ends if no one moved: (what the best of them would be worth now, and
        SECOND_SHOT of the best one more weapon could add after it, as next turn has two actions;
        the weapon that fires first; its shot).

        A weapon's rating is what it does in a typical position; this is what it does in this one
        (the rival this turn leaves a killshot away, in sight of where I stop)."""
        if self.first_blood:
            if self.hope is None:
                self.hope = PayoutEvaluator(self.t, self.book, self.cards)
                self.hope.first_blood = 0.0
                self.hope._searched_at = self._searched_at  # one cap on shot positions for both
            return self.hope.next_shots(me)
        loaded, cubes, cards = self.reloaded(me)
        if not loaded:
            return 0.0, None, None
        key = (me.square, loaded, cubes, cards, me.targets)
        known = self._threat.get(key)
        if known is None:
            ready = me._replace(loaded=loaded, cubes=cubes, powerups=cards)
            known = (0.0, None, None)
            for w in sorted(loaded):
                first = self.best_shot(ready, w, me.square)
                if first is None:
                    continue
                after = ready._replace(
                    loaded=loaded - {w}, cubes=first.cubes, powerups=first.powerups, targets=first.targets
                )
                seconds = (self.best_shot(after, v, me.square) for v in sorted(after.loaded))
                second = max((s.gross for s in seconds if s is not None), default=0.0)
                value = first.gross + SECOND_SHOT * second
                if value > known[0]:
                    known = (value, w, first)
            self._threat[key] = known
        return known

    def killshot(self, fig: str, after: int) -> float:
        """My killshot (and overkill) token(s) on the track: what they change in what the track
        is expected to pay me, against the same kill made later by anyone."""
        entry = (self.me,) * (2 if after >= MAX_DAMAGE else 1)
        later = self._later_kills
        mine = expected_track((*self._track, entry), later, self.payees, self.me)
        anyone = expected_track(self._track, later + 1, self.payees, self.me)
        weight = TRACK_WEIGHT if self.fit is None else self.fit["track"]
        return weight * (mine - anyone)


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
