"""One-line card text for each weapon effect, generated from its steps.

The rules reference, the walkthrough and `adrenaline cards` show these sentences, so they must
read like the printed card ("Deal 2 damage and 1 mark to 1 target you can see.") while saying
exactly what the data says. The sentence is built clause by clause as the steps are read:

- a `select` only introduces its targets; they are named in full by the first clause that acts on
  them ("deal 2 damage to 1 target you can see") and by a pronoun afterwards ("then you may move
  it 1 square");
- a hit right after a move of the same figures needs no object ("pull 1 target ... onto it and
  deal 2 damage"); consecutive hits on different groups join with "and";
- a chosen square, room or line is "it" / "that line" inside its own effect and "the vortex" (its
  binding name) from another effect.

`timing_text` says when an optional effect may be used, from `after` / `during` / `inside`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adrenaline_tui.rules.cards import (
    Effect,
    Hit,
    Move,
    Pause,
    Pool,
    Select,
    SelectLine,
    SelectRoom,
    SelectSquare,
    Step,
    Weapon,
)

ORDINALS = {1: "first", 2: "second", 3: "third"}
_FAR = 99  # an open-ended distance in the card data (`distance: {min: 2}`)


def _moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


def _squares(lo: int, hi: int) -> str:
    if lo == hi:
        return f"{lo} square{'' if lo == 1 else 's'}"
    if hi - lo == 1:
        return f"{lo} or {hi} squares"
    return ", ".join(str(n) for n in range(lo, hi)) + f" or {hi} squares"


def _count(lo: int, hi: int) -> str:
    """How many targets: `1 target`, `1 or 2 targets`, `up to 3 targets`."""
    if hi == 1:
        return "1 target"
    if lo <= 1 and hi == 2:
        return "1 or 2 targets"
    if lo <= 1:
        return f"up to {hi} targets"
    return f"{lo} to {hi} targets"


@dataclass
class _Writer:
    """Writes one effect's steps as English clauses, remembering what the last clause named."""

    weapon: Weapon
    effect: Effect
    clauses: list[str] = field(default_factory=list)
    pending: dict[str, Select] = field(default_factory=dict)  # selected, not yet named
    subject: str | None = None  # the figures the last clause acted on
    subject_moved: bool = False  # ... and that clause moved them
    last: str = ""  # "hit", "move", "move-self", "select" - what the last clause did
    self_moved: bool = False  # the shooter moved earlier in this effect: "on your square" -> "there"
    named: set[str] = field(default_factory=set)  # places from other effects named once already
    verb: str = ""  # the verb of the last hit clause, not repeated by the next one

    # ----------------------------------------------------------------- naming
    def bound_here(self, name: str) -> bool:
        return any(getattr(s, "name", None) == name for s in self.effect.steps)

    def binder(self, name: str) -> tuple[Effect, Step] | None:
        for e in self.weapon.effects:
            for s in e.steps:
                if isinstance(s, Select | SelectSquare | SelectRoom | SelectLine) and s.name == name:
                    return e, s
        return None

    def figures(self, name: str) -> str:
        """Figures bound by another effect: `the basic target`, `the first target`, `the basic targets`."""
        found = self.binder(name)
        plural = found is not None and isinstance(found[1], Select) and found[1].hi > 1
        if name in ORDINALS.values():
            return f"the {name} target"
        if found is not None and found[0].main:
            return "the basic targets" if plural else "the basic target"
        return f"the {name} targets" if plural else f"the {name} target"

    def place(self, name: str) -> str:
        """A chosen square or room: `it` when chosen in this effect or named already, else `the <name>`."""
        if self.bound_here(name) or name in self.named:
            return "it"
        self.named.add(name)
        return f"the {name}"

    def pronoun(self, name: str, possessive: bool = False) -> str:
        plural = self._plural(name)
        if possessive:
            return "their" if plural else "its"
        return "them" if plural else "it"

    def _plural(self, name: str) -> bool:
        found = self.binder(name)
        return found is not None and isinstance(found[1], Select) and found[1].hi > 1

    def effect_name(self, effect_id: str) -> str:
        name = self.weapon.effect(effect_id).name
        for prefix in ("With ", "In "):
            name = name.removeprefix(prefix)
        return name.removesuffix(" mode").lower()

    # ---------------------------------------------------------------- filters
    def where(self, filters: tuple, *, square_choice: bool = False) -> str:
        words: list[str] = []
        for f in filters:
            w = self.filter(f, square_choice=square_choice)
            if not w:
                continue
            if words and w.startswith("not "):
                w = "that is " + w
            words.append(w)
        return " ".join(words)

    def filter(self, f: tuple, *, square_choice: bool = False) -> str:
        kind = f[0]
        if kind == "visible":
            return "you can see"
        if kind == "not_visible":
            return "you cannot see"
        if kind == "not_own":
            return "other than yours" if square_choice else "not on your square"
        if kind == "any":
            return "anywhere on the board"
        if kind == "distance":
            lo, hi = f[1], f[2]
            if lo == hi == 0:
                return "there" if self.self_moved else "on your square"
            if lo == hi:
                return f"exactly {_moves(lo)} away"
            if hi >= _FAR:
                return "not on your square" if lo == 1 else f"at least {_moves(lo)} away"
            if lo == 0:
                return f"at most {_moves(hi)} away"
            return f"{lo} to {_moves(hi)} away"
        name = f[1]
        if kind == "visible_from":
            return f"that {self.figures(name)} can see"
        if kind == "near":
            at = self.place(name)
            return f"on {at}" if f[2] == 0 else f"on {at} or {_moves(f[2])} away"
        if kind == "at":
            index = f[2]
            if index is not None:
                return f"on the {ORDINALS.get(index, str(index))} square"
            found = self.binder(name)
            if found is not None and isinstance(found[1], SelectLine):
                return "on that line" if self.bound_here(name) else f"on the {name} line"
            return f"on {self.place(name)}"
        if kind == "same_square":
            if name == self.subject:
                return f"on {self.pronoun(name, possessive=True)} square"
            return f"on {self.figures(name)}'s square"
        if kind == "in_room":
            return f"in {self.place(name)}"
        if kind == "not_spawnpoint":
            return ""  # only matters in Domination; the card's notes say it
        raise ValueError(f"no wording for filter {f!r}")

    # ------------------------------------------------------------- noun phrases
    def target_phrase(self, sel: Select) -> str:
        """`1 target you can see`, `another target on your square`, `one of the basic targets`."""
        if sel.pools:
            return " and/or ".join(self.pool_phrase(p) for p in sel.pools)
        if sel.among:
            text = f"one of {self.figures(sel.among)}"
        else:
            count = _count(sel.lo, sel.hi)
            if sel.exclude and self._excludes_known(sel.exclude):
                count = "another target" if sel.hi == 1 else count.replace("targets", "other targets")
            text = count
        where = self.where(sel.where)
        if where:
            text += f" {where}"
        text += self._unknown_excludes(sel.exclude)
        if sel.distinct_squares:
            text += ", each on a different square"
        return text

    def pool_phrase(self, pool: Pool) -> str:
        if pool.among:
            text = f"one of {self.figures(pool.among)}"
        else:
            text = "another target" if pool.exclude and self._excludes_known(pool.exclude) else "1 target"
        where = self.where(pool.where)
        return (f"{text} {where}" if where else text) + self._unknown_excludes(pool.exclude)

    def _excludes_known(self, names: tuple[str, ...]) -> bool:
        """Excluded figures that are always chosen before this select: say `another`."""
        return any(self._always_before(n) for n in names)

    def _unknown_excludes(self, names: tuple[str, ...]) -> str:
        others = [n for n in names if not self._always_before(n)]
        if not others:
            return ""
        effects = sorted({self.binder(n)[0].id for n in others if self.binder(n)})
        return " not hit with " + " or ".join(self.effect_name(e) for e in effects)

    def _always_before(self, name: str) -> bool:
        found = self.binder(name)
        if found is None:
            return False
        effect = found[0]
        return effect is self.effect or effect.main or effect.id in self.effect.after

    # ---------------------------------------------------------------- clauses
    def add(self, text: str, joiner: str = "; ") -> None:
        if self.clauses:
            self.clauses[-1] += joiner + text
        else:
            self.clauses.append(text)

    def object_of(self, name: str, *, each: bool) -> str:
        """Who a hit or move acts on: the full phrase the first time, a pronoun afterwards."""
        sel = self.pending.pop(name, None)
        if sel is not None:
            phrase = self.target_phrase(sel)
            if each and sel.hi > 1 and not sel.pools:
                phrase = f"each of {phrase}"
            return phrase
        if self.bound_here(name):
            if each and self._plural(name):
                return "each of them"
            return self.pronoun(name)
        return self.figures(name)

    def may(self, name: str) -> str:
        sel = self.pending.get(name)
        return "you may " if sel is not None and sel.lo == 0 else ""

    def hits(self, group: list[Hit]) -> None:
        dmg = sum(h.amount for h in group if h.kind == "damage")
        marks = sum(h.amount for h in group if h.kind == "mark")
        what = []
        if dmg:
            what.append(f"{dmg}{self._more(group[0])} damage")
        if marks:
            what.append(f"{marks} mark{'' if marks == 1 else 's'}")
        verb = "deal" if dmg else "give"
        amounts = " and ".join(what)
        h = group[0]
        if h.to is None:
            again = self.last == "hit" and self.verb == verb
            text = f"{'' if again else verb + ' '}{amounts} to {self.everyone(h.everyone or ())}"
            self.add(text, " and " if self.last == "hit" else "; ")
            self.subject, self.last, self.verb = None, "hit", verb
            return
        name = h.to
        if self.subject == name and self.last == "move" and self.subject_moved:
            each = " to each" if self._plural(name) else ""
            self.add(f"{verb} {amounts}{each}", " and ")
        else:
            may = self.may(name)
            joiner = " and " if self.last in ("move-self", "hit") else "; "
            self.add(f"{may}{verb} {amounts} to {self.object_of(name, each=True)}", joiner)
        self.subject, self.subject_moved, self.last, self.verb = name, False, "hit", verb

    def _more(self, h: Hit) -> str:
        """`1 more damage` for figures an earlier effect of the shot already damaged."""
        if h.kind != "damage" or h.to is None:
            return ""
        sel = self.pending.get(h.to)
        if sel is not None:
            return " more" if sel.among and not self.bound_here(sel.among) else ""
        return "" if self.bound_here(h.to) else " more"

    def everyone(self, filters: tuple) -> str:
        if filters == (("distance", 0, 0),):
            return "everyone else there" if self.self_moved else "everyone else on your square"
        if len(filters) == 1 and filters[0][0] == "same_square" and filters[0][1] == self.subject:
            return f"{self.pronoun(filters[0][1])} and everyone else on {self.pronoun(filters[0][1], True)} square"
        return f"everyone {self.where(filters)}"

    def move(self, mv: Move) -> None:
        if mv.who == "self":
            self.move_self(mv)
            return
        name = mv.who
        first = name in self.pending
        who = self.object_of(name, each=False)
        if mv.to == "self":
            text, verb = "onto your square", "move"
        elif mv.to is not None:
            text, verb = f"onto {self.place(mv.to)}", "pull"
        else:
            verb = "move"
            text = self._distance(mv)
            if mv.dest_where:
                text += f" onto a square {self.where(mv.dest_where, square_choice=True)}"
        if mv.lo == 0 and mv.hi == 1 and mv.to is None and not mv.dest_where:
            verb = "you may move"
            text = "1 square" + (" in a straight line" if mv.path == "straight" else "")
        joiner = ", then " if (not first and self.last == "hit") else "; "
        self.add(f"{verb} {who} {text}", joiner)
        self.subject, self.subject_moved, self.last = name, True, "move"

    def move_self(self, mv: Move) -> None:
        if mv.to is not None and mv.to.startswith("square_of:"):
            name = mv.to.split(":", 1)[1]
            if name in self.pending:
                text = f"move onto the square of {self.object_of(name, each=False)}"
            else:
                text = f"move onto {self.pronoun(name, possessive=True)} square"
            self.subject, self.subject_moved = name, True
            self.add(text, "; ")
            self.last, self.self_moved = "move", True
            return
        same = mv.direction is not None and self._direction_set_before(mv)
        if mv.lo == 0:
            text = f"you may move {mv.hi} more square{'' if mv.hi == 1 else 's'}" if same else "you may move"
            if not same:
                text += f" {_squares(1, mv.hi)}"
        else:
            text = f"move {_squares(mv.lo, mv.hi)}"
        if mv.path == "straight":
            text += " in the same direction" if same else " in a straight line"
        joiner = ", then " if self.clauses else "; "
        self.add(text, joiner)
        self.subject, self.last, self.self_moved = None, "move-self", True

    def _direction_set_before(self, mv: Move) -> bool:
        for s in self.effect.steps:
            if s is mv:
                return False
            if isinstance(s, Move) and s.direction == mv.direction:
                return True
        return False

    def _distance(self, mv: Move) -> str:
        text = _squares(mv.lo, mv.hi)
        if mv.path == "straight":
            text += " in a straight line"
        return text

    def choice(self, step: SelectSquare | SelectRoom | SelectLine) -> None:
        if isinstance(step, SelectLine):
            if step.walls == "ignore":
                text = "choose a direction: your square and every square in a straight line, through walls"
                if not step.include_own:
                    text = "choose a direction: every square in a straight line, through walls"
            else:
                reach = f"the next {step.length} squares" if step.length else "every square"
                text = f"choose a direction: {reach} in a straight line, not through walls"
        else:
            noun = "room" if isinstance(step, SelectRoom) else "square"
            where = self.where(step.where, square_choice=True)
            text = f"choose a {noun}" + (f" {where}" if where else "")
        self.add(text, "; ")
        self.subject, self.last = None, "select"

    # ------------------------------------------------------------------- steps
    def run(self) -> str:
        steps = self.effect.steps
        i = 0
        while i < len(steps):
            step = steps[i]
            if isinstance(step, Select):
                self.pending[step.name] = step
            elif isinstance(step, SelectSquare | SelectRoom | SelectLine):
                self.choice(step)
            elif isinstance(step, Hit):
                group = [step]
                while (
                    i + 1 < len(steps)
                    and isinstance(steps[i + 1], Hit)
                    and (steps[i + 1].to, steps[i + 1].everyone) == (step.to, step.everyone)
                ):
                    i += 1
                    group.append(steps[i])
                self.hits(group)
            elif isinstance(step, Move):
                self.move(step)
            elif isinstance(step, Pause):
                pass
            i += 1
        text = "".join(self.clauses)
        return text[:1].upper() + text[1:] + "."


