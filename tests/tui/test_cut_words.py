"""Words cut without a sign or cut badly (issue 23, finding 12): each place the issue names."""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.tui.look import ASCII, LETTER, UNICODE
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets.action_panel import _cut
from adrenaline_tui.tui.widgets.domination_board import track_line
from adrenaline_tui.walkthrough.reference import section

from .helpers import choose_key, make_app, new_session, scenario_session, screen_text, settle


def test_an_option_label_is_cut_at_a_word_with_a_sign() -> None:
    label = "Ben on r1c3: 1 damage, then may be moved up to 2 squares"
    cut = _cut(label, 52)
    assert cut == "Ben on r1c3: 1 damage, then may be moved up to 2…"  # not "…squa…"
    assert _cut(label, len(label)) == label
    assert _cut("Supercalifragilistic", 8) == "Superca…"  # a single word still shows a sign


def test_the_turret_line_at_80_columns_keeps_every_holder() -> None:
    from adrenaline_tui.tui.widgets.turret_board import TurretState, compact_line

    state = TurretState(
        5, False, "frenzy", ("BYY", "PYB", "BYY", "YBB", "PYB"), (("grey", 2), ("yellow", 1), ("blue", 1))
    )
    line = compact_line(state, Look(), 42).plain
    assert "…" not in line and len(line) <= 42
    for colour in ("grey", "yellow", "blue"):
        assert f"▲{LETTER[colour]}" in line
    assert compact_line(state, Look(), 80).plain.endswith("Turrets ▲Z2 ▲D1 ▲B1")  # room: the word stays


def test_the_fist_on_a_domination_track_is_a_fist() -> None:
    line = track_line("red", "r1c0", ("yellow",), Look(), large=False).plain
    assert line.endswith("✊") and "✦" not in line
    assert track_line("red", "r1c0", (), Look(glyphs=ASCII), large=False).plain.endswith("!")
    assert UNICODE.tagged == "✦"  # the map's one-cell count sign is not the fist


def test_the_domination_rules_page_says_the_skulls_chosen_and_that_your_first_turn_is_spared() -> None:
    text = " ".join(section("domination").text.split())
    assert "8 skulls" not in text and "5 to 8, as set up" in text
    assert "Your first turn follows the normal rules" in text
    assert "strikes back" in text and "Your first turn it spares" in text
    assert "8 skulls" not in " ".join(section("turret-mode").text.split())


async def test_a_large_board_says_points_once() -> None:
    app = make_app(new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, seed=5))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "p points" not in text  # "6p points"
        assert "0 points" in text and "? points (face down)" in text


async def test_a_spawnpoint_offered_on_a_small_map_keeps_its_word_whole() -> None:
    session = scenario_session(
        {
            "arena": "arena_12",
            "players": [
                {"colour": "yellow", "square": "r1c2", "ammo": {"red": 1, "blue": 1, "yellow": 1}},
                {"colour": "blue", "square": "r2c0"},
                {"colour": "grey", "square": "r0c0"},
            ],
        },
        {"yellow": HUMAN, "blue": "random", "grey": "random"},
    )
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_key(pilot, "grab")
        text = screen_text(app)
        assert "SPWN" not in text
        assert "SPAWN[" in text  # the spawnpoint r0c2 and its key, side by side


async def test_the_domination_lesson_is_not_called_a_weapon_lesson() -> None:
    from adrenaline_tui.walkthrough import load_lessons

    from .test_lessons import learn_app, lesson_screen

    domination = next(lesson for lesson in load_lessons() if lesson.scenario.get("mode") == "domination")
    app = learn_app()
    async with app.run_test(size=(160, 50)) as pilot:  # at 80 columns the long title leaves no room
        await settle(pilot)
        app.open_lesson(domination)
        await settle(pilot)
        lesson_screen(app)
        header = screen_text(app).splitlines()[0]
        assert "weapon lesson" not in header and header.rstrip().endswith("mode lesson 1 of 3")


async def test_the_lobby_moves_with_down_and_says_what_enter_does(tmp_path: Path) -> None:
    from adrenaline_tui.tui.remote_app import RemoteApp
    from adrenaline_tui.tui.screens.lobby import LobbyScreen
    from tests.host.wire import Wire, start_host, stop_host, until

    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        bob = await Wire.connect(sock, "bob")
        seats = [{"colour": c, "kind": "human"} for c in ("yellow", "blue", "grey")]
        await bob.send(
            {
                "type": "create",
                "title": "adrenaline",
                "arena": "arena_10",
                "skulls": 5,
                "ending": "frenzy",
                "seats": seats,
            }
        )
        code = (await bob.expect("created"))["code"]
        await bob.send({"type": "join", "code": code, "seat": "yellow"})
        await bob.expect("joined")
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            assert app.focused.id == "code"
            await pilot.press("down")  # Down moves on, as Tab does
            await pilot.pause()
            assert app.focused.id == "open"
            await pilot.press("up")
            await pilot.pause()
            app.focused.value = code
            await pilot.press("enter")
            lobby = app.screen
            await until(pilot, lambda: lobby.table is not None and app.focused.id == "sit-blue", "the seats")
            assert "Enter: sit down as Banshee" in screen_text(app)
            await pilot.press("tab")  # to the next free seat, then to watching
            await pilot.press("right")
            await pilot.pause()
            assert app.focused.id == "watch"
            text = screen_text(app)
            said = "Enter: only watch (you will not play)  (Tab or the arrows: another button)"
            assert "Only watch" in text and said in text
            await pilot.press("left")
            await pilot.pause()
            assert app.focused.id == "sit-grey" and "Enter: sit down as Dozer" in screen_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: (lobby.table or {}).get("you") == "grey", "seated as Dozer")
    finally:
        await stop_host(host, server)


def test_an_explain_topic_is_cut_at_a_word_whatever_the_terminal_width() -> None:
    from adrenaline_tui.tui.prose import clip
    from adrenaline_tui.tui.screens.explain import TOPIC_WIDTH

    cut = clip("  Move to r1c3, then shoot from 2 squares away", TOPIC_WIDTH)
    assert cut == "  Move to r1c3, then shoot…" and len(cut) <= TOPIC_WIDTH
