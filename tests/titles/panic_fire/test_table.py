"""Panic Fire's table played by keys, on a clock the test moves (no real time passes)."""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.players import make_player
from adrenaline_tui.titles.panic_fire.referee import COUNTDOWN_MS
from adrenaline_tui.titles.panic_fire.ui.app import PanicFireApp, new_table, resumed_table
from adrenaline_tui.titles.panic_fire.ui.review_screen import ReviewScreen
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.settings import Settings

from .helpers import PLAIN, table
from .table_helpers import Clock, keys, keys_for, later, table_app, text_of

NUNS = ["nun", "nun", "alien", "gorilla"]  # one Nun short of a match (The Nun: 3)


async def test_a_round_played_by_keys_pick_play_aim_shoot() -> None:
    g = table(phase="play", sets={"scarlet": NUNS, "violet": PLAIN}, hands={"scarlet": ["nun", "viking"]})
    app, screen, clock = table_app(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await later(pilot, screen, clock, 400)
        await keys(pilot, "4", "d")  # The Nun (key 4: one key a character) on my own card 3
        assert g.view("scarlet")["table"]["scarlet"]["set"] == ["nun", "nun", "nun", "gorilla"]
        assert "MATCH" in text_of(screen, "#sets")
        await later(pilot, screen, clock, 300)
        await keys(pilot, "w", "g")  # aim at violet, take the gun
        assert g.bullets == {"scarlet": 1, "violet": 0}
        assert [e[1:] for e in g.log] == [[400, "scarlet", "play:nun:scarlet:3"], [700, "scarlet", "shoot:violet"]]
        assert g.round == 2 and g.phase == "ready"
        assert "READY" in text_of(screen, "#status")


async def test_an_illegal_key_changes_nothing_and_says_why_in_one_line() -> None:
    g = table(phase="play", sets={"scarlet": NUNS, "violet": PLAIN}, hands={"scarlet": ["nun", "viking"]})
    app, screen, _ = table_app(g)
    async with app.run_test(size=(80, 24)) as pilot:
        before = g.state()
        await keys(pilot, "a")
        assert "pick a card first" in text_of(screen, "#hand-solo")
        await keys(pilot, "1")  # The Great Grandma's key: not in this hand
        assert text_of(screen, "#hand-solo").splitlines()[-1] == "you hold no Great Grandma (key 1)"
        await keys(pilot, "4", "w", "a")  # The Nun on violet's card 1: violet shows no Nun
        assert g.state() == before and g.log == []
        note = text_of(screen, "#hand-solo").splitlines()[-1]
        assert note == "Nun on violet's card 1: The Nun is not in violet's set"
        await keys(pilot, "q", "g")  # the gun aimed at nobody else, and no fair target
        assert "aim at a player first" in text_of(screen, "#hand-solo")
        assert g.state() == before


async def test_the_countdown_then_fire_then_the_computers_play_at_their_times() -> None:
    g = Game.new({"seats": ["scarlet", "violet", "amber"]}, 4)
    players = {s: make_player("hard", n) for n, s in enumerate(("violet", "amber"))}
    app, screen, clock = table_app(g, players=players)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "READY" in text_of(screen, "#status")
        assert "face down" in text_of(screen, "#hand-solo")
        await later(pilot, screen, clock, COUNTDOWN_MS - 1200)
        assert "AIM" in text_of(screen, "#status")
        await keys(pilot, "g")
        assert text_of(screen, "#hand-solo").splitlines()[-1] == 'wait for "fire!"'
        await later(pilot, screen, clock, 1200)
        assert g.phase == "play" and "FIRE!" in text_of(screen, "#status")
        assert "wait" not in text_of(screen, "#hand-solo")  # the countdown's note is gone
        assert text_of(screen, "#hand-solo").splitlines()[1] != "face down until fire!"
        for _ in range(200):  # the computers act when due; the person does nothing
            if any(e[2] in players for e in g.log) and g.round > 1:
                break
            await later(pilot, screen, clock, screen.referee.wake_in() or 100)
        acted = [e for e in g.log if e[2] in players]
        assert acted and all(e[1] >= 250 for e in acted)  # never faster than a person


async def test_two_people_at_one_keyboard_race_for_the_gun_and_the_first_key_wins() -> None:
    sets = {"scarlet": PLAIN, "violet": PLAIN, "amber": ["nun", "nun", "nun", "alien"]}
    # amber's Shield in play stops the first bullet, so amber is still there to race for
    g = table(seats=["scarlet", "violet", "amber"], phase="play", sets=sets, shield=["amber"])
    app, screen, clock = table_app(g, people=("scarlet", "violet"))
    async with app.run_test(size=(80, 24)) as pilot:
        hands = text_of(screen, "#hand-left") + text_of(screen, "#hand-right")
        assert "1-5 card·qwert aim·asdf play·g gun" in hands  # each cluster is on screen
        assert "6-0 card·yuiop aim·jkl; play·h gun" in hands
        await keys(pilot, "e", "i")  # both aim at amber, the match
        await later(pilot, screen, clock, 350)
        await keys(pilot, "g", "h")  # left's gun key arrives first
        assert [e[2:] for e in g.log] == [["scarlet", "shoot:amber"]]
        assert text_of(screen, "#hand-right").splitlines()[-1] == "shoot amber: the gun is in scarlet's hand"
        assert "amber" in g.live and not g.shield["amber"]


async def test_two_people_play_cards_with_their_own_clusters() -> None:
    sets = {"scarlet": NUNS, "violet": PLAIN}
    g = table(phase="play", sets=sets, hands={"scarlet": ["viking"], "violet": ["nun"]})
    app, _, _ = table_app(g, people=("scarlet", "violet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "6", "y", "j")  # right: The Nun on scarlet's card 1 (spoils nothing)
        await keys(pilot, "1", "w", "a")  # left: The Viking on violet's card 1 (violet shows one)
        assert [e[2:] for e in g.log] == [["violet", "play:nun:scarlet:1"], ["scarlet", "play:viking:violet:1"]]


async def test_every_change_is_saved_and_a_killed_game_resumes_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "pf.json"
    clock = Clock()
    screen = new_table(1, 2, "hard", seed=8, save_path=path, clock=clock)
    async with PanicFireApp(screen, Settings(glyphs="unicode")).run_test(size=(80, 24)) as pilot:
        while len(screen.game.log) < 12:
            plays = [a.key for a in screen.game.legal("scarlet") if a.key.startswith("play:")]
            if plays:
                await keys(pilot, *keys_for(screen.game.view("scarlet"), plays[0]))
            await later(pilot, screen, clock, min(screen.referee.wake_in() or 500, 500))
        log = [list(e) for e in screen.game.log]
        assert any(e[2] == "scarlet" for e in log) and any(e[2] in ("violet", "amber") for e in log)
        screen.session.saver.flush()  # the writes under way (a kill loses at most that one)
    # The process is gone; the save holds every action, and the table who sat where.
    assert Game.load(path).log == log
    assert storage.read_table(path)["seats"] == {"scarlet": "human", "violet": "hard", "amber": "hard"}
    again = resumed_table(path, clock=Clock())
    assert again.game.state() == screen.game.state()
    assert again.people == ("scarlet",) and set(again.referee.players) == {"violet", "amber"}
    # Taken up in the middle of a round, it waits 3 s before anyone (the person too) can act.
    async with PanicFireApp(again, Settings(glyphs="unicode")).run_test(size=(80, 24)) as pilot:
        clock = again.referee.clock
        assert "the round goes on in 3" in text_of(again, "#status")
        assert (again.referee.wake_in() or 0) >= COUNTDOWN_MS  # nothing happens meanwhile
        before = again.game.state()
        await keys(pilot, "z")
        assert again.game.state() == before
        assert text_of(again, "#hand-solo").splitlines()[-1] == "shield: wait: the round goes on in 3 s"
        await later(pilot, again, clock, COUNTDOWN_MS)  # type: ignore[arg-type]
        assert "goes on" not in text_of(again, "#status")


async def test_review_replays_a_saved_game_entry_by_entry(tmp_path: Path) -> None:
    from adrenaline_tui.titles.panic_fire.referee import play

    g = Game.new({"seats": ["scarlet", "violet"], "rounds": 1}, 3)
    play(g, {s: make_player("normal", n) for n, s in enumerate(g.config.seats)})
    g.save(tmp_path / "done.json")
    screen = ReviewScreen(Game.load(tmp_path / "done.json"))
    async with PanicFireApp(screen, Settings(glyphs="unicode")).run_test(size=(80, 24)) as pilot:
        await pilot.press("space")  # pause: the steps are the test's
        assert screen.game.log == []
        for _ in g.log:
            await pilot.press("n")
        await pilot.pause()
        assert screen.game.state() == g.state()
        assert "wins the game" in text_of(screen, "#status")
        await pilot.press("escape")  # pushed over the app's own screen: back to where it was
        await pilot.pause()


async def test_the_lesson_is_slow_for_its_first_round_then_full_speed() -> None:
    sets = {"scarlet": NUNS, "violet": ["nun", "nun", "nun", "alien"]}
    g = table(phase="play", sets=sets)
    app, screen, clock = table_app(g, players={"violet": make_player("hard", 1)}, lesson=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert screen.referee.pace > 1 and "computers wait for you" in text_of(screen, "#legend")
        # the coach: violet's set is a match, so shoot violet (aim w, gun g)
        assert text_of(screen, "#hand-solo").splitlines()[-1].endswith("shoot violet! keys w then g")
        first = screen.referee.plans["violet"]
        assert first is not None and first[0] >= 1000  # a hard player, at a quarter of its speed
        while g.round == 1:
            await later(pilot, screen, clock, screen.referee.wake_in() or 100)
        assert screen.referee.pace == 1.0
        assert "full speed" in text_of(screen, "#legend")


async def test_the_lesson_says_it_is_done_once_its_first_round_is_over() -> None:
    g = table(phase="play", sets={"scarlet": NUNS, "violet": ["nun", "nun", "nun", "alien"]})
    done: list[int] = []
    app, screen, clock = table_app(
        g, players={"violet": make_player("hard", 1)}, lesson=True, lesson_done=lambda: done.append(g.round)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        while g.round == 1:
            assert done == []
            await later(pilot, screen, clock, screen.referee.wake_in() or 100)
        await later(pilot, screen, clock, 100)
        assert done == [2]  # once, as round 2 begins


async def test_a_foul_is_drawn_on_the_shooters_line() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"], phase="play", sets={"scarlet": NUNS, "violet": PLAIN, "amber": PLAIN}
    )
    app, screen, clock = table_app(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await later(pilot, screen, clock, 500)
        await keys(pilot, "w", "g")  # no match on scarlet's set nor violet's
        sets = text_of(screen, "#sets").splitlines()
        assert sets[0].endswith("FOUL ▶ violet: no match, out") and sets[1].strip() == "out of this round"
        assert "hit" not in text_of(screen, "#sets")
        assert g.live == ["violet", "amber"]


async def test_the_last_round_ends_the_game_with_its_ranking_on_screen_and_in_the_table_file(tmp_path: Path) -> None:
    match = ["nun", "nun", "nun", "gorilla"]  # The Nun's match is 3
    g = table(phase="play", rounds=2, round=2, sets={"scarlet": match, "violet": PLAIN}, bullets={"violet": 1})
    path = tmp_path / "last.json"
    app, screen, clock = table_app(g, save_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await later(pilot, screen, clock, 600)
        await keys(pilot, "w", "g")  # a tie, 1 Bullet each: sudden death between the two
        assert g.sudden_death and not g.over
        await later(pilot, screen, clock, COUNTDOWN_MS + 10)
        for _ in range(300):  # nobody else plays: scarlet plays until a match, and shoots, by keys
            if g.over:
                break
            legal = g.legal("scarlet")
            fair = [a.key for a in legal if a.key.startswith("shoot:") and "foul" not in a.label]
            plays = [a.key for a in legal if a.key.startswith("play:")]
            if fair or plays:
                await keys(pilot, *keys_for(g.view("scarlet"), (fair or plays)[0]))
            await later(pilot, screen, clock, 1100)
        status = text_of(screen, "#status")
        assert f"{g.champion} wins the game!" in status and "Bullets: " in status
        # The hand says the game is over, not that the cards are face down until a "fire!".
        assert text_of(screen, "#hand-solo").splitlines()[1].strip() == "the game is over"
        screen.session.flush()
    assert storage.read_table(path)["over"] is True
    assert storage.read_table(path)["ranking"][0]["seat"] == g.champion
    from adrenaline_tui.titles.panic_fire.ui import UI

    info = UI.save_info(path, 0.0)
    assert info.over and info.summary == f"2 players, {g.champion} won" and info.decisions == len(g.log)


async def test_a_screen_over_the_table_stops_its_clock_and_the_round_goes_on_3_s_after() -> None:
    from textual.screen import Screen

    g = table(phase="play", sets={"scarlet": NUNS, "violet": PLAIN}, hands={"scarlet": ["nun"], "violet": ["alien"]})
    app, screen, clock = table_app(g, players={"violet": make_player("hard", 4)})
    async with app.run_test(size=(80, 24)) as pilot:
        assert screen.referee.wake_in() is not None  # the computer has a plan
        await app.push_screen(Screen())  # help, the rules, the palette...
        await pilot.pause()
        clock.ms += 60_000
        assert screen.referee.wake_in() is None and screen.referee.catch_up() == 0 and g.log == []
        app.pop_screen()
        await pilot.pause()
        assert screen.referee.holding() == COUNTDOWN_MS
        assert "the round goes on in 3" in text_of(screen, "#status")


async def test_a_whole_game_of_six_rounds_against_three_computers_by_keys(tmp_path: Path) -> None:
    """The person plays by keys as the screen shows them (a fair shot first, else a card),
    a little slower than a hard computer; the computers play at their times. The game ends, the
    save replays to the same game, and every key the person pressed was either applied or said why."""
    clock = Clock()
    path = tmp_path / "six.json"
    screen = new_table(1, 3, "normal", seed=21, save_path=path, clock=clock)
    g = screen.game
    async with PanicFireApp(screen, Settings(glyphs="unicode")).run_test(size=(80, 24)) as pilot:
        for _ in range(6000):
            if g.over:
                break
            legal = g.legal("scarlet")
            fair = [a.key for a in legal if a.key.startswith("shoot:") and "foul" not in a.label]
            plays = [a.key for a in legal if a.key.startswith("play:")]
            wait = screen.referee.wake_in()
            if (fair or plays) and not screen.referee.holding():
                await keys(pilot, *keys_for(g.view("scarlet"), (fair or plays)[0]))
                note = text_of(screen, "#hand-solo").splitlines()[-1]
                assert note.startswith("▶") or ": " in note  # applied, or refused with its reason
                wait = min(wait or 1000, 1000)
            await later(pilot, screen, clock, max(wait or 500, 1))
        assert g.over and g.champion in g.config.seats
        assert sum(g.bullets.values()) >= 6 and g.round >= 6
        assert any(e[2] == "scarlet" for e in g.log) and any(e[2] == "teal" for e in g.log)
        screen.session.flush()
    assert Game.load(path).state() == g.state()
