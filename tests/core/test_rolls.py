"""Every event that reports dice carries them in one shape, ``data["roll"]``, for the page to
draw (docs/adding-a-game.md, "Rolls in events"): random games of each game, then a few
scripted rolls the random games seldom reach."""

from __future__ import annotations

import functools
import json
import re

import pytest

import wartable
from tests.games.combat.scene import hex_index, put, scene
from wartable.agents.random import RandomAgent
from wartable.core.events import Event
from wartable.core.rng import derive_seed
from wartable.games.combat.model import GERMANY
from wartable.games.combat.rules import checks, deck, harm, night

GAMES = ("undaunted", "combat", "diadehonor", "tactics2gm", "duel")
KEYS = {"dice", "sides", "need", "result"}
EXTRA = {"under", "zero", "critical"}  # critical: the face of a 2GM Tactics critical
ACTIONS = 150  # per scenario and seed: a few hundred a game in all
# kinds whose every event rolls, in the games where a kind says it
ALWAYS = {
    "undaunted": {"attack", "suppress", "blast"},
    "diadehonor": {"fire", "melee", "blast"},  # "initiative" also names the choice after it
    "tactics2gm": {"miss", "hit", "critical", "no_effect", "hq_hit", "bid_roll"},
    "duel": {"attack"},
}
TELLS_DICE = re.compile(r"\b(rolls?|die) \d|initiative, axis \d")  # text that shows dice


@functools.cache
def events_of(game_name: str) -> tuple[Event, ...]:
    """Every event of random games of each scenario, two seeds each."""
    game = wartable.get_game(game_name)
    out: list[Event] = []
    for sc in game.scenarios():
        for seed in (1, 2):
            state = game.new_game(sc.id, seed=seed)
            agent = RandomAgent(derive_seed(seed, 1))
            for _ in range(ACTIONS):
                if state.is_over:
                    break
                player = state.current_players[0]
                out += state.apply(player, agent.act(state, player))
    return tuple(out)


def rolls_of(game_name: str) -> list[Event]:
    return [e for e in events_of(game_name) if "roll" in e.data]


def shape(roll: dict) -> None:
    """The convention: dice as rolled within the die's faces, the face needed or None, the
    outcome in a word; ``under`` and ``zero`` only ever true."""
    assert KEYS <= set(roll) <= KEYS | EXTRA, roll
    sides, dice, need = roll["sides"], roll["dice"], roll["need"]
    assert type(sides) is int and sides >= 2
    low = 0 if roll.get("zero") else 1
    assert dice and all(type(d) is int and low <= d < low + sides for d in dice), roll
    assert need is None or (type(need) is int and low <= need <= low + sides), roll
    assert isinstance(roll["result"], str) and roll["result"].strip()
    assert all(roll.get(k, True) is True for k in ("under", "zero"))
    assert json.loads(json.dumps(roll)) == roll


def ints(text: str) -> list[int]:
    return [int(d) for d in re.split(r"[ ,]+", text.strip())]


def agrees(game_name: str, e: Event) -> bool:
    """Whether the roll says what the event's text says; False where this test reads no such
    text (the caller counts how many it checked)."""
    r, t = e.data["roll"], e.text
    if game_name == "undaunted":
        m = re.search(r"= (\d+); rolls ([\d ]+): (hit|miss)$", t)
        assert m, t
        assert r["dice"] == ints(m[2]) and r["result"] == m[3] and r["sides"] == 10 and r["zero"]
        assert r["need"] == max(1, min(int(m[1]), 10))  # a 0 always hits
        return True
    if game_name == "duel":
        m = re.search(r"rolls ([\d, ]+):", t)
        assert m and r["dice"] == ints(m[1]) and r["sides"] == 6, t
        assert (r["result"] == "miss") == t.endswith("no hit")
        return True
    if game_name == "diadehonor":
        return agrees_dh(e)
    if game_name == "tactics2gm":
        return agrees_2gm(e)
    return agrees_combat(e)


