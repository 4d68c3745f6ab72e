"""Studies that stream: the same games whatever the backend or the number of workers,
rows written in order as games finish, and a study that goes on where it was stopped."""

from __future__ import annotations

import csv
import json

import pytest

from wartable.core.errors import ArgumentError, RecordError
from wartable.core.registry import get_game
from wartable.sim import backends
from wartable.sim.runner import GameResult, plan, run_batch
from wartable.sim.study import (
    MARKS_FILE,
    ROWS_FILE,
    SPEC_FILE,
    StudySpec,
    StudyWriter,
    drop_torn_row,
    load_spec,
    read_results,
)
from wartable.sim.tally import Tally

LA_RAYE = ("undaunted", "la-raye", ["random", "random"])


def games(p, indices, workers=1, backend="local", address=None):
    return [r for chunk in backends.play(p.job, indices, workers, backend, address) for r in chunk]


def spec_of(p, n):
    return StudySpec(
        p.job.game, p.job.scenario, p.agents, p.job.seed, n, p.job.options, p.teams, p.round_name
    )


def test_local_processes_play_the_same_games_in_order_as_one_process():
    p = plan(*LA_RAYE, seed=3)
    one = games(p, range(24))
    two = games(p, range(24), workers=2)
    assert [r.index for r in two] == list(range(24))
    assert two == one
    # a later stretch of a study is the same games as in a study played whole
    assert games(p, range(10, 24), workers=2) == one[10:]


def test_at_most_a_window_of_chunks_is_in_flight_and_results_come_in_order():
    in_flight, most = set(), 0

    def submit(part):
        nonlocal most
        in_flight.add(part.start)
        most = max(most, len(in_flight))
        return part

    def result(part):
        in_flight.discard(part.start)
        return [part.start]

    parts = [range(i, i + 1) for i in range(50)]
    out = [x for chunk in backends.in_order(submit, result, parts, 4) for x in chunk]
    assert out == list(range(50))
    assert most == 4


def test_a_tally_gives_the_summary_of_every_game_kept():
    batch = run_batch(*LA_RAYE, games=12, seed=8, workers=1)
    streamed = Tally(batch.players, batch.teams)
    for chunk in backends.play(plan(*LA_RAYE, seed=8).job, range(12), 2):
        streamed.extend(chunk)
    want = batch.summary()
    got = streamed.summary(
        "undaunted", "la-raye", dict(zip(batch.players, batch.agents, strict=True)), 8, "round",
        batch.seconds,
    )  # fmt: skip
    assert got == want
    assert sum(int(c) for c in want["rounds"]["histogram"].values()) == 12


def test_a_study_written_in_two_sittings_is_the_study_written_in_one(tmp_path):
    p = plan(*LA_RAYE, seed=4)
    whole = StudyWriter(tmp_path / "whole", spec_of(p, 20), resume=False)
    whole.write(games(p, range(20)))
    whole.close("local", 1, 20, 1.0)

    first = StudyWriter(tmp_path / "parts", spec_of(p, 20), resume=False)
    first.write(games(p, range(7)))
    first.close("local", 1, 7, 1.0)
    again = StudyWriter(tmp_path / "parts", spec_of(p, 20), resume=True)
    assert again.done == 7
    again.write(games(p, range(again.done, 20), workers=2))
    again.close("local", 2, 13, 1.0)

    assert (tmp_path / "parts" / ROWS_FILE).read_bytes() == (
        tmp_path / "whole" / ROWS_FILE
    ).read_bytes()
    assert list(read_results(tmp_path / "parts")) == games(p, range(20))
    runs = load_spec(tmp_path / "parts").runs
    assert [r["games"] for r in runs] == [7, 13]


def test_a_row_cut_off_by_a_kill_is_dropped_and_played_again(tmp_path):
    p = plan(*LA_RAYE, seed=4)
    w = StudyWriter(tmp_path, spec_of(p, 6), resume=False)
    w.write(games(p, range(3)))
    w.close("local", 1, 3, 1.0)
    with (tmp_path / ROWS_FILE).open("a") as f:
        f.write("3,1234,germ")  # half a row: the process died while writing
    again = StudyWriter(tmp_path, spec_of(p, 6), resume=True)
    assert again.done == 3
    again.write(games(p, range(3, 6)))
    again.close("local", 1, 3, 1.0)
    assert list(read_results(tmp_path)) == games(p, range(6))


