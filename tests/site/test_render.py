"""Build-time rendering of ```lansquenet fences: the numbers on the page come from the engine."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from configured import LANGUAGES

import lansquenet
from lansquenet_site import render
from lansquenet_site.words import Words

ROOT = Path(__file__).resolve().parents[2]
WORDS = Words(ROOT / "locales")


def steps_of(html: str) -> list[str]:
    """The visible text of each step, tags stripped."""
    items = re.findall(r'<li class="lq-step" data-step="\d+"[^>]*>(.*?)</li>', html, re.DOTALL)
    return [unescape(re.sub(r"<[^>]+>", " ", item)) for item in items]


def balances_of(step_html: str) -> dict[str, str]:
    table = step_html[step_html.index('<table class="lq-balances"') :]
    return dict(re.findall(r'<th scope="row">([^<]+)</th><td>([^<]+)</td>', table))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_worked_example_shows_cards_and_settlement(lang: str) -> None:
    # Section 06: 7♠, Q♥, 2♣, Q♦ (D♥, D♦ in French); B +5, C +7, the banker −12.
    html = render.scenario_html("worked-example", lang, WORDS)
    text = " ".join(steps_of(html))
    queens = {"fr": ("D♥", "D♦"), "en": ("Q♥", "Q♦")}
    for card in ("7♠", "2♣", *queens[lang]):
        assert card in text
    other = queens["en" if lang == "fr" else "fr"]
    assert not any(card in text for card in other)
    last = re.findall(r'<li class="lq-step".*?</li>', html, re.DOTALL)[-1]
    assert balances_of(last) == {"A": "88", "B": "105", "C": "107"}
    assert 'data-steps="' in html and html.count('class="lq-step"') == len(
        lansquenet.trace(lansquenet.load("worked-example"))
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bank_wins_ending_stands_at_24(lang: str) -> None:
    # Section 06: had 7♦ come first, the bank collects 12 and stands at 24.
    html = render.scenario_html("worked-example-bank-wins", lang, WORDS)
    last = re.findall(r'<li class="lq-step".*?</li>', html, re.DOTALL)[-1]
    assert "7♦" in unescape(last)
    bank_word = WORDS(lang, "steps.bank")
    assert balances_of(last) == {"A": "88", "B": "95", "C": "93", bank_word: "24"}
    assert "24" in steps_of(html)[-1].split(bank_word)[0]  # the narration names the new bank


def test_changing_the_scenario_changes_the_page() -> None:
    # The page's numbers are the engine's: B and C cover 6 each, so each ends at 106.
    data = lansquenet.load("worked-example")
    data["actions"][1]["amount"] = 6
    data["actions"][2]["amount"] = 6
    html = render.scenario_html(json.dumps(data), "en", WORDS)
    last = re.findall(r'<li class="lq-step".*?</li>', html, re.DOTALL)[-1]
    assert balances_of(last) == {"A": "88 (+0)", "B": "106", "C": "106"} or balances_of(last) == {
        "A": "88",
        "B": "106",
        "C": "106",
    }


def test_each_step_has_a_diagram_with_a_text_equivalent() -> None:
    html = render.scenario_html("worked-example", "fr", WORDS)
    figures = re.findall(r"<svg[^>]*>.*?</svg>", html, re.DOTALL)
    assert len(figures) == html.count('class="lq-step"')
    for svg in figures:
        assert 'role="img"' in svg and "<title>" in svg and "<desc>" in svg
    assert "(banquier)" in unescape(figures[0])


def test_names_are_escaped() -> None:
    data = lansquenet.load("worked-example")
    evil = "<img src=x onerror=alert(1)>"
    data["players"][1] = evil
    for action in data["actions"]:
        if action["by"] == "B":
            action["by"] = evil
    html = render.scenario_html(json.dumps(data), "en", WORDS)
    assert "<img" not in html and "&lt;img src=x" in html


def test_a_refused_action_is_shown_with_its_sentence() -> None:
    data = lansquenet.load("worked-example")
    data["actions"][1]["amount"] = 50  # more than the uncovered 12
    html = render.scenario_html(json.dumps(data), "fr", WORDS)
    assert 'class="lq-refusal"' in html and "dépasse la partie non couverte" in unescape(html)


def test_a_fence_that_is_no_scenario_stops_the_build() -> None:
    with pytest.raises(render.ScenarioError):
        render.render_fences("```lansquenet\n{not json\n```\n", "en", WORDS)


def test_fences_are_replaced_in_markdown() -> None:
    out = render.render_fences("Intro\n\n```lansquenet\nworked-example\n```\n\nEnd\n", "en", WORDS)
    assert "```" not in out and 'class="lansquenet-scenario"' in out and out.startswith("Intro")