def agrees_dh(e: Event) -> bool:
    r, t = e.data["roll"], e.text
    if e.kind == "fire":
        m = re.search(r"die (\d), total (-?\d+) .* against (-?\d+) ", t)
        assert m, t
        die, total, defence = int(m[1]), int(m[2]), int(m[3])
        assert r["dice"] == [die] and r["sides"] == 6
        assert r["need"] == min(6, max(2, defence + 1 - (total - die)))
        assert (r["result"] == "miss") == (die == 1 or (die != 6 and total <= defence))
        return True
    if e.kind == "initiative":
        m = re.search(r"axis (\d), allies (\d)", t)
        assert m and r["dice"] == [int(m[1]), int(m[2])] and r["need"] is None, t
        assert (r["result"] == "tie") == ("tie" in t)
        return True
    if e.kind == "melee":
        m = re.search(r": (\d) for -?\d+ against (\d) for", t)
        assert m and r["dice"] == [int(m[1]), int(m[2])] and r["need"] is None, t
        return True
    return False


def agrees_2gm(e: Event) -> bool:
    r, t = e.data["roll"], e.text
    if e.kind == "bid_roll":
        m = re.search(r"allies rolls (\d+) \+ bid (\d+) = (\d+), axis rolls (\d+) \+ bid", t)
        assert m and r["dice"] == [int(m[1]), int(m[4])] and r["need"] is None, t
        assert all(1 <= d <= 10 for d in r["dice"]) and int(m[1]) + int(m[2]) == int(m[3]), t
        assert (r["result"] == "tie") == ("tie" in t)
        return True
    m = re.search(r"(?:needs (\d+)\+|cannot miss).*, rolls (\d+): a (miss|hit|critical)", t)
    assert m, t
    assert r["dice"] == [int(m[2])] and r["sides"] == 10 and r["need"] == int(m[1] or 1)
    word = "no effect" if "no effect" in t or "armour holds" in t else m[3]
    assert r["result"] == word
    crit = re.search(r"\(critical (\d+)\+\)", t)
    assert r.get("critical") == (int(crit[1]) if crit else None)  # an HQ takes none
    return True


def agrees_combat(e: Event) -> bool:
    r, t = e.data["roll"], e.text
    assert r["sides"] in (6, 10) and (r["sides"] == 6) != r.get("zero", False)
    check = re.search(r"(TQC|MC|RC|WMC) roll (\d) vs TQ (-?\d+): (passes|fails)", t)
    if check:
        tq = int(check[3])
        assert r["dice"] == [int(check[2])] and r["under"]
        if e.kind == "melee":
            assert r["result"] == ("hit" if check[4] == "passes" else "miss")
        else:
            assert r["result"] == check[4]
        top = 9 if check[1] == "TQC" else 8
        assert r["need"] == (min(tq, top) if tq >= 0 else None if top == 9 else 0)
        return True
    fired = re.search(r"= (-?\d+); rolls ([\d ]+): (\d+) hit", t)
    dice = re.search(r"rolls ([\d ]+) vs (\d+)([+-]\d+): (\d+) hit", t)
    if fired or dice:
        m = fired or dice
        assert m
        hits = int(m[3] if fired else m[4])
        chance = int(m[1]) if fired else int(m[2]) + int(m[3])
        assert r["dice"] == ints(m[2] if fired else m[1])
        assert r["result"] == checks.hits_word(hits)
        assert r["need"] == (min(chance, 8 if fired else 9) if chance >= 0 else None)
        return True
    spotted = re.search(r"\(chance (-?\d+)\)", t)
    if spotted:
        chance = int(spotted[1])
        assert r["need"] == (min(chance, 9) if chance >= 0 else None) and r["result"] == "spotted"
        assert len(r["dice"]) == 1
        return True
    landing = re.search(r": roll (\d+)( \(\+3, out of sight\))?", t)
    if e.kind == "grenade" and landing:
        assert r["dice"] == [int(landing[1]) - (3 if landing[2] else 0)]
        assert r["result"] == ("scatters" if "scatters" in t else "on target")
        return True
    return False