@pytest.mark.parametrize(
    ("data", "kept"),
    [
        (b"a,b\n1,2\n3,4", b"a,b\n1,2\n"),  # a tear shorter than a chunk
        (b"a,b\n" + b"x" * 20, b"a,b\n"),  # a tear over several chunks
        (b"a,b\n1,2\n", b"a,b\n1,2\n"),  # whole: left alone
        (b"a,b", b""),  # not even a header
        (b"", b""),
    ],
)
def test_a_torn_row_is_cut_off_reading_back_from_the_end(tmp_path, data, kept):
    path = tmp_path / ROWS_FILE
    path.write_bytes(data)
    drop_torn_row(path, chunk=3)
    assert path.read_bytes() == kept


def test_the_csv_is_what_the_docs_say(tmp_path):
    # Combat! is solitaire, reports statistics, and only the US seat has a score
    p = plan("combat", "a-meeting-of-patrols", ["random"], seed=2)
    w = StudyWriter(tmp_path, spec_of(p, 3), resume=False)
    played = games(p, range(3))
    w.write(played)
    w.close("local", 1, 3, 1.0)
    with (tmp_path / ROWS_FILE).open(newline="") as f:
        rows = list(csv.DictReader(f))
    header = list(rows[0])
    assert header[:9] == [
        "index", "seed", "winner", "side", "first", "kind", "reason", "rounds", "actions",
    ]  # fmt: skip
    assert "score.us" in header
    assert "stat.enemy_killed" in header and "stat.friendly_killed" in header
    assert [int(r["index"]) for r in rows] == [0, 1, 2]
    for row, r in zip(rows, played, strict=True):
        assert row["winner"] == (r.winner or "")
        assert int(row["seed"]) == r.seed
    assert list(read_results(tmp_path)) == played  # exact round trip, floats included
    spec = json.loads((tmp_path / SPEC_FILE).read_text())
    assert spec["schema"] == 1 and spec["agents"] == {"us": "random"}


def test_marks_say_where_units_fell_and_which_objectives_fell_when(tmp_path):
    p = plan("undaunted", "la-raye", ["heuristic", "heuristic"], seed=1)
    played = games(p, range(4))
    marks = [m for r in played for m in r.marks]
    kinds = {m.what for m in marks}
    assert {"casualty", "objective taken", "initiative"} <= kinds
    places = get_game("undaunted").places("la-raye")
    assert all(m.where in places for m in marks if m.what != "initiative")
    assert all(m.seat in ("us", "germany") for m in marks)
    assert all(1 <= m.round <= r.rounds for r in played for m in r.marks)
    for r in played:  # one holder of the initiative a round; the first is the first player
        held = [m for m in r.marks if m.what == "initiative"]
        assert [m.round for m in held] == list(range(1, len(held) + 1))
        assert r.first == held[0].seat
    w = StudyWriter(tmp_path, spec_of(p, 4), resume=False)
    w.write(played[:2])
    w.close("local", 1, 2, 1.0)
    assert list(read_results(tmp_path)) == played[:2]  # marks read back beside their games
    # a kill between the marks and the games' rows leaves marks of unwritten games: dropped
    with (tmp_path / MARKS_FILE).open("a") as f:
        f.write("2,1,us,casualty,2B\n2,1,us,casu")
    again = StudyWriter(tmp_path, spec_of(p, 4), resume=True)
    again.write(played[2:])
    again.close("local", 1, 2, 1.0)
    assert list(read_results(tmp_path)) == played
    header = (tmp_path / MARKS_FILE).read_text().splitlines()[0]
    assert header == "index,round,seat,what,where"


@pytest.mark.parametrize(
    ("game", "agents"),
    [("undaunted", ["random", "random"]), ("diadehonor", ["random", "random"]),
     ("tactics2gm", ["random", "random"]), ("combat", ["random"])],
)  # fmt: skip
def test_the_first_player_is_who_took_the_first_turn_of_play(game, agents):
    """Not the first to bid in secret (Undaunted) nor to deploy (Día de Honor): the seat
    that acted first once play began, as the game marks it."""
    import wartable
    from wartable.agents.registry import make_agent
    from wartable.core.rng import derive_seed

    p = plan(game, None, agents, seed=5)
    result = games(p, range(1))[0]
    state = wartable.get_game(game).new_game(p.job.scenario, seed=result.seed)
    seats = {
        s: make_agent(wartable.get_game(game), a, derive_seed(5, 0, n + 1))
        for n, (s, a) in enumerate(zip(state.players, p.job.agents, strict=True))
    }
    opener = None
    while opener is None and not state.is_over:
        s = state.current_players[0]
        events = state.apply(s, seats[s].act(state, s))
        turns = [e for e in events if e.kind in ("initiative", "turn")]
        if turns or game == "combat":
            opener = state.current_players[0]
    assert result.first == opener


