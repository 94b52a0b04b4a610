"""Explain: why each option is allowed or not, what it does, and why an event of the log happened.

Positions are built with `helpers.scenario` (board in helpers.py's docstring). Every
explanation is read from `view(seat)` only.
"""

import random

from adrenaline_tui.titles.bloodrush.explain import explain, explanations, topics, unavailable, why_not
from adrenaline_tui.titles.bloodrush.explain_log import explain_event, explain_events
from adrenaline_tui.titles.bloodrush.flight import fly, heading_after
from adrenaline_tui.titles.bloodrush.game import Game
from adrenaline_tui.titles.bloodrush.players import make_player
from adrenaline_tui.titles.bloodrush.views import events_for

from .helpers import DAWN, scenario


def _view(g, seat="scarlet"):
    return g.view(seat)


# ----------------------------------------------------------------- the action's options
def test_a_step_onto_the_mozzie_or_a_vampire_is_not_offered_and_says_why():
    g = scenario(
        vampires={"scarlet": {"square": "b4"}, "violet": {"square": "b5"}},
        mozzie={"square": "c4", "heading": "s"},
    )
    v = _view(g)
    assert {k for k, _ in unavailable(v)} == {"move:e", "move:s"}
    east = explain(v, "move:e")
    assert east.legal is False
    assert east.why == ("The Mozzie is on c4: figures are walls, and you cannot step onto it.",)
    south = explain(v, "move:s")
    assert south.why == ("Violet stands on b5: vampires are walls; only the graveyard holds several.",)
    assert why_not(v, "move:s") == south.why[0]


def test_a_step_with_1_blood_is_not_offered_and_says_why():
    g = scenario(vampires={"scarlet": {"square": "b4", "blood": 1}})
    v = _view(g)
    assert [k for k, _ in unavailable(v)] == ["move:n", "move:e", "move:s", "move:w"]
    e = explain(v, "move:n")
    assert e.legal is False and e.why[0].startswith("You have 1 blood: a step costs 1, paid before you move")


def test_collect_at_10_blood_is_not_offered_because_of_the_maximum():
    g = scenario(vampires={"scarlet": {"square": "b4", "blood": 10}})
    e = explain(_view(g), "collect")
    assert e.legal is False
    assert e.why == ("You have 10 blood, the maximum: the rules say you cannot collect blood beyond it.",)
    assert explain(scenario(vampires={"scarlet": {"square": "b4", "blood": 9}}).view("scarlet"), "collect").does == (
        "You will have 10 blood. Then the Mozzie flies, and the time effects fall.",
    )


def test_a_step_across_the_edge_says_it_wraps_and_what_it_costs():
    g = scenario(vampires={"scarlet": {"square": "a4", "blood": 5}})
    e = explain(_view(g), "move:w")
    assert e.legal is True and e.subject == "Pay 1 blood: step west to g4"
    assert any("comes back in on the opposite edge, at g4" in line for line in e.why)
    assert e.does == ("You stand on g4 with 4 blood.",)
    assert not any("opposite edge" in line for line in explain(_view(g), "move:e").why)


def test_the_hidden_hazard_comes_before_the_meal_with_exact_blood():
    # b7 is a Damage tile (2 blood) with a human on it; from b6, 4 blood: pay 1 -> 3, damage -> 1, feed -> 6.
    g = scenario(vampires={"scarlet": {"square": "b6", "blood": 4}}, humans={"b7": "blue-4"})
    e = explain(_view(g), "move:s")
    assert e.does == (
        "You stand on b7 with 3 blood.",
        "b7 is a Damage tile: you lose 2 blood first (the hidden hazard comes before the meal).",
        "You feed on the Banker (blue 4): you collect the tile and gain 5 blood, never past 10 (6 after)."
        " Your movement stops there.",
    )
    g.choose("move:s")
    assert g.view("scarlet")["vampires"]["scarlet"]["blood"] == 6


def test_a_hazard_on_the_last_blood_says_you_would_be_eliminated_before_feeding():
    g = scenario(vampires={"scarlet": {"square": "b6", "blood": 3}}, humans={"b7": "blue-4", "a1": "red-1"})
    e = explain(_view(g), "move:s")
    assert e.does[-1] == "That is your last blood: you would be eliminated before feeding."
    g.choose("move:s")
    assert g.view(None)["vampires"]["scarlet"]["alive"] is False