@pytest.mark.parametrize("game_name", GAMES)
def test_every_rolled_event_carries_its_dice_in_the_one_shape(game_name):
    assert set(GAMES) <= set(wartable.game_names())
    rolled = rolls_of(game_name)
    assert rolled, f"{game_name}: no event carried a roll"  # the test would prove nothing
    for e in rolled:
        shape(dict(e.data["roll"]))
    for e in events_of(game_name):
        if e.kind in ALWAYS.get(game_name, ()) or TELLS_DICE.search(e.text):
            assert "roll" in e.data, f"{game_name}: {e.kind} {e.text!r} has no roll"


@pytest.mark.parametrize("game_name", GAMES)
def test_each_roll_says_what_its_event_text_says(game_name):
    checked = sum(agrees(game_name, e) for e in rolls_of(game_name))
    assert checked >= 5, f"{game_name}: only {checked} rolls read against their text"


def test_a_roll_is_never_told_where_the_dice_are_secret():
    """Dice are public in every game here; a roll rides only on events everyone may read, or
    on those of the seats the event is for."""
    for game_name in GAMES:
        for e in rolls_of(game_name):
            assert e.visible_to is None, (game_name, e.kind, e.text)


# ---- scripted rolls the random games seldom reach ----------------------------------------


def test_undaunted_a_miss_reads_as_the_rulebook_writes_it():
    (e,) = [
        e
        for e in rolls_of("undaunted")
        if e.kind == "attack" and re.search(r"rolls \d: miss$", e.text)
    ][:1]
    die = int(e.text.rsplit("rolls ", 1)[1][0])
    assert e.data["roll"]["dice"] == [die] == e.data["rolls"]
    assert e.data["roll"]["result"] == "miss" and e.data["hit"] is False


def test_combat_artillery_rolls_its_table_its_aim_and_its_damage():
    st = scene("attack-the-farmhouse")
    put(st, "15.09", side=GERMANY, role="rifleman", order="")
    # as the rulebook's 81mm strike (tests/games/combat/test_events.py): table 5, 1 strike,
    # aim 9, direction 2, distance 3, four damage dice of 9, no crater, the MC passes
    st.rng.force([5, 1, 9, 2, 3, 9, 9, 9, 9, 9, 0])
    ev: list[Event] = []
    deck.resolve_event(st, "friendly", ev)
    rolls = {e.text: e.data["roll"] for e in ev if "roll" in e.data}
    for r in rolls.values():
        shape(r)
    table = next(r for t, r in rolls.items() if "event, roll 5" in t)
    assert table["dice"] == [5] and table["need"] is None
    aim = next(r for t, r in rolls.items() if "aim roll 9" in t)
    assert aim["dice"] == [9] and aim["result"] == "lands"
    blast = next(r for t, r in rolls.items() if "rolls 9 9 9 9" in t)
    assert blast["dice"] == [9, 9, 9, 9] and blast["result"] == "miss" and blast["under"]
    check = next(r for t, r in rolls.items() if "MC roll 0" in t)
    assert check["dice"] == [0] and check["result"] == "passes"


def test_combat_a_face_down_mans_check_keeps_its_dice_to_itself():
    st = scene()
    hidden = put(st, "10.05", side=GERMANY, role="rifleman", seen=False)
    known = put(st, "12.05", side=GERMANY, role="rifleman", seen=True)
    ev: list[Event] = []
    st.rng.force([3, 3])
    harm.morale_check(st, hidden, "MC", ev)
    harm.morale_check(st, known, "MC", ev)
    told = [e for e in ev if e.kind == "check"]
    assert "roll" not in told[0].data and "MC roll" not in told[0].text
    assert told[1].data["roll"]["dice"] == [3] and "MC roll 3" in told[1].text


def test_combat_a_flare_goes_out_on_8_or_9():
    st = scene("attack-the-farmhouse")
    h = hex_index(st, "18.11")
    st.flares, st.turn = ((h, 2),), 3
    ev: list[Event] = []
    st.rng.force([8])
    night.burn_down(st, ev)
    (out,) = [e for e in ev if e.kind == "flare"]
    assert out.data["roll"] == {
        "dice": [8],
        "sides": 10,
        "need": night.GOES_OUT_FROM,
        "result": "goes out",
        "zero": True,
    }