def test_a_study_goes_on_only_as_it_began(tmp_path):
    p = plan(*LA_RAYE, seed=4)
    w = StudyWriter(tmp_path, spec_of(p, 5), resume=False)
    w.write(games(p, range(5)))
    w.close("local", 1, 5, 1.0)
    with pytest.raises(ArgumentError, match="add --resume"):
        StudyWriter(tmp_path, spec_of(p, 5), resume=False)
    with pytest.raises(ArgumentError, match="seed 4, not 5"):
        StudyWriter(tmp_path, spec_of(plan(*LA_RAYE, seed=5), 5), resume=True)
    other = plan("undaunted", "la-raye", ["heuristic", "random"], seed=4)
    with pytest.raises(ArgumentError, match="agents"):
        StudyWriter(tmp_path, spec_of(other, 5), resume=True)
    with pytest.raises(ArgumentError, match="already has 5 games, more than the 3"):
        StudyWriter(tmp_path, spec_of(p, 3), resume=True)
    with pytest.raises(ArgumentError, match="holds no study"):
        StudyWriter(tmp_path / "empty", spec_of(p, 3), resume=True)
    assert [r.index for r in read_results(tmp_path)] == list(range(5))  # nothing changed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "not a study"),
        ("{", "cannot be read as JSON"),
        ("[]", "a JSON object"),
        ('{"schema": 99}', "schema 99"),
    ],
)
def test_a_bad_study_file_names_the_file_and_the_fault(tmp_path, text, message):
    if text is not None:
        (tmp_path / SPEC_FILE).write_text(text)
    with pytest.raises(RecordError, match=message):
        load_spec(tmp_path)


def test_a_bad_field_or_row_is_named(tmp_path):
    p = plan(*LA_RAYE, seed=4)
    w = StudyWriter(tmp_path, spec_of(p, 2), resume=False)
    w.write(games(p, range(2)))
    w.close("local", 1, 2, 1.0)
    rows = (tmp_path / ROWS_FILE).read_text().splitlines()
    (tmp_path / ROWS_FILE).write_text("\n".join([rows[0], rows[2], rows[1]]) + "\n")
    with pytest.raises(RecordError, match="row 1 is game 1, not game 0"):
        list(read_results(tmp_path))
    (tmp_path / ROWS_FILE).write_text(rows[0] + "\n" + rows[1].replace(",", ",x", 7) + "\n")
    with pytest.raises(RecordError, match=r"games.csv: row 1 cannot be read"):
        list(read_results(tmp_path))
    data = json.loads((tmp_path / SPEC_FILE).read_text())
    data["seed"] = "four"
    (tmp_path / SPEC_FILE).write_text(json.dumps(data))
    with pytest.raises(RecordError, match="field 'seed' is 'four'"):
        load_spec(tmp_path)


def test_a_game_with_statistics_the_first_lacked_is_refused(tmp_path):
    p = plan(*LA_RAYE, seed=4)
    w = StudyWriter(tmp_path, spec_of(p, 2), resume=False)
    w.write(games(p, range(1)))
    odd = GameResult(1, 1, None, "draw", 3, 9, {}, "draw", {"tanks": 1.0})
    with pytest.raises(RecordError, match=r"game 1 reports statistics .*: tanks"):
        w.write([odd])


@pytest.mark.slow  # starts other processes (make slow; CI runs it)
def test_ray_plays_the_same_games_on_a_cluster_of_two_nodes():
    """A local two-node Ray cluster started by the test, joined by its address."""
    pytest.importorskip("ray", reason="the distributed extra is not installed")
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        cluster.add_node(num_cpus=1)
        p = plan("undaunted", "la-raye", ["heuristic", "random"], seed=6)
        on_ray = games(p, range(12), backend="ray", address=cluster.address)
    finally:
        cluster.shutdown()
    assert [r.index for r in on_ray] == list(range(12))
    assert on_ray == games(p, range(12))


def test_an_unknown_backend_or_a_stray_address_is_refused():
    p = plan(*LA_RAYE, seed=1)
    with pytest.raises(ArgumentError, match="unknown backend 'spark'; choose from local, ray"):
        backends.play(p.job, range(2), 1, "spark")
    with pytest.raises(ArgumentError, match="--address is for --backend ray"):
        backends.play(p.job, range(2), 1, "local", "10.0.0.1:6379")
