"""Check lessons by playing them: `python -m adrenaline_tui.walkthrough.check [FILE...] [-v]`.

Each lesson is loaded (which validates the file) and played through with the runner, pressing
the first alternative of each step's keys. Any step whose goal is not reached that way is a
broken lesson. With `-v` every step's narration, options and outcome are printed, which is the
quickest way to see what a new lesson looks like while writing it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from adrenaline_tui.rules import DataError
from adrenaline_tui.walkthrough.lesson import ANY_KEY, Lesson, load_lesson, load_lessons
from adrenaline_tui.walkthrough.runner import LessonRunner


def play_through(lesson: Lesson, log: Callable[[str], None] | None = None) -> list[str]:
    """Play every step with its intended keys; returns the problems found (empty: fine)."""
    say = log or (lambda _text: None)
    runner = LessonRunner(lesson)
    problems: list[str] = []
    while not runner.finished:
        step = runner.step
        assert step is not None
        say(f"--- {runner.position}: {step.say.splitlines()[0] if step.say else ''}")
        for e in runner.intro_events:
            say(f"    (auto) {e.text}")
        if not step.plays:
            runner.proceed()
            continue
        before = runner.index
        for n, pattern in enumerate(step.keys):
            d = runner.decision
            if d is None:
                problems.append(f"step {before + 1}: the game ended before key {n + 1}")
                break
            key = pattern[0]
            if key == ANY_KEY:
                key = d.options[0].key
            say(f"    [{d.player} {d.kind}] {', '.join(d.keys)}  -> {key}")
            result = runner.press(key)
            for e in result.events:
                say(f"      {e.kind}: {e.text}")
            if not result.accepted:
                problems.append(f"step {before + 1}: key {n + 1} '{key}' refused ({result.outcome}): {result.message}")
                break
            if runner.index != before or runner.finished:
                if n + 1 < len(step.keys):
                    problems.append(f"step {before + 1}: goal reached after {n + 1} of {len(step.keys)} keys")
                break
        if runner.index == before and not runner.finished:
            if not problems or not problems[-1].startswith(f"step {before + 1}:"):
                missing = "; ".join(runner.missing()) or "the keys ran out"
                problems.append(f"step {before + 1}: goal not reached: {missing}")
            break
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    verbose = "-v" in args
    files = [a for a in args if a != "-v"]
    try:
        lessons = [load_lesson(Path(f)) for f in files] if files else load_lessons()
    except DataError as exc:
        print(exc, file=sys.stderr)
        return 1
    bad = 0
    for lesson in lessons:
        problems = play_through(lesson, print if verbose else None)
        status = "ok" if not problems else "BROKEN"
        print(f"{status:6} {lesson.id}: {lesson.title} ({len(lesson.steps)} steps)")
        for p in problems:
            print(f"       {p}")
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
