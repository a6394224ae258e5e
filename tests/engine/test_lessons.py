"""Guided lessons (lansquenet.lessons): data the engine proves, words in both languages."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from dataclasses import replace

import pytest

from lansquenet.__main__ import main
from lansquenet.languages import LANGUAGES
from lansquenet.lessons import LessonError, check, expected_path, figures, get, lessons, run, words
from lansquenet.narration import catalogue


def test_a_lesson_for_each_rule_page_and_a_whole_deal_against_computer_players() -> None:
    rules = {lesson.rule for lesson in lessons()}
    assert {
        "rules/preparing",
        "rules/covering",
        "rules/which-value",
        "rules/keeping-the-bank",
        "rules/settlement",
    } <= rules
    assert len(lessons()) >= 7
    assert any(lesson.computer for lesson in lessons())
    assert len({lesson.id for lesson in lessons()}) == len(lessons())


@pytest.mark.parametrize("lesson", lessons(), ids=lambda lesson: lesson.id)
def test_every_lesson_is_proved_by_the_engine(lesson) -> None:
    check(lesson)  # expected path legal, other choices turned down, outcome reached
    for lang in LANGUAGES:
        done = run(lesson, expected_path(lesson), lang)
        assert done["done"] and done["summary"] == words(lesson, "summary", lang)
        assert "{" not in done["summary"]


def test_the_command_line_checks_every_lesson() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["lessons", "--check"]) == 0
    assert out.getvalue().strip() == f"{len(lessons())} lessons checked"


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        ("fr", "Une banque de 30 dépasse les 20 jetons du banquier."),
        ("en", "A bank of 30 exceeds the banker's balance of 20."),
    ],
)
def test_a_refused_move_is_explained_by_the_engine_in_the_readers_language(lang: str, refusal: str) -> None:
    # R-P5: a bank may not exceed the banker's counters.
    answer = run(get("announce"), [0], lang)
    assert answer["accepted"] is False and answer["refusal"] == "bank_exceeds_balance"
    assert answer["message"] == catalogue(lang)["refusal.bank_exceeds_balance"].format(amount=30, balance=20)
    assert answer["question"]["choices"][0] in ("Annoncer une banque de 30", "Announce a bank of 30")
    assert answer["answered"] == 0 and answer["steps"] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_legal_move_that_is_not_the_one_asked_gets_the_lessons_hint(lang: str) -> None:
    answer = run(get("cover"), [1], lang)  # passing is legal (R-C2), but leaves 7 uncovered
    assert answer["accepted"] is False and answer["refusal"] is None
    assert answer["message"] == catalogue(lang)["lesson.cover.hint.1"].format(player="Chloé")


def test_a_prediction_is_checked_against_the_engines_deal() -> None:
    # R-D3: 8♠ for the bank, 3♥ for the players, then K♣ and 3♦: the players win.
    assert run(get("first-value"), [0], "en")["accepted"] is False
    right = run(get("first-value"), [1], "en")
    assert right["accepted"] and [s["event"]["code"] for s in right["steps"]][-2] == "players_win"
    assert "8♠, 3♥, K♣, 3♦" in run(get("first-value"), [], "en")["question"]["ask"]
    assert "8♠, 3♥, R♣, 3♦" in run(get("first-value"), [], "fr")["question"]["ask"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_why_hold_the_bank_predicts_plays_and_reads_the_exact_odds(lang: str) -> None:
    # issue 22: the learner predicts which side a deal favours, plays, and reads the
    # exact figures the engine computes (R-D2: an opening pair is the bank's; R-D3).
    lesson = get("why-bank")
    assert (figures()["bank_times"], figures()["players_times"], figures()["of"]) == (9, 8, 17)
    assert figures()["edge"] == "1/17" and figures()["hold3"] == "729/4913"
    for wrong in (0, 1):  # the players, or as often: turned down with the hint
        answer = run(lesson, [wrong], lang)
        assert answer["accepted"] is False and answer["message"] == words(lesson, "hint.1", lang)
    predicted = run(lesson, [2], lang)
    assert predicted["accepted"] and predicted["steps"][-1]["event"]["code"] == "bank_wins"  # R-T1
    ask = predicted["question"]["ask"]
    assert all(str(n) in ask for n in (9, 8, 17))
    assert predicted["question"]["player"] == "Anne"
    offered = {m["do"]: m for m in predicted["state"]["to_act"]["moves"]}  # the view's odds, as at the table
    assert offered["keep"]["odds"]["hold"][2] == figures()["hold3"] and offered["leave"]["odds"] is None
    left = run(lesson, [2, 0], lang)  # leaving is legal (R-B3) but gives up the edge
    assert left["accepted"] is False and left["refusal"] is None and "1/17" in left["message"]
    done = run(lesson, [2, 1], lang)
    assert done["done"] and "1/17" in done["summary"] and "729/4913" in done["summary"]


def test_withdrawing_is_only_offered_after_an_opening_pair() -> None:
    # R-B3: after a plain win, withdraw is refused by the engine; after an opening pair, it is the answer.
    assert run(get("keep-sell"), [1], "en")["refusal"] == "illegal_action"
    assert run(get("opening-pair"), [0, 1], "en")["done"]


def test_computer_players_say_why_they_move() -> None:
    opening = run(get("whole-deal"), [], "en")["steps"]
    said = [s["text"] for s in opening if s["event"]["code"] == "computer"]
    assert said and said[0].startswith("Anne announces")


def test_answers_after_a_wrong_one_are_not_replayed() -> None:
    with pytest.raises(LessonError):
        run(get("opening-pair"), [1, 1], "en")
    with pytest.raises(LessonError):
        run(get("cover"), [2, 0], "en")


def test_a_lesson_whose_data_is_wrong_fails_its_check() -> None:
    cover = get("cover")
    wrong_answer = replace(cover, steps=({**cover.steps[0], "expect": 0},))  # a refused stake
    with pytest.raises(LessonError, match="judged wrongly"):
        check(wrong_answer)
    wrong_outcome = replace(cover, outcome={"balances": {"Anne": 100}})
    with pytest.raises(LessonError, match="does not reach"):
        check(wrong_outcome)
