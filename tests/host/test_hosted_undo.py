"""Undo at a hosted table gives exactly the game before the person's last decision, with the
undo copies brought up to date only when the person's undo point moves."""

from __future__ import annotations

from pathlib import Path

from tests.host.wire import asks, my_question, open_table, start_host, stop_host


async def test_undo_at_a_hosted_table_is_exactly_the_game_before(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock, computer="random")
    try:
        code, person = await open_table(sock, skulls=8, ending="frenzy")
        undone = 0
        after = None
        for _ in range(200):
            state = await my_question(person, after)
            if state is None:
                break
            session = host.tables[code].session
            session.spares.wait()  # its copy made: undo plays on from it
            before, shown = session.game.to_json(), state["view"]
            options = state["view"]["pending"]["options"]
            await person.send({"type": "choose", "key": options[0]["key"], "decision": state["decisions"]})
            after = await person.expect("state")
            if asks(after) and after["can_undo"]:
                await person.send({"type": "undo", "decision": after["decisions"]})
                after = await person.expect("state")
                assert session.game.to_json() == before
                assert after["view"] == shown
                undone += 1
                # and on with the other answer, so the game moves
                key = options[-1]["key"]
                await person.send({"type": "choose", "key": key, "decision": after["decisions"]})
                after = await person.expect("state")
        assert undone >= 5
        await person.close()
    finally:
        await stop_host(host, server)


async def test_a_hosted_table_copies_its_game_for_undo_only_once_its_people_undo(tmp_path: Path) -> None:
    """Most people never undo, and a copy kept at the undo point replays every decision of the
    game: a host makes none until a person's first undo (which replays the game, once), then
    keeps copies as before."""
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock, computer="random")
    try:
        code, person = await open_table(sock, skulls=8, ending="frenzy")
        after = None
        undone = False
        for _ in range(200):
            state = await my_question(person, after)
            if state is None:
                break
            session = host.tables[code].session
            if not undone:
                assert session.spares.ready == [] and session.spares._building is None
            before = session.game.to_json()
            options = state["view"]["pending"]["options"]
            await person.send({"type": "choose", "key": options[0]["key"], "decision": state["decisions"]})
            after = await person.expect("state")
            if not undone and asks(after) and after["can_undo"] and session.game.turn > 2:
                await person.send({"type": "undo", "decision": after["decisions"]})
                after = await person.expect("state")
                assert session.game.to_json() == before
                undone = True
        assert undone
        # Copies from then on: one on its way, or made.
        assert session.spares.wanted == session.spares.KEEP
        assert session.spares._building is not None or session.spares.ready
        await person.close()
    finally:
        await stop_host(host, server)