def test_draw_says_which_rolls_burst_you():
    e = explain(scenario(vampires={"scarlet": {"square": "a1", "blood": 7}}).view("scarlet"), "draw")
    assert "with 7 blood a roll of 4 or more bursts you back to the graveyard with 1 blood" in e.does[1]
    e2 = explain(scenario(vampires={"scarlet": {"square": "a1", "blood": 4}}).view("scarlet"), "draw")
    assert "bursts" not in e2.does[1]


def test_red_cards_not_playable_now_say_why():
    g = scenario(vampires={"scarlet": {"square": "a1", "hand": ["bug_commander"]}}, bug_commander="violet")
    v = _view(g)
    assert ("play:bug_commander", "Play Bug Commander") in unavailable(v)
    e = explain(v, "play:bug_commander")
    assert e.legal is False and e.why[0].startswith("Violet already played a Bug Commander")


def test_bug_commander_allows_only_straight_and_says_who():
    # Scarlet holds a red card, so the question is asked (with one answer it would answer itself).
    g = scenario(vampires={"scarlet": {"square": "a1", "hand": ["giant_umbrella"]}}, bug_commander="violet")
    g.choose("collect")
    v = _view(g)
    assert [k for k, _ in unavailable(v)] == ["left", "right"]
    assert explain(v, "left").why == ("Violet played a Bug Commander: this time the Mozzie may only fly straight.",)


# ------------------------------------------------------------------------ the Mozzie
def test_steering_straight_shows_the_texts_example_for_every_roll():
    g = Game.from_scenario("tests/titles/bloodrush/scenarios/texts_example.yaml")
    g.choose("collect")
    e = explain(g.view("violet"), "straight")
    assert e.legal is True
    assert e.does == ("Rolls 1-6: Stops on e3: the Preacher (green 4) is eliminated.",)


def test_steering_shows_the_damage_tile_and_who_is_safe():
    # Flying east from e5, the Mozzie's 2nd step is g5, a Damage tile: scarlet on a1 is hurt,
    # violet in the mine (d7) is safe.
    g = scenario(
        vampires={"scarlet": {"square": "a1", "blood": 5}, "violet": {"square": "d7"}},
        mozzie={"square": "e5", "heading": "e"},
    )
    g.choose("collect")
    e = explain(_view(g), "straight")
    assert e.why[1] == "On a Damage tile it takes blood from every vampire outside the graveyard and the mine."
    assert e.does[1] == "Roll 2: Damage tile g5: you lose 2; Violet is safe. Ends on g5."


def test_a_flight_that_ends_the_game_says_so():
    g = scenario(
        vampires={"scarlet": {"square": "d7", "blood": 5}, "violet": {"square": "a1", "blood": 2}},
        mozzie={"square": "e5", "heading": "e"},
    )
    g.choose("collect")
    e = explain(_view(g), "straight")
    assert e.does[1:] == (
        "Rolls 2-6: Damage tile g5: Violet loses 2; you are safe. Violet would be eliminated."
        " The game would end there.",
    )


def test_the_flight_preview_agrees_with_the_engine_on_every_face():
    """`flight.fly` predicts, from the view alone, what the engine does: for every Mozzie control
    of 40 random games, every turn and every face, the end square, the human eaten and the
    vampire drained are the engine's."""
    checked = 0
    for seed in range(40):
        g = Game.new({"seats": ["scarlet", "violet", "amber"]}, seed)
        players = {s: make_player("random", seed) for s in g.config.seats}
        while g.pending is not None:
            d = g.pending
            if d.kind == "mozzie" and checked < 400:
                view = g.view(d.player)
                for turn in [k for k in d.keys if not k.startswith("play:")]:
                    heading = heading_after(view["mozzie"]["heading"], turn)
                    for face in sorted(set(g.components.die)):
                        predicted = fly(view, heading, face)
                        copy = g.replay()
                        copy.forced_dice = [face]
                        events = copy.choose(turn)
                        while copy.pending is not None and copy.pending.kind == "damage":
                            events += copy.choose("take")  # the preview assumes no Mask is played
                        if copy.over:
                            continue  # a Damage tile ended the game mid-flight: the preview went on
                        after = copy.view(None)
                        eaten = [e.data["tile"] for e in events if e.kind == "eaten"]
                        drained = [e.data["seat"] for e in events if e.kind == "drained"]
                        assert after["mozzie"]["square"] == predicted.end, (seed, turn, face)
                        assert eaten == ([predicted.eats] if predicted.eats else [])
                        assert drained == ([predicted.drains] if predicted.drains else [])
                        checked += 1
            g.choose(players[d.player].choose(d, None))
    assert checked >= 300


