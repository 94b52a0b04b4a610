"""The points chart reads without colour: each player's letter draws their line, and the row
under the axis marks each kill (x) and the frenzy's start (F) at their turns."""

from __future__ import annotations

from adrenaline_tui.rules.stats import FINAL
from adrenaline_tui.tui.look import LETTER, STANDARD
from adrenaline_tui.tui.widgets.points_chart import chart


def stats() -> dict:
    seats = ["yellow", "blue", "grey"]
    timeline = [{"turn": t, "scores": {"yellow": 0, "blue": 0, "grey": 0}} for t in range(0, 5)]
    timeline += [{"turn": t, "scores": {"yellow": 9, "blue": 0, "grey": 0}} for t in range(5, 9)]
    timeline.append({"turn": FINAL, "scores": {"yellow": 20, "blue": 12, "grey": 4}})
    return {
        "seats": seats,
        "timeline": timeline,
        "kills": [{"turn": 5, "killer": "yellow", "victim": "blue", "overkill": False, "revenge": False}],
        "frenzy_turn": 7,
    }


def test_lines_are_letters_and_markers_sit_at_their_turns():
    text = chart(stats(), width=5 + 20, height=9, palette=STANDARD).plain
    lines = text.split("\n")
    plot, markers, legend = lines[:-3], lines[-2], lines[-1]
    assert len(lines) == 9 and all(len(line) <= 25 for line in lines)
    # 10 points over 20 columns: two columns a point; turn 5 is the sixth point (columns 10-11).
    assert markers[5:].rstrip() == " " * 10 + "x" + " " * 3 + "F"
    # Ann's line leaves 0 where the kill is scored; every player's letter is drawn.
    top_row = plot[0][5:]
    assert top_row.strip() == LETTER["yellow"] * 2 and top_row.index(LETTER["yellow"]) == 18
    for colour in stats()["seats"]:
        assert LETTER[colour] in "".join(plot)
    assert legend.startswith("t0-end") and f"{LETTER['blue']} 12" in legend


def test_a_kill_that_starts_the_frenzy_keeps_its_x():
    s = stats()
    s["frenzy_turn"] = 5
    markers = chart(s, width=5 + 20, height=9, palette=STANDARD).plain.split("\n")[-2]
    assert markers[5:].rstrip() == " " * 10 + "xF"


def test_face_down_points_draw_no_line():
    lines = chart(stats(), width=25, height=9, palette=STANDARD, hidden=frozenset({"blue", "grey"})).plain.split("\n")
    plot = "".join(lines[:-3])
    assert LETTER["yellow"] in plot and LETTER["blue"] not in plot and LETTER["grey"] not in plot
    assert f"{LETTER['blue']} ?" in lines[-1] and f"{LETTER['yellow']} 20" in lines[-1]


def test_tied_players_share_one_sign_not_alternating_letters():
    # Everyone is on 0 for the first turns: one "=" line, not "DBZDBZ", and the legend says so.
    text = chart(stats(), width=5 + 20, height=9, palette=STANDARD).plain
    bottom = text.split("\n")[-4][5:]
    assert bottom.startswith("=" * 10)
    assert not any(f"{LETTER['yellow']}{LETTER['blue']}" in line for line in text.split("\n"))
    assert "= tied" in chart(stats(), width=60, height=9, palette=STANDARD).plain.split("\n")[-1]
