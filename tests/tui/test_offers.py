"""New weapon on the rack: learn it? - offered once per weapon, to a person, without stopping the
game, and never for a card the person may not see."""

from __future__ import annotations

from textual.pilot import Pilot

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.walkthrough import Progress

from .helpers import make_app, scenario_session, screen_name, screen_text, settle

SOLO = {"yellow": HUMAN, "blue": "random", "grey": "random"}


def rack_scenario() -> dict:
    """Racks holding three known weapons; Ben holds a loaded Thor nobody else may see."""
    return {
        "arena": "arena_12",
        "players": [
            {"colour": "yellow", "name": "Ann", "square": "r1c2", "weapons": [{"id": "zx-2", "loaded": False}]},
            {"colour": "blue", "name": "Ben", "square": "r0c0", "weapons": ["thor"]},
            {"colour": "grey", "name": "Cat", "square": "r1c3"},
        ],
        "racks": {"red": ["furnace", None, None], "blue": ["lock-rifle", None, None], "yellow": [None, None, None]},
        "active": "yellow",
    }


async def wait_for_offer(pilot: Pilot) -> None:
    # The lessons load on a worker thread, so the table is drawn first.
    for _ in range(50):
        await pilot.pause(0.05)
        if pilot.app.table() and pilot.app.table().offered:
            return
    raise AssertionError("no weapon lesson was offered")


async def test_new_weapons_are_offered_once_and_w_opens_their_lessons() -> None:
    app = make_app(scenario_session(rack_scenario(), SOLO), offer_lessons=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await wait_for_offer(pilot)
        await settle(pilot)
        offered = set(app.table().offered)
        # the racks, and Ann's own unloaded weapon; never Ben's loaded (face-down) Thor
        assert offered == {"furnace", "lock-rifle", "zx-2"}
        assert Progress.load().offered == offered
        notices = [e.text for e in app.table().query_one("EventLog").events if e.kind == "lesson_offer"]
        assert any(m.startswith("New weapons on the table") and "Press w" in m for m in notices), notices
        assert "w Learn it" in screen_text(app)  # the key line too, while lessons are on offer
        assert screen_name(app) == "TableScreen"  # a notice, not a stop
        await pilot.press("w")
        await settle(pilot)
        assert screen_name(app) == "LessonListScreen"
        assert "Weapons new on this table" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "LessonScreen"
        assert app.screen.lesson.weapon in offered and app.screen.from_game
        await pilot.press("s")  # skip it: then the next weapon, or back to the list
        await settle(pilot)
        labels = app.screen.query_one("ActionPanel").state.labels
        assert labels[-1] == "Back to the lessons" and labels[0].startswith("Next lesson:")
        await pilot.press(str(len(labels)))
        await settle(pilot)
        assert screen_name(app) == "LessonListScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TableScreen" and "w Learn it" not in screen_text(app)

    again = make_app(scenario_session(rack_scenario(), SOLO), offer_lessons=True)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.pause(0.5)
        assert again.table().offered == []  # offered once, ever


async def test_no_offers_when_the_setting_is_off() -> None:
    app = make_app(scenario_session(rack_scenario(), SOLO), offer_lessons=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.pause(0.5)
        assert app.table().offered == [] and Progress.load().offered == set()


async def test_one_new_weapon_opens_its_lesson_and_leads_back_to_the_game() -> None:
    Progress.load().mark_offered(["furnace", "zx-2"])  # seen in an earlier game
    app = make_app(scenario_session(rack_scenario(), SOLO), offer_lessons=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await wait_for_offer(pilot)
        notices = [e.text for e in app.table().query_one("EventLog").events if e.kind == "lesson_offer"]
        assert any(m.startswith("New weapon on the rack: Lock Rifle. Press w") for m in notices), notices
        await pilot.press("w")
        await settle(pilot)
        assert screen_name(app) == "LessonScreen" and app.screen.lesson.weapon == "lock-rifle"
        await pilot.press("s")
        await settle(pilot)
        assert app.screen.query_one("ActionPanel").state.labels == ("Back to the game",)
        await pilot.press("1")
        await settle(pilot)
        assert screen_name(app) == "TableScreen"
        assert Progress.load().status("lock-rifle") == "skipped"


async def test_offers_are_said_in_the_log_and_never_cover_the_table() -> None:
    app = make_app(scenario_session(rack_scenario(), SOLO), offer_lessons=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait_for_offer(pilot)
        table = app.table()
        # Computers grab and the racks refill: more weapons appear while the notice is up.
        table._offer(["railgun"])
        table._offer(["shotgun"])
        await settle(pilot)
        # No notice over the racks and the log (what "Grab which weapon?" is about).
        assert list(app._notifications) == []
        offers = [e.text for e in table.query_one("EventLog").events if e.kind == "lesson_offer"]
        assert len(offers) == 3 and "Railgun" in offers[1] and "Shotgun" in offers[2], offers
        assert {"railgun", "shotgun", "furnace"} <= set(table.offered)
        assert "w Learn it" in screen_text(app)
        assert "Press w to learn" in screen_text(app)


async def test_the_weapons_in_sight_are_checked_again_only_when_they_change() -> None:
    """A check runs on a worker thread; with the same weapons in sight it would find nothing
    new, so key presses that change no rack or hand start none (frame time of a decision)."""
    app = make_app(scenario_session(rack_scenario(), SOLO), offer_lessons=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await wait_for_offer(pilot)
        table = app.table()
        started = []
        real_run_worker = table.run_worker

        def counting(*args, **kwargs):
            started.append(kwargs.get("group"))
            return real_run_worker(*args, **kwargs)

        table.run_worker = counting
        for key in ("1", "u", "down", "1", "u"):  # pick an action and take it back: same weapons
            await pilot.press(key)
            await settle(pilot)
        assert "offers" not in started
        table._offer_checked = None  # as if something came into sight
        table.render_table()
        await settle(pilot)
        assert "offers" in started
