"""Día de Honor's data files: every battlefield fits the biggest line-up, and a malformed
file is refused with file, field and reason."""

from __future__ import annotations

import random
import shutil
from collections import Counter

import pytest

from wartable.core.errors import ContentError
from wartable.games.diadehonor.content import (
    DATA,
    GROUND,
    Library,
    battle,
    load,
    starting,
)
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.memo import MOVES_KEPT, Memo
from wartable.geometry.squaregrid import line


def test_eight_boards_and_every_start_zone_holds_three_whole_squads():
    lib = load()
    assert len(lib.boards.boards) == 8
    for key in lib.boards.battlefields:
        field = battle(lib.boards, key)
        squad = sum(starting(lib, field).values())
        for side, zone in field.zones.items():
            assert len(zone) >= 3 * squad, (key, side)


def test_a_malformed_board_is_refused_with_file_field_and_reason(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    boards = data / "boards.yaml"
    boards.write_text(boards.read_text().replace('"..BB...."', '"..BX...."', 1))
    with pytest.raises(ContentError) as info:
        load(data)
    assert any(
        "boards.yaml" in p and "boards.farm.ground.1" in p and "unknown ground" in p
        for p in info.value.problems
    )


def test_a_battlefield_naming_no_board_is_refused(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    boards = data / "boards.yaml"
    boards.write_text(boards.read_text().replace("- [farm, woods]", "- [farm, moon]", 1))
    with pytest.raises(ContentError, match="no board 'moon'"):
        load(data)


def test_a_battlefield_knows_its_distances_and_where_the_ground_gives_cover():
    """Worked out once per battlefield for the rules and the heuristic: squares apart with
    diagonals counting one, and cover from a trench or next to a building, wall or trench."""
    from tests.games.diadehonor.scene import field

    rows = ["." * 16] * 24
    rows = [*rows[:5], "...W............", *rows[6:10], "......t.........", *rows[11:]]
    b = field(rows)
    q = b.grid.index
    assert b.apart[q((0, 0)) * len(b.ground) + q((3, 7))] == 7
    assert b.apart[q((3, 7)) * len(b.ground) + q((0, 0))] == 7
    assert b.apart[q((5, 5)) * len(b.ground) + q((5, 5))] == 0
    assert b.sheltered[q((2, 4))] and b.sheltered[q((4, 6))]  # next to the wall, diagonals too
    assert not b.sheltered[q((3, 5))] and not b.sheltered[q((5, 5))]  # on it; two away
    assert b.sheltered[q((6, 10))] and b.sheltered[q((7, 11))]  # in the trench, next to it
    assert not b.sheltered[q((8, 10))]


# ---- mission squads (the set-up's "a mission may give fewer"; Q35, the squad caps) ---------
def missions(tmp_path, **squads: str) -> Library:
    """The game's data with a mission squad (YAML flow text) on the named battlefields."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data, dirs_exist_ok=True)
    boards = data / "boards.yaml"
    text = boards.read_text()
    for key, squad in squads.items():
        title = f"  {key.replace('_', '-')}:\n    title: "
        assert title in text, key
        head, _, rest = text.partition(title)
        line, _, tail = rest.partition("\n")
        text = f"{head}{title}{line}\n    squad: {squad}\n{tail}"
    boards.write_text(text)
    return load(data)


@pytest.mark.parametrize(
    ("squad", "where", "reason"),
    [
        ("{light: 11}", "battlefields.crossroads.squad.light", "11 is over the cap of 10"),
        ("{heavy: 3}", "battlefields.crossroads.squad.heavy", "3 is over the cap of 2"),
        ("{panzer: 1}", "battlefields.crossroads.squad.panzer", "no unit type 'panzer'"),
        ("{light: -1}", "battlefields.crossroads.squad.light", "greater than or equal to 0"),
        (
            "{light: 0, assault: 0, heavy: 0, artillery: 0}",
            "battlefields.crossroads.squad",
            "at least one unit",
        ),
        (
            "{light: 10, heavy: 2, artillery: 2}",  # 17 units: three squads take 51 squares
            "battlefields.crossroads.start_zones.",
            "cannot hold 3 squads of 17 units",
        ),
    ],
)
def test_q35_a_mission_squad_out_of_bounds_is_refused_with_file_field_and_reason(
    tmp_path, squad, where, reason
):
    with pytest.raises(ContentError) as info:
        missions(tmp_path, crossroads=squad)
    assert any("boards.yaml" in p and where in p and reason in p for p in info.value.problems), (
        info.value.problems
    )


FEWER = "{light: 3, assault: 1, heavy: 0, artillery: 0}"  # fewer than the standard squad, no gun
MORE = "{light: 9, heavy: 2, assault: 1}"  # more light and heavy infantry, up to the caps


def test_q35_a_mission_fields_fewer_or_more_than_the_standard_squad(tmp_path):
    lib = missions(tmp_path, crossroads=MORE, hedgerow=FEWER)
    game = DiaDeHonor(lib)
    more = game.new_game("crossroads", seed=1, options={"players": "2v1"})
    fewer = game.new_game("hedgerow", seed=1, options={"players": "2v1"})
    plain = game.new_game("front-line", seed=1, options={"players": "2v1"})
    for st, squad in (
        (more, {"light": 9, "assault": 1, "heavy": 2, "artillery": 1}),
        (fewer, {"light": 3, "assault": 1}),
        (plain, {"light": 6, "assault": 3, "heavy": 1, "artillery": 1}),
    ):
        for seat in range(len(st.players)):
            fielded = Counter(u.type for u in st.units if u.seat == seat)
            assert fielded == squad, (st.battle.id, seat)


@pytest.mark.parametrize(("key", "lineup"), [("crossroads", "3v3"), ("hedgerow", "2v1")])
def test_q35_battles_with_mission_squads_deploy_play_and_stay_in_the_action_space(
    tmp_path, key, lineup
):
    """Every unit of a mission squad deploys (three squads fit a start zone), every action
    offered is in the action space, every view reads as numbers of the observer's size."""
    game = DiaDeHonor(missions(tmp_path, crossroads=MORE, hedgerow=FEWER))
    space = set(game.action_space(key, {"players": lineup}))
    observer = game.observer(key, {"players": lineup})
    rng = random.Random(7)
    st = game.new_game(key, seed=7, options={"players": lineup})
    while not st.is_over and st.round <= 3:
        p = st.current_players[0]
        legal = st.legal_actions(p)
        assert legal and set(legal) <= space, (p, set(legal) - space)
        if st.phase == "activate":
            assert len(observer.encode(st.view(p))) == observer.size
        st.apply(p, rng.choice(legal))
    assert all(st.status[u.index] != "reserve" for u in st.units)  # every one deployed


# ---- the rank table (DH-48) in English ---------------------------------------------------
# an English reader's ladder: the rank's noun (its last word) ...
HEADS = ("private", "corporal", "sergeant", "lieutenant", "commander", "captain", "colonel")
HEADS += ("admiral", "veteran")
# ... and the words that grade one noun, lowest first ("lieutenant commander" is a grade of
# commander below the bare one; "first" reads above the bare rank)
GRADES = ("second", "lieutenant", "junior", "", "first", "senior", "chief", "war")


def reading(title: str) -> tuple[int, int]:
    """Where an English reader puts a rank title: its noun's place, its grade's place."""
    *grade, noun = title.lower().split()
    return HEADS.index(noun), GRADES.index(" ".join(grade))


def test_dh48_the_rank_titles_rise_in_english_as_the_missions_do():
    """Each rank reads as a promotion on the one before: "Lieutenant" after "First
    lieutenant", or a sergeant after an officer, read as demotions."""
    titles = [r.title for r in load().ranks]
    assert len(set(titles)) == len(titles)
    places = [reading(t) for t in titles]
    assert places == sorted(places), list(zip(titles, places, strict=True))
    assert titles[1] == "Second lieutenant"  # the first promotion reads as it always did


def test_dh48_a_rank_is_the_last_listed_that_the_missions_reach_for_any_number():
    """The rank of each number of missions is read from a table: the last listed rank
    whose missions it reaches, beyond the highest rank's as at it; below none, an error."""
    lib = load()
    for missions in range(3 * max(r.missions for r in lib.ranks) + 2):
        plain = [r for r in lib.ranks if r.missions <= missions][-1]
        assert lib.rank(missions) is plain
    with pytest.raises(IndexError, match="no rank"):
        lib.rank(-1)


# ---- the battlefield's memory of moves ---------------------------------------------------
def test_the_memory_of_moves_keeps_the_most_recently_used_and_never_more_than_its_limit():
    memo = Memo(3)
    for k in range(5):
        memo.put((k,), k)
    assert len(memo) == 3 and memo.get((0,)) is None and memo.get((4,)) == 4
    assert memo.get((2,)) == 2  # used again: now the last to go
    memo.put((5,), 5)
    assert memo.get((3,)) is None and memo.get((2,)) == 2 and len(memo) == 3
    with pytest.raises(ValueError, match="at least one"):
        Memo(0)


def test_a_battlefield_s_memory_of_moves_stays_bounded_over_battles_and_changes_no_play():
    """Every battle on a battlefield shares its memory of moves for the life of the process
    (a study's worker plays hundreds): it once kept up to 100,000 answers a battlefield,
    some 200 MB. Battles played with a memory of 64 never hold more, and play the same."""
    small, plain = DiaDeHonor(), DiaDeHonor()
    memo = Memo(64)
    object.__setattr__(small.battle("crossroads"), "moves", memo)
    assert plain.battle("crossroads").moves.limit == MOVES_KEPT <= 4_096
    for seed in range(2):
        one = small.new_game("crossroads", seed=seed, options={"players": "2v2"})
        two = plain.new_game("crossroads", seed=seed, options={"players": "2v2"})
        rng = random.Random(seed)
        while not one.is_over:
            p = one.current_players[0]
            action = rng.choice(one.legal_actions(p))
            assert two.legal_actions(p) == one.legal_actions(p)
            one.apply(p, action)
            two.apply(p, action)
            assert len(memo) <= 64
        assert one.full_state() == two.full_state()
    assert len(memo) == 64  # it filled, and forgot the oldest


@pytest.mark.parametrize("field", ["crossroads", "front-line"])
def test_dh29_lines_of_sight_kept_in_the_table_are_the_lines_drawn_afresh(field):
    """The table of sight (sight.py) answers every pair of squares, asked in a random
    order and in both directions, as a line drawn between the centres that crosses no
    square whose ground blocks sight (woods, buildings, walls)."""
    b = battle(load(DATA).boards, field)  # a fresh battlefield: an empty table
    n = len(b.ground)
    pairs = [(a, c) for a in range(n) for c in range(n)]
    random.Random(field).shuffle(pairs)
    for a, c in pairs[:6000]:
        path = line(b.grid.squares[min(a, c)], b.grid.squares[max(a, c)])[1:-1]
        plain = not any(GROUND[b.ground[b.grid.index(sq)]][2] for sq in path)
        assert b.sees(a, c) == plain == b.sees(c, a), (b.labels[a], b.labels[c])
    others = random.Random(1).sample(range(n), 40)
    assert b.visible(7, others) == [b.sees(7, c) for c in others]