def effect_description(weapon: Weapon, effect: Effect) -> str:
    """The card's sentence for one effect (the effect's own `text`, if the data gives one)."""
    if effect.text:
        return effect.text
    return _Writer(weapon, effect).run()


def _pause_point(effect: Effect) -> str:
    """Where an effect's pause sits: `between its damage and its move`."""
    steps = effect.steps
    k = next(i for i, s in enumerate(steps) if isinstance(s, Pause))
    before = "damage" if any(isinstance(s, Hit) for s in steps[:k]) else "start"
    after = "move" if any(isinstance(s, Move) for s in steps[k + 1 :]) else "end"
    return f"between its {before} and its {after}"


def timing_text(weapon: Weapon, effect: Effect) -> str:
    """When an optional effect may be used, in words; empty for basic effects and modes."""
    if effect.type != "optional":
        return ""

    def name(effect_id: str) -> str:
        e = weapon.effect(effect_id)
        return "the basic effect" if e.type == "basic" else e.name.removeprefix("With ").lower()

    if effect.inside:
        host = weapon.effect(effect.inside[0])
        return f"Only during {name(host.id)}, {_pause_point(host)}."
    parts = []
    if effect.after:
        parts.append("After " + " and ".join(name(a) for a in effect.after))
    else:
        others = [e for e in weapon.effects if e is not effect and not e.inside and e.type != "mode"]
        parts.append(
            "Before, between or after the other effects"
            if len(others) > 1
            else f"Before or after {name(others[0].id)}"
            if others
            else "Any time"
        )
    if effect.during:
        host = weapon.effect(effect.during[0])
        parts.append(f"or in the middle of it ({_pause_point(host)})")
    text = ", ".join(parts)
    return text + ("" if effect.after or effect.during else ", in one go") + "."