# --------------------------------------------------------------------------- other things
def test_topics_list_options_then_what_is_not_allowed_then_the_board():
    g = scenario(vampires={"scarlet": {"square": "b4", "blood": 1}})
    ts = topics(_view(g))
    groups = list(dict.fromkeys(t.group for t in ts))
    assert groups == ["This decision", "Not allowed now", "Figures", "Time", "Squares"]
    assert len([t for t in ts if t.group == "Squares"]) == 49
    assert [t.id for t in ts if t.group == "Not allowed now"] == ["move:n", "move:e", "move:s", "move:w"]


def test_a_seat_that_does_not_decide_sees_no_options_and_cannot_ask_about_them():
    g = scenario(vampires={"scarlet": {"square": "b4"}})
    v = g.view("violet")
    assert topics(v)[0].group == "Figures"
    assert explain(v, "collect").why == ("Only the player deciding can ask about that now.",)
    assert explain(g.view("scarlet"), "nonsense").why == ("Nothing here goes by that name.",)


def test_the_time_track_and_a_square_explain_the_shelters():
    g = scenario(vampires={"scarlet": {"square": "b4"}}, time=DAWN)
    t = explain(_view(g), "time")
    assert t.why[1].startswith("A sun: the vampire whose turn ends now loses 2 blood")
    assert explain(_view(g), "d7").why[0] == (
        "d7 is the mine: no dawn penalty and no Damage tile the Mozzie lands on reaches you here."
    )


def test_explanations_are_plain_json_for_a_guest():
    data = explanations(scenario(vampires={"scarlet": {"square": "b4"}}).view("scarlet"))
    assert data["topics"][0] == ["move:n", "Pay 1 blood: step north to b3", "This decision"]
    assert data["answers"]["move:n"]["legal"] is True


# ------------------------------------------------------------------------------- the log
def test_the_log_says_why_you_lost_blood_to_the_mozzie_on_a_damage_tile():
    g = scenario(
        vampires={"scarlet": {"square": "a1", "blood": 5}, "violet": {"square": "d7"}},
        mozzie={"square": "e5", "heading": "e"},
        dice=[2],
    )
    g.choose("move:s")  # scarlet to a2
    g.choose("straight")
    seen = events_for("scarlet", g.events)
    i = next(i for i, e in enumerate(seen) if e.kind == "blood" and e.data["why"] == "the Mozzie on a Damage tile")
    e = explain_event(seen, i, "scarlet")
    assert e.subject == "You lost 2 blood"
    assert e.why == (
        "The Mozzie landed on the Damage tile g5, and you stood outside the graveyard and the mine, the only places"
        " its Damage tiles do not reach (you were on a2, a plain tile).",
    )
    assert explain_event(seen, i, "violet").subject == "Scarlet lost 2 blood"


def test_the_log_explains_a_burst_and_a_capped_meal():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 7}}, deck=["coyote_snack"], dice=[6])
    g.choose("draw")
    seen = events_for("scarlet", g.events)
    burst = explain_event(seen, [e.kind for e in seen].index("burst"), "scarlet")
    assert burst.subject == "You burst"
    assert burst.why[1] == "A burst sends the vampire back to the graveyard (d4) with 1 blood."
    g2 = scenario(vampires={"scarlet": {"square": "a6", "blood": 8}}, humans={"a7": "red-1"})
    g2.choose("move:s")
    seen2 = events_for("scarlet", g2.events)
    meal = explain_event(seen2, max(i for i, e in enumerate(seen2) if e.kind == "blood"), "scarlet")
    assert meal.subject == "You gained 3 blood"
    assert meal.why[1] == "Only 3: 10 is the maximum, and feeding stops there (it never bursts)."


def test_the_log_explains_a_dawn_penalty_out_of_shelter():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5}}, time=DAWN)
    g.choose("move:s")  # a2, plain
    g.choose("straight")
    seen = events_for("scarlet", g.events)
    i = max(i for i, e in enumerate(seen) if e.kind == "blood")
    e = explain_event(seen, i, "scarlet")
    assert e.subject == "You lost 2 blood"
    assert "you were out of shelter on a2, a plain tile" in e.why[0]


