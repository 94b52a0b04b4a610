"""The table's widgets, one a file, each with its TCSS beside it. Widgets only some screens
have (the lesson panel, the boards of the other modes) are imported from their own modules,
when those screens are opened, not at every start."""

from adrenaline_tui.tui.widgets.action_panel import ActionPanel
from adrenaline_tui.tui.widgets.arena_map import ArenaMap, MapState
from adrenaline_tui.tui.widgets.event_log import EventLog
from adrenaline_tui.tui.widgets.key_bar import KeyBar
from adrenaline_tui.tui.widgets.killshot_track import KillshotTrack
from adrenaline_tui.tui.widgets.player_board import PlayerBoard
from adrenaline_tui.tui.widgets.racks_panel import RacksPanel
from adrenaline_tui.tui.widgets.status_bar import StatusBar
from adrenaline_tui.tui.widgets.too_small import TooSmall

__all__ = [
    "ActionPanel",
    "ArenaMap",
    "EventLog",
    "KeyBar",
    "KillshotTrack",
    "MapState",
    "PlayerBoard",
    "RacksPanel",
    "StatusBar",
    "TooSmall",
]
