"""Lessons (issue 48): every game's lessons played to their end through the terminal's own
session, by the expected choices and by a wrong one at each step first (explained, nothing
played, then the right one), in English, Spanish and German; and a malformed lesson refused
with its file, field and reason."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

import wartable
from wartable.cli.main import app
from wartable.cli.session import Session
from wartable.content.loader import validate
from wartable.core.errors import ContentError
from wartable.i18n import Voice
from wartable.lessons import Lesson, Teacher, lessons_of, opponents, start

LESSONS = [(name, lesson) for name in wartable.game_names() for lesson in
           lessons_of(wartable.get_game(name))]  # fmt: skip


def play_lesson(name: str, lesson: Lesson, language: str = "en") -> tuple[str, Teacher, list]:
    """The lesson through a real Session: at each step a legal move that is not the step's
    first (where there is one), then the step's move; the battle after is left at once."""
    game = wartable.get_game(name)
    state, seats = start(game, lesson)
    teacher = Teacher(lesson)
    out = io.StringIO()
    tried: set[int] = set()
    refused: list[tuple[int, int]] = []  # (step, actions played when the wrong move was sent)
    sent: list[dict] = []  # the state as a wrong move found it

    def ask(prompt: str) -> str:
        step = teacher.step
        if step is None:
            return "quit"
        if not prompt.startswith(f"{lesson.seat}>"):
            return "yes"  # a question (end with cards left?): yes
        st = session.state
        if sent:  # asked again after a wrong move: nothing was played
            assert st.full_state() == sent.pop()
        legal = [str(a) for a in st.legal_actions(lesson.seat)]
        if teacher.at not in tried:
            tried.add(teacher.at)
            other = next((a for a in legal if a not in step.expect), None)
            if other is not None:
                refused.append((teacher.at, st.action_count))
                sent.append(st.full_state())
                return other
        right = [a for a in step.expect if a in legal]
        assert right, f"step {teacher.at}: none of {step.expect} is legal; legal: {legal}"
        return right[0]

    session = Session(
        game, state, seats, Console(file=out, width=100), ask,
        voice=Voice(language, game.name), coach=True, teacher=teacher,
        agents=opponents(game, lesson, state.players),
    )  # fmt: skip
    session.run()
    return out.getvalue(), teacher, refused


@pytest.mark.parametrize("language", ["en", "es", "de"])
@pytest.mark.parametrize(("name", "lesson"), LESSONS, ids=[f"{n}:{x.id}" for n, x in LESSONS])
def test_a_lesson_plays_to_its_end_by_its_moves_and_explains_a_wrong_one_at_each_step(
    name, lesson, language
):
    """In every language: each step's words, its explanation of a wrong move and what it
    says after, all in the language (the catalogs' translation of the lesson's texts)."""
    text, teacher, refused = play_lesson(name, lesson, language)
    said = Voice(language, name)
    flat = " ".join(text.split())
    assert teacher.at == len(lesson.steps)  # every step taken
    assert len(refused) >= len(lesson.steps) // 2  # most steps met a wrong choice first
    for at, _ in refused:
        assert " ".join(said(lesson.steps[at].wrong).split()) in flat
    for step in lesson.steps:
        assert " ".join(said(step.say).split()) in flat
        if step.then:
            assert " ".join(said(step.then).split()) in flat
    assert " ".join(said(lesson.battle).split()) in flat
    assert flat.count(" ".join(said("Try again.").split())) == len(refused)
    if language != "en":  # the lesson is said in the language, not in English
        assert " ".join(lesson.steps[0].say.split()) not in flat


def test_the_same_lesson_is_the_same_every_time():
    name, lesson = LESSONS[0]
    first, second = play_lesson(name, lesson), play_lesson(name, lesson)
    assert first[0] == second[0]  # the same seed, dice and opponent's moves: the same lesson


@pytest.mark.parametrize(
    ("language", "words"),
    [("es", ("Cada ronda empieza con una puja secreta", "Inténtalo de nuevo.")),
     ("de", ("Jede Runde beginnt mit einem geheimen Gebot", "Versuch es noch einmal."))],
)  # fmt: skip
def test_the_lesson_speaks_spanish_and_german(language, words):
    lesson = lessons_of(wartable.get_game("undaunted"))[0]
    text, teacher, _ = play_lesson("undaunted", lesson, language)
    flat = " ".join(text.split())
    assert teacher.at == len(lesson.steps)
    for w in words:
        assert w in flat


def test_a_malformed_lesson_is_refused_with_its_file_field_and_reason(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "provenance: house\nid: x\ntitle: X\nscenario: la-raye\nseat: us\nseed: 1\nintro: I\n"
        "battle: B\nsteps:\n  - {say: S, wrong: W}\n"
    )
    with pytest.raises(ContentError) as caught:
        validate(path, Lesson)
    assert f"{path}: steps[0].expect: Field required" in str(caught.value)


runner = CliRunner()


def test_learn_in_the_terminal_and_its_bad_arguments():
    result = runner.invoke(app, ["learn", "undaunted", "--lang", "es"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Aprende a jugar Undaunted" in result.output
    assert "Cada ronda empieza con una puja secreta" in " ".join(result.output.split())
    bad = runner.invoke(app, ["learn", "undaunted", "--lesson", "nope"])
    assert bad.exit_code == 2 and "--lesson: no lesson 'nope'; choose one of: first-battle" in (
        " ".join(bad.output.split())
    )
    none = runner.invoke(app, ["learn", "duel"])
    assert none.exit_code == 2 and "duel has no lesson yet" in none.output


def test_resigning_is_never_a_wrong_move_and_only_the_lesson_seat_is_led():
    from wartable.core.action import RESIGN

    lesson = lessons_of(wartable.get_game("undaunted"))[0]
    teacher = Teacher(lesson)
    assert teacher.check(lesson.seat, RESIGN) is None
    other = next(p for p in ("us", "germany") if p != lesson.seat)
    assert teacher.prompt(other) is None and teacher.prompt(lesson.seat) == lesson.steps[0].say
    assert teacher.prompt(lesson.seat) is None  # said once a step