def test_another_seats_secret_event_is_never_explained():
    g = scenario(vampires={"scarlet": {"square": "a1"}}, deck=["mask_of_immunity"])
    g.choose("draw")
    every = list(g.events)
    secret = next(i for i, e in enumerate(every) if e.kind == "drew-red")
    assert explain_event(every, secret, "violet").subject == "A hidden event"
    assert explain_event(every, secret, "scarlet").subject == "You drew Mask of Immunity"
    assert all("Mask" not in x.text for x in explain_events(every, "violet"))


# ------------------------------------------------------------------------------- privacy
def _deal(hands, deck_seed):
    cards = ["coyote_snack"] * 6 + ["donkey_ride"] * 4 + ["time_energy"] * 3
    random.Random(deck_seed).shuffle(cards)
    return Game.from_scenario(
        {
            "seats": ["scarlet", "violet", "amber"],
            "time": "10 pm",
            "mozzie": {"square": "e1", "heading": "s"},
            "humans": {"a7": "red-1", "c5": "blue-2", "g2": "green-5", "b3": "red-3"},
            "vampires": {
                "scarlet": {"square": "a2", "hand": ["carriage_ride"]},
                "violet": {"square": "f6", "hand": hands[0]},
                "amber": {"square": "c2", "hand": hands[1]},
            },
            "deck": cards,
            "dice": [3, 1, 4, 1, 5, 2, 6, 5, 3, 5, 2, 1, 4, 6, 2, 3, 1, 2, 4, 5, 6, 1, 3],
        },
        seed=3,
    )


SAFE = ("collect", "straight", "end", "take", "keep", "n", "e", "s", "w", "stop")


def _public_key(d, seat_view):
    """A key every deal allows: a move or a public action, never a card the others cannot see."""
    keys = [k for k in d.keys if not k.startswith("play:") and k != "draw"]
    for k in SAFE:
        if k in keys:
            return k
    moves = [k for k in keys if k.startswith("move:")]
    return moves[0] if moves else keys[0]


def test_explanations_are_the_same_whatever_the_others_hidden_cards_and_the_deck_order():
    a = _deal((["mask_of_immunity"], ["giant_umbrella", "bug_commander"]), deck_seed=1)
    b = _deal((["bug_commander"], ["mask_of_immunity", "giant_umbrella"]), deck_seed=2)
    assert a.to_json()["deck"] != b.to_json()["deck"]
    compared = 0
    for _ in range(60):
        if a.pending is None:
            break
        for seat in ("scarlet", None):
            va, vb = a.view(seat), b.view(seat)
            assert va == vb
            assert explanations(va) == explanations(vb)
            ea, eb = events_for(seat, a.events), events_for(seat, b.events)
            assert [x.text for x in explain_events(ea, seat)] == [x.text for x in explain_events(eb, seat)]
            compared += 1
        d = a.pending
        assert (d.player, d.kind) == (b.pending.player, b.pending.kind)
        key = _public_key(d, a.view(d.player))
        a.choose(key)
        b.choose(key)
    assert compared >= 60


def test_the_privacy_check_sees_a_difference_in_ones_own_hand():
    """The same comparison tells two deals apart when the viewer's own hand differs (so the
    test above can fail)."""
    a = _deal((["mask_of_immunity"], ["giant_umbrella"]), deck_seed=1)
    b = _deal((["mask_of_immunity"], ["giant_umbrella"]), deck_seed=1)
    assert explanations(a.view("violet")) == explanations(b.view("violet"))
    c = _deal((["bug_commander"], ["giant_umbrella"]), deck_seed=1)
    assert explanations(a.view("violet")) != explanations(c.view("violet"))


# --------------------------------------------------------------- setup and reactions
def test_placing_a_human_says_which_squares_the_rules_forbid():
    g = Game.new({"seats": ["scarlet", "violet"], "first": "scarlet"}, 1)
    v = g.view("scarlet")
    assert g.pending.kind == "place-human" and "d3" not in g.pending.keys and "a3" in g.pending.keys
    assert explain(v, "d3").why == ("d3 is immediately next to the graveyard (d4): the rules allow no human there.",)
    assert explain(v, "d4").why == ("d4 is the graveyard: no human stands there.",)
    hazard = explain(v, "a3")
    assert hazard.legal is True and hazard.does[0].endswith("Its effect comes before the meal.")


def test_a_reaction_says_why_everyone_with_red_cards_is_asked_and_what_taking_costs():
    g = scenario(vampires={"scarlet": {"square": "b6", "blood": 5, "hand": ["giant_umbrella"]}})
    g.choose("move:s")  # b7, a Damage tile: asked, though the hand holds no Mask
    v = _view(g)
    take = explain(v, "take")
    assert take.why[0].startswith("You are asked because you hold red cards; everyone who holds one is asked")
    assert take.does == ("You lose 2 blood (2 left).",)
    assert ("play:mask_of_immunity", "Play Mask of Immunity") in unavailable(v)
    assert explain(v, "play:mask_of_immunity").why == ("You hold no Mask of Immunity.",)


