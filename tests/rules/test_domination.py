"""Domination mode (variant rules "Domination Mode", reference g.2): tagging spawnpoints by damage
and by ending a turn alone on them, the spawnpoint striking back, untracked killshots, overkill
tokens on a track of the killer's choice, the frenzy at two full tracks, and the final scoring of
each track with shared ranks.

arena_11a: the blue spawnpoint is r0c2, red r1c0, yellow r2c3. From r0c1 you see only the blue
room (r0c0-r0c2), so the blue spawnpoint is the one thing in sight there.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.modes.domination import track_awards
from tests.rules.helpers import keys, kinds, play, player, scenario

NO_AMMO = {"red": 0, "blue": 0, "yellow": 0}


def domination(players: list[dict[str, Any]], **fields: Any) -> Game:
    return scenario(players, mode="domination", **fields)


def tracks(game: Game) -> dict[str, list[str]]:
    return game.to_json()["domination"]["tracks"]


def far_away(*colours: str) -> list[dict[str, Any]]:
    # r1c1 (red room) cannot be seen from r0c1 and is no spawnpoint.
    return [{"colour": c, "square": "r1c1"} for c in colours]


def test_damaging_a_spawnpoint_tags_it_with_one_token_whatever_the_damage() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")]
    )
    events = play(game, "shoot")
    # The only target in sight is the blue spawnpoint: 2 damage and a mark give it one token.
    assert tracks(game) == {"red": [], "blue": ["yellow"], "yellow": []}
    tagged = [e for e in events if e.kind == "tagged"]
    assert [(e.data["player"], e.data["spawn"], e.data["how"]) for e in tagged] == [("yellow", "blue", "damage")]
    assert "damaged" not in kinds(events) and "marked" not in kinds(events)


def test_a_spawnpoint_is_damaged_only_once_a_turn() -> None:
    game = domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle", "zx-2"], "ammo": NO_AMMO},
            *far_away("blue", "grey"),
        ]
    )
    play(game, "shoot", "lock-rifle")
    assert tracks(game)["blue"] == ["yellow"]
    # The ZX-2 now has nothing to shoot at from here: the spawnpoints are no longer targets.
    assert "shoot" not in keys(game)


def test_no_tagging_and_no_strike_back_on_a_players_first_turn() -> None:
    game = domination(
        [
            {"colour": "yellow", "square": None, "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3"},
            {"colour": "grey", "square": "r1c1"},
        ],
        decks={"powerups": ["newton-blue", "newton-red"]},
    )
    play(game, "newton-blue")  # discard the blue Newton: enter at the blue spawnpoint r0c2
    assert player(game, "yellow")["square"] == "r0c2"
    play(game, "shoot")  # blue on r0c3 is the only target: the spawnpoints are not, yet
    assert player(game, "blue")["damage"] == ["yellow", "yellow"]
    assert tracks(game)["blue"] == []
    events = play(game, "end") if "end" in keys(game) else []
    # Ending the first turn alone on the spawnpoint neither tags it nor draws its fire.
    assert "tagged" not in kinds(events) and "strike_back" not in kinds(events)
    assert player(game, "yellow")["damage"] == []


def test_ending_a_turn_alone_on_a_spawnpoint_tags_it_and_it_strikes_back() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO}, *far_away("blue", "grey")],
    )
    events = play(game, "run", "r1c0", "end")
    assert tracks(game)["red"] == ["yellow"]
    assert [e.data["how"] for e in events if e.kind == "tagged"] == ["alone on it"]
    # 1 damage in your own colour.
    assert player(game, "yellow")["damage"] == ["yellow"]
    assert [e.text for e in events if e.kind == "damaged"] == ["D-struct-or takes 1 damage in their own colour"]
    assert "strike_back" in kinds(events)


def test_tagged_by_damage_and_again_by_standing_alone_in_the_same_turn() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")]
    )
    play(game, "shoot", "run", "r0c2", "end")
    assert tracks(game)["blue"] == ["yellow", "yellow"]
    assert player(game, "yellow")["damage"] == ["yellow"]


def test_not_alone_on_the_spawnpoint_no_tag_but_it_still_strikes_back() -> None:
    game = domination(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r1c0"},
            {"colour": "grey", "square": "r2c3"},
        ]
    )
    events = play(game, "run", "r1c0", "end")
    assert tracks(game) == {"red": [], "blue": [], "yellow": []}
    assert player(game, "yellow")["damage"] == ["yellow"]
    assert "strike_back" in kinds(events)


def test_a_killshot_by_the_spawnpoint_is_scored_to_the_bank_and_is_no_double_kill() -> None:
    # Yellow (10 damage) kills grey with the Lock Rifle, then ends the turn alone on the blue
    # spawnpoint, which deals the 11th token: two boards die, but yellow's own is no double kill.
    game = domination(
        [
            {
                "colour": "yellow",
                "square": "r0c1",
                "damage": ["blue"] * 6 + ["grey"] * 4,
                "weapons": ["lock-rifle"],
                "ammo": NO_AMMO,
                "powerups": ["newton-red"],
            },
            {"colour": "blue", "square": "r1c1", "powerups": ["newton-blue"]},
            {"colour": "grey", "square": "r0c0", "damage": ["blue"] * 9, "powerups": ["newton-yellow"]},
        ],
        decks={"powerups": ["teleporter-red", "teleporter-blue"]},
    )
    events = play(game, "shoot", "r0c1", "grey", "done", "run", "r0c2", "end")
    scored = {
        e.data["board"]: [(a["player"], a["points"], a["reason"]) for a in e.data["awards"]]
        for e in events
        if e.kind == "scored" and e.data["board"] in ("yellow", "grey")
    }
    # Yellow's board: blue 6 tokens (first blood), grey 4, yellow's own strike-back token 1:
    # it takes third place, and its 4 points stay in the bank.
    assert scored["yellow"] == [
        ("blue", 1, "first blood"),
        ("blue", 8, "most damage (1st)"),
        ("grey", 6, "most damage (2nd)"),
    ]
    assert scored["grey"] == [
        ("blue", 1, "first blood"),
        ("blue", 8, "most damage (1st)"),
        ("yellow", 6, "most damage (2nd)"),
    ]
    assert not any(e.kind == "scored" and e.data["board"] is None for e in events), "no double kill"
    state = game.to_json()
    # Killshots are not tracked, but each still took a skull.
    assert state["killshot_track"] == []
    assert state["skulls_left"] == 6
    assert player(game, "yellow")["skulls"] == 1 and player(game, "grey")["skulls"] == 1
    assert player(game, "yellow")["score"] == 6
    assert tracks(game)["blue"] == ["yellow"]  # standing alone on it
    assert game.pending.kind == "respawn"


def test_overkill_token_goes_on_the_track_the_killer_chooses() -> None:
    game = domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r1c1"},
            {"colour": "grey", "square": "r0c0", "damage": ["blue"] * 10, "powerups": ["newton-yellow"]},
        ]
    )
    play(game, "shoot", "grey", "end")
    assert game.pending.kind == "overkill_track" and game.pending.player == "yellow"
    assert keys(game) == ["spawn:red", "spawn:blue", "spawn:yellow"]
    play(game, "spawn:yellow")
    assert tracks(game) == {"red": [], "blue": [], "yellow": ["yellow"]}
    assert game.to_json()["killshot_track"] == []
    assert game.to_json()["skulls_left"] == 7


def test_the_frenzy_starts_when_two_tracks_reach_eight() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")],
        domination={"red": ["blue"] * 8, "blue": ["grey"] * 7},
    )
    events = play(game, "shoot", "end")
    assert tracks(game)["blue"] == ["grey"] * 7 + ["yellow"]
    assert "frenzy" in kinds(events)
    state = game.to_json()
    assert state["frenzy"] and state["skulls_left"] == 8 and state["frenzy_trigger"] == "yellow"


def test_one_track_at_eight_is_not_enough_for_the_frenzy() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")],
        domination={"blue": ["grey"] * 8},
    )
    events = play(game, "shoot", "end")
    assert len(tracks(game)["blue"]) == 9  # a track can grow past its fist
    assert "frenzy" not in kinds(events)


def test_track_scoring_two_tied_for_first_both_get_8_and_the_next_gets_4() -> None:
    awards = track_awards("red", ["blue", "grey", "blue", "grey", "purple", "blue", "grey", "purple", "yellow"])
    assert [(a.player, a.points) for a in awards] == [("blue", 8), ("grey", 8), ("purple", 4), ("yellow", 2)]
    # Four tied for second all get 6.
    awards = track_awards("red", ["blue", "blue", "grey", "purple", "yellow", "green"])
    assert [(a.player, a.points) for a in awards] == [
        ("blue", 8),
        ("grey", 6),
        ("purple", 6),
        ("yellow", 6),
        ("green", 6),
    ]
    assert [(a.player, a.points) for a in track_awards("blue", list("abcdef"))][-1] == ("f", 8)
    five = ["a", "a", "a", "a", "a", "b", "b", "b", "b", "c", "c", "c", "d", "d", "e", "f"]
    assert [(a.player, a.points) for a in track_awards("yellow", five)] == [
        ("a", 8),
        ("b", 6),
        ("c", 4),
        ("d", 2),
        ("e", 1),
        ("f", 1),  # tied for fifth with e: both rewarded
    ]


def test_final_scoring_pays_each_track_and_replaces_the_killshot_track() -> None:
    game = domination(
        [
            {"colour": "yellow", "square": "r1c1", "frenzy_actions": 1, "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r0c0"},
        ],
        domination={"red": ["blue", "grey", "yellow", "grey", "blue"], "blue": ["yellow"], "yellow": []},
        untracked_kills=8,
        frenzy=True,
        frenzy_trigger="yellow",
    )
    events = play(game, "end")
    assert game.pending is None
    by_track = {
        e.data["board"]: [(a["player"], a["points"]) for a in e.data["awards"]]
        for e in events
        if e.kind == "scored" and e.data.get("final")
    }
    assert by_track["spawn:red"] == [("blue", 8), ("grey", 8), ("yellow", 4)]
    assert by_track["spawn:blue"] == [("yellow", 8)]
    assert by_track["spawn:yellow"] == []
    assert "track" not in by_track
    assert {r["player"]: r["score"] for r in game.ranking} == {"yellow": 12, "blue": 8, "grey": 8}
    # The track points break ties like the killshot track's would; blue and grey stay tied.
    assert [r["rank"] for r in game.ranking] == [1, 2, 2]


def test_tractor_beam_tags_a_spawnpoint_only_if_you_see_it() -> None:
    # From r0c1 only the blue spawnpoint is in sight; from r2c1 the red and yellow ones are.
    for square, expected in (("r0c1", ["spawn:blue"]), ("r2c1", ["spawn:red", "spawn:yellow"])):
        game = domination(
            [
                {"colour": "yellow", "square": square, "weapons": ["tractor-beam"], "ammo": NO_AMMO},
                {"colour": "blue", "square": "r1c1"},
                {"colour": "grey", "square": "r1c1"},
            ]
        )
        play(game, "shoot")
        assert keys(game) == ["blue", "grey", *expected]
    play(game, "spawn:yellow")  # it cannot be moved: it is hit where it stands
    assert tracks(game)["yellow"] == ["yellow"]
    assert game.to_json()["domination"]["tagged_this_turn"]


def test_thor_cannot_chain_from_a_spawnpoint_but_may_chain_to_one() -> None:
    game = domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["thor"], "ammo": {"red": 0, "blue": 2, "yellow": 0}},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r2c2"},
        ]
    )
    play(game, "shoot", "spawn:blue")
    # The lightning is grounded: no chain reaction from the spawnpoint, only "done".
    assert "chain-reaction" not in keys(game)
    game = domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["thor"], "ammo": {"red": 0, "blue": 2, "yellow": 0}},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r2c2"},
        ]
    )
    play(game, "shoot", "blue", "chain-reaction")
    assert "spawn:blue" in keys(game)
    play(game, "spawn:blue")
    assert tracks(game)["blue"] == ["yellow"]


def test_area_damage_tags_the_spawnpoint_on_that_square() -> None:
    # Electroscythe hits everyone on your square: alone on the spawnpoint, it hits only that.
    game = domination(
        [
            {"colour": "yellow", "square": "r1c0", "weapons": ["electroscythe"], "ammo": NO_AMMO},
            *far_away("blue", "grey"),
        ]
    )
    play(game, "shoot")  # basic mode, the only one paid for, resolves by itself
    assert tracks(game)["red"] == ["yellow"]
    assert player(game, "blue")["damage"] == [] and player(game, "grey")["damage"] == []


def test_marks_alone_do_not_tag_a_spawnpoint() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["zx-2"], "ammo": NO_AMMO}, *far_away("blue", "grey")]
    )
    play(game, "shoot", "scanner")
    assert tracks(game)["blue"] == []


def test_domination_state_round_trips_through_a_save(tmp_path) -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")]
    )
    play(game, "shoot")
    game.save(tmp_path / "d.json")
    loaded = Game.load(tmp_path / "d.json")
    assert loaded.to_json() == game.to_json()
    assert loaded.to_json()["mode"] == "domination"


def test_explain_names_a_spawnpoint_target() -> None:
    from adrenaline_tui.rules.explain import explain

    game = domination(
        [{"colour": "yellow", "square": "r0c0", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")]
    )
    play(game, "shoot")
    assert "spawn:blue" in keys(game)
    explanation = explain(game, "spawn:blue")
    assert explanation.why[0].startswith("The blue spawnpoint stands on r0c2"), explanation
    # The title is the spawnpoint's name, never its key; the effect says what really happens.
    assert explanation.subject == "The blue spawnpoint"
    assert explanation.does == (
        "Basic effect: 1 of your tokens on its track.",
        "Any damage to the blue spawnpoint puts one of your tokens on its track, once a turn; marks do nothing"
        " and it never moves.",
    )


def test_a_version_1_save_without_mode_or_bot_loads_as_a_standard_game(tmp_path) -> None:
    import json

    from adrenaline_tui.rules import GameConfig

    game = Game.new(GameConfig(players=("yellow", "blue", "grey")), seed=4)
    first = game.pending.keys[0]
    game.choose(first)
    config = {k: v for k, v in game.config.to_dict().items() if k not in ("mode", "bot")}
    old = {"format": "adrenaline-save", "version": 1, "config": config, "seed": 4, "scenario": None, "choices": [first]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = Game.load(path)
    assert loaded.to_json() == game.to_json() and loaded.config.mode == "standard" and loaded.config.bot is None


def test_with_sudden_death_two_full_tracks_end_the_game() -> None:
    game = domination(
        [{"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO}, *far_away("blue", "grey")],
        domination={"red": ["blue"] * 8, "blue": ["grey"] * 7},
        ending="sudden_death",
    )
    events = play(game, "shoot", "end")
    assert game.pending is None
    assert [e.text for e in events if e.kind == "sudden_death"] == [
        "Two spawnpoint tracks reach their fist: sudden death, the game is over"
    ]
    # red: blue 8; blue: grey 7 then yellow 1.
    assert {r["player"]: r["score"] for r in game.ranking} == {"blue": 8, "grey": 8, "yellow": 6}


def test_vortex_cannon_tags_a_spawnpoint_only_if_you_see_it() -> None:
    # From r0c1: a vortex on r0c0 could pull from r1c0 (the red spawnpoint, out of sight), so
    # only blue stands to be hit there; a vortex on r0c2 reaches the blue spawnpoint, in sight.
    game = domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["vortex-cannon"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r2c1"},
        ]
    )
    play(game, "shoot")
    assert keys(game) == ["r0c0", "r0c2"]
    play(game, "r0c0")  # blue is the only target: the red spawnpoint is not offered
    assert player(game, "blue")["damage"] == ["yellow", "yellow"] and tracks(game)["red"] == []
    game = domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["vortex-cannon"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r2c1"},
        ]
    )
    play(game, "shoot", "r0c2")
    assert tracks(game)["blue"] == ["yellow"]


def test_a_room_on_fire_tags_its_spawnpoint_and_hurts_everyone_in_it() -> None:
    # From r0c0 the door shows the red room (r1c0 with its spawnpoint, r1c1).
    game = domination(
        [
            {"colour": "yellow", "square": "r0c0", "weapons": ["furnace"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r1c1"},
            {"colour": "grey", "square": "r2c3"},
        ]
    )
    play(game, "shoot", "basic")
    assert tracks(game)["red"] == ["yellow"]
    assert player(game, "blue")["damage"] == ["yellow"]


def _labels(game: Game) -> dict[str, str]:
    return {o.key: o.label for o in game.pending.options}


def _grenade_game() -> Game:
    # From r0c1 yellow sees the blue room: Banshee on r0c0, Dozer on the blue spawnpoint r0c2.
    return domination(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["grenade-launcher"], "ammo": {"red": 1, "blue": 0}},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r0c2"},
        ]
    )


def test_an_extra_grenade_after_tagging_a_spawnpoint_neither_promises_nor_gives_it_a_token() -> None:
    game = _grenade_game()
    play(game, "shoot", "basic")
    assert _labels(game)["spawn:blue"] == "The blue spawnpoint on r0c2: 1 of your tokens on its track"
    play(game, "spawn:blue", "extra-grenade")
    assert tracks(game)["blue"] == ["yellow"]
    # Once a turn: the grenade on r0c2 hits Dozer only, and its option says so.
    assert _labels(game) == {"r0c0": "r0c0 - Banshee: 1 damage", "r0c2": "r0c2 - Dozer: 1 damage"}
    events = play(game, "r0c2")
    assert player(game, "grey")["damage"] == ["yellow"] and player(game, "grey")["square"] == "r0c2"
    assert tracks(game)["blue"] == ["yellow"]
    assert [e.data["spawn"] for e in events if e.kind == "tagged"] == []
    assert game.pending.kind == "action"  # the spawnpoint cannot be moved: the push asks nothing


def test_an_extra_grenade_first_tags_the_spawnpoint_and_the_basic_target_is_then_a_figure() -> None:
    game = _grenade_game()
    play(game, "shoot", "extra-grenade")
    assert _labels(game) == {
        "r0c0": "r0c0 - Banshee: 1 damage",
        "r0c2": "r0c2 - Dozer: 1 damage; the blue spawnpoint: 1 of your tokens on its track",
    }
    play(game, "r0c2")
    assert tracks(game)["blue"] == ["yellow"] and player(game, "grey")["damage"] == ["yellow"]
    # The basic effect's target: the spawnpoint took its token in this shot and is not offered.
    assert keys(game) == ["blue", "grey"]
    from adrenaline_tui.rules.explain import explain

    why = explain(game, "spawn:blue")
    assert (why.subject, why.legal) == ("The blue spawnpoint", False)
    assert why.why[0] == "You can damage a spawnpoint only once a turn, and this shot has already tagged one."
    play(game, "grey", "r0c1")
    assert player(game, "grey")["damage"] == ["yellow", "yellow"] and player(game, "grey")["square"] == "r0c1"
    assert tracks(game) == {"red": [], "blue": ["yellow"], "yellow": []}


def test_a_spawnpoint_target_says_what_really_happens_to_it() -> None:
    # From r0c1 yellow sees the blue room only: Banshee on r0c0 and the blue spawnpoint r0c2.
    def game_with(weapon: str, banshee: str = "r0c0") -> Game:
        return domination(
            [
                {"colour": "yellow", "square": "r0c1", "weapons": [weapon], "ammo": NO_AMMO},
                {"colour": "blue", "square": banshee},
                {"colour": "grey", "square": "r1c1"},
            ]
        )

    # Lock Rifle: 2 damage and 1 mark to a player, one token to a spawnpoint.
    game = game_with("lock-rifle")
    play(game, "shoot")
    assert _labels(game) == {
        "blue": "Banshee on r0c0: 2 damage and 1 mark",
        "spawn:blue": "The blue spawnpoint on r0c2: 1 of your tokens on its track",
    }
    # Vortex Cannon: a player is pulled onto the vortex; a spawnpoint stays and takes one token.
    game = game_with("vortex-cannon", banshee="r0c2")
    play(game, "shoot")  # the only vortex square with a target on or next to it: r0c2
    assert _labels(game) == {
        "blue": "Banshee on r0c2: pulled onto the vortex, 2 damage",
        "spawn:blue": "The blue spawnpoint on r0c2: 1 of your tokens on its track",
    }
    play(game, "spawn:blue")
    assert tracks(game)["blue"] == ["yellow"] and player(game, "blue")["damage"] == []
    # ZX-2 scanner: marks only, which do nothing to a spawnpoint.
    game = game_with("zx-2")
    play(game, "shoot", "scanner")
    assert _labels(game)["spawn:blue"] == "The blue spawnpoint on r0c2: nothing happens to it (marks do nothing)"
    # Grenade Launcher: a player may be pushed 1 square; a spawnpoint never moves.
    game = game_with("grenade-launcher")
    play(game, "shoot")
    assert _labels(game) == {
        "blue": "Banshee on r0c0: 1 damage, then may be moved up to 1 square",
        "spawn:blue": "The blue spawnpoint on r0c2: 1 of your tokens on its track",
    }
