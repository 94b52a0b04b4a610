"""The table's widgets, one a file, each with its TCSS beside it."""

from adrenaline_tui.tui.widgets.action_panel import ActionPanel
from adrenaline_tui.tui.widgets.arena_map import ArenaMap, MapState
from adrenaline_tui.tui.widgets.event_log import EventLog
from adrenaline_tui.tui.widgets.key_bar import KeyBar
from adrenaline_tui.tui.widgets.killshot_track import KillshotTrack
from adrenaline_tui.tui.widgets.lesson_panel import LessonPanel
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
    "LessonPanel",
    "MapState",
    "PlayerBoard",
    "RacksPanel",
    "StatusBar",
    "TooSmall",
]