def test_the_dawn_question_and_the_umbrella():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5, "hand": ["giant_umbrella"]}}, time=DAWN)
    g.choose("collect")
    g.choose("straight")
    assert explain(_view(g), "end").does == (
        "The turn ends: the time effects fall on you (a moon's bonus, a sun's penalty).",
    )
    g.choose("end")
    v = _view(g)
    assert g.pending.kind == "dawn"
    assert explain(v, "take").does == ("You lose 2 blood (4 left).",)
    assert explain(v, "play:giant_umbrella").does == (
        "Giant Umbrella: no dawn penalty falls on you for the rest of this turn.",
    )


def test_a_red_card_drawn_is_kept_in_secret():
    g = scenario(vampires={"scarlet": {"square": "a1"}}, deck=["carriage_ride"])
    g.choose("draw")
    keep = explain(_view(g), "keep")
    assert keep.legal is True
    assert keep.why == ("A red card is kept in secret: the others learn only that you drew a red card.",)


def test_the_log_tells_a_donkey_ride_from_a_paid_step_even_after_a_damage_tile():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5}}, deck=["donkey_ride"], dice=[3])
    g.choose("draw")
    for key in ("s", "s", "s"):  # a2, a3 (a Damage tile: 2 blood), a4
        g.choose(key)
    seen = events_for("scarlet", g.events)
    moves = [explain_event(seen, i, "scarlet") for i, e in enumerate(seen) if e.kind == "moved"]
    assert [m.subject for m in moves] == ["You stepped to a2", "You stepped to a3", "You stepped to a4"]
    assert {m.why[0] for m in moves} == {"A Donkey Ride: free steps, as many as the die showed, each one chosen."}


def test_every_decision_of_random_games_is_explained_and_the_verdict_is_the_engines():
    """2-5 vampires and the 4+1 variant: every offered option explains as allowed, everything
    listed as not allowed explains as not allowed, and every event each seat sees has words."""
    configs = [
        {"seats": ["scarlet", "violet"]},
        {"seats": ["scarlet", "violet", "amber"]},
        {"seats": ["scarlet", "violet", "amber", "teal", "ivory"]},
        {"seats": ["scarlet", "violet", "amber", "teal", "ivory"], "mozzie_player": "ivory"},
    ]
    kinds = set()
    for n, config in enumerate(configs * 4):
        g = Game.new(config, seed=100 + n)
        players = {s: make_player("random", n) for s in g.config.seats}
        while g.pending is not None:
            d = g.pending
            view = g.view(d.player)
            kinds.add(d.kind)
            for t in topics(view):
                e = explain(view, t.id)
                assert e.subject and e.why, (d.kind, t.id)
                if t.group == "This decision":
                    assert e.legal is True, (d.kind, t.id, e.text)
                elif t.group == "Not allowed now":
                    assert e.legal is False, (d.kind, t.id, e.text)
            g.choose(players[d.player].choose(d, None))
        for seat in (*g.config.seats, None):
            seen = events_for(seat, g.events)
            assert all(x.subject for x in explain_events(seen, seat))
    assert {"place-human", "place-mozzie", "mozzie-heading", "action", "mozzie"} <= kinds


def test_an_action_says_what_the_time_track_will_do_at_the_end_of_the_turn():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 8}}, time="midnight")
    assert explain(_view(g), "collect").does[1] == (
        "If it is still midnight when your turn ends, its moon's 2 blood takes you past 10: a burst."
    )
    g = scenario(vampires={"scarlet": {"square": "c6", "blood": 6, "hand": ["giant_umbrella"]}}, time=DAWN)
    v = _view(g)
    assert explain(v, "move:w").does[-1] == "The sun at 5 am (dawn) cannot reach you in a building."
    assert explain(v, "move:s").does[-1] == (
        "If it is still 5 am (dawn) when your turn ends, its sun takes 2 blood out here unless you play your"
        " Giant Umbrella (3 left)."
    )
    # d6 is a Clocks tile: it moves time past dawn to dusk, where nothing falls.
    assert explain(v, "move:e").does[-1] == "d6 is a Clocks tile: time moves 1 hour forward."
