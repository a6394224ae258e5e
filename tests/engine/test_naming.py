"""Players' names at a table a reader sets up (issue 20.6): the engine, not the page,
refuses a name that is too long or too like another, with a coded refusal and its
sentence in both languages; a replayed scenario keeps CONFORMANCE.md's exact names."""

from __future__ import annotations

import json

import pytest

from lansquenet import Refusal, Session, refusal_text, replay
from lansquenet.languages import LANGUAGES
from lansquenet.naming import NAME_MAX, check, likeness
from lansquenet.web import handle


@pytest.mark.parametrize(
    ("names", "n", "m"),
    [
        (["Anne", "anne"], 2, 1),  # case
        (["Chloé", "Bruno", "chloe "], 3, 1),  # accents, spaces
        (["Jean  Paul", "Bruno", "jean paul"], 3, 1),  # inner spaces
    ],
)
def test_look_alike_names_are_refused(names: list[str], n: int, m: int) -> None:
    with pytest.raises(Refusal) as refused:
        check(names)
    assert refused.value.code == "names_alike"
    assert refused.value.params == {"player": names[n - 1], "other": names[m - 1], "n": n, "m": m}


def test_a_name_longer_than_the_cap_is_refused() -> None:
    check(["A" * NAME_MAX, "B"])  # at the cap: taken
    with pytest.raises(Refusal) as refused:
        check(["Anne", "B" * (NAME_MAX + 1)])
    assert refused.value.code == "name_too_long" and refused.value.params["n"] == 2
    assert refused.value.params["max"] == NAME_MAX == 20


def test_likeness_ignores_case_accents_and_spaces_only() -> None:
    assert likeness(" Éloïse  MARTIN ") == likeness("eloise martin")
    assert likeness("Anne") != likeness("Anna")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_refusal_has_its_sentence(lang: str) -> None:
    alike = refusal_text(Refusal("names_alike", player="anne", other="Anne", n=2, m=1), lang)
    long = refusal_text(Refusal("name_too_long", player="B" * 20 + "…", n=2, max=20), lang)
    assert "anne" in alike and "Anne" in alike and "2" in alike
    assert "20" in long and "{" not in alike + long


def test_a_replayed_scenario_keeps_exact_names() -> None:
    # R-S1, CONFORMANCE.md: "A" and "A " are two players; a long name is a name.
    spec = {"players": ["A", "A ", "C" * 40], "first_banker": "A", "actions": []}
    assert replay(spec)["to_act"]["player"] == "A"
    assert Session(spec).table.players == ("A", "A ", "C" * 40)


def test_the_worker_checks_names_only_for_a_table_set_up_by_a_reader() -> None:
    table = {"players": ["Anne", "anne "], "first_banker": "Anne", "actions": []}
    refused = json.loads(
        handle(json.dumps({"op": "open", "scenario": table, "check_names": True, "lang": "fr"}))
    )
    assert refused["error"]["code"] == "names_alike" and refused["error"]["params"]["n"] == 2
    assert refused["error"]["message"].startswith("Joueur 2\u00a0: «\u00a0anne \u00a0»")
    opened = json.loads(handle(json.dumps({"op": "open", "scenario": table, "lang": "en"})))
    assert "error" not in opened and opened["count"] == 1  # a permalink replays as the rules say


def test_names_that_are_not_text_are_left_to_the_rules() -> None:
    check([7, "Anne"])  # not refused here: the rules say invalid_players (R-S1)
    with pytest.raises(Refusal, match="invalid_players"):
        Session({"players": [7, "Anne"], "first_banker": "Anne", "actions": []})
