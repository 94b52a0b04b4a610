"""What a person can do at any hosted table beyond its game, whatever the title: give an absent
person's seat to a computer and back (the table's creator only), chat, leave for the lobby.

Mixed into each title's hosted table screen (before its table class, so `check_action` sees it
first); the screen's `game` is the seat's remote game, whose `state` is the host's last word.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.tui.shell import LeaveTable, ToHost


class HostedActions:
    game: Any

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Only the table's creator may give an absent person's seat to a computer.
        if action == "give_seats":
            return bool(self.game.state.get("creator"))
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_give_seats(self) -> None:
        """A computer plays for people who vanished; pressed again, their seats are theirs again."""
        state = self.game.state
        if state.get("handed"):
            self.post_message(ToHost({"type": "hand_back"}))  # type: ignore[attr-defined]
        elif state.get("vanished"):
            self.post_message(ToHost({"type": "hand_over"}))  # type: ignore[attr-defined]
        else:
            self.notify("Everyone is here: no seat to give to a computer.", timeout=3)  # type: ignore[attr-defined]

    def action_chat(self) -> None:
        from adrenaline_tui.tui.screens.chat import ChatScreen

        def said(text: str | None) -> None:
            if text:
                self.post_message(ToHost({"type": "chat", "text": text}))  # type: ignore[attr-defined]

        self.app.push_screen(ChatScreen(), callback=said)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        self.post_message(LeaveTable())  # type: ignore[attr-defined]
