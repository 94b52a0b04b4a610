"""What a lesson screen does with the learner's keys, for every title's lesson screen (a screen
mixin, no widgets).

A lesson screen holds a title's `lesson_play.LessonRunner` and draws it on the title's own
widgets with the shell's `LessonPanel`; picking an option (a hotkey, or Enter in the
`ActionPanel`), retrying the step and skipping the lesson work the same in every title, and
what the panel then says follows from the runner's outcome: a refused key says why and shows
nothing as happened, a reached step says its "done" text with what happened, a key on the way
shows only what happened. The screen says what happened in its log's words
(`retold`), draws (`render_lesson`) and takes an option (`choose`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adrenaline_tui.lesson_play import Result
from adrenaline_tui.tui.shell import shell_of
from adrenaline_tui.tui.widgets.action_panel import ActionPanel


class LessonKeys:
    """Mixed into a `Screen` before it, with `runner` and `feedback` set in `__init__`."""

    runner: Any  # a title's lesson_play.LessonRunner
    feedback: tuple[str, Any, tuple[str, ...]]  # (text, its kind for the LessonPanel, what happened)

    def choose(self, index: int) -> None:
        """Take the option at `index` (an end-of-lesson choice, "Go on", or a key of the step)."""
        raise NotImplementedError

    def render_lesson(self) -> None:
        raise NotImplementedError

    def retold(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        """What the events of a key were, in the log's words, for the panel's "what happened"."""
        raise NotImplementedError

    def about(self, events: tuple[Any, ...]) -> None:
        """Note the events the feedback now tells of (none after a retry or a skip)."""

    def after(self, result: Result) -> None:
        """Say what a press or a "Go on" did."""
        lines = self.retold(result.events)
        self.about(result.events)
        if result.outcome in ("off_goal", "illegal", "read_first"):
            self.feedback = (result.message, "refused", ())
        elif result.outcome in ("reached", "finished"):
            self.feedback = (result.message, "done" if result.message else "", lines)
        else:
            self.feedback = ("", "", lines)
        self.render_lesson()

    def action_pick(self, index: int) -> None:
        why = self.query_one(ActionPanel).no_option(index)  # type: ignore[attr-defined]
        if why is not None:  # a key with no option: say so, change nothing
            shell_of(self).notify(why, timeout=3, topic="no-option")  # type: ignore[arg-type]
            return
        self.choose(index)

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        self.choose(message.index)

    def action_retry(self) -> None:
        self._leave_step(self.runner.retry, ("Back to the start of this step.", "info", ()))

    def action_skip(self) -> None:
        self._leave_step(self.runner.skip, ("", "", ()))

    def _leave_step(self, do: Callable[[], None], feedback: tuple[str, Any, tuple[str, ...]]) -> None:
        """Retry or skip: nothing once the lesson is over; then the panel says only `feedback`."""
        if self.runner.finished:
            return
        do()
        self.feedback = feedback
        self.about(())
        self.render_lesson()
