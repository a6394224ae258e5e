"""The catalogues (locales/{en,fr}/lansquenet.po) against the events and refusals the
engine emits: every sentence is there, in both languages, with the same placeholders."""

from __future__ import annotations

import io
import json
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po as babel_read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spec_cases import court_cases

import lansquenet
from lansquenet import CODES, Move, Refusal, apply, event_text, new_table, refusal_text, view
from lansquenet.languages import FALLBACK, LANGUAGES
from lansquenet.narration import catalogue
from lansquenet.narration import read_po as engine_read_po
from lansquenet.refusals import FORM_CODES

REPO = Path(__file__).resolve().parents[2]
LANGS = LANGUAGES  # the catalogues the engine ships (lansquenet.languages)

# Every event the rules emit (DESIGN: events are codes; the words live in locales/).
# card_exposed and session_finished take one sentence per value of a parameter.
EVENTS = {
    "session_started": ["event.session_started"],
    "bank_announced": ["event.bank_announced"],
    "staked": ["event.staked"],
    "passed": ["event.passed"],
    "banco": ["event.banco"],
    "covering_ended": ["event.covering_ended"],
    "pack_cut": ["event.pack_cut"],
    "bank_card": ["event.bank_card"],
    "players_card": ["event.players_card"],
    "opening_pair": ["event.opening_pair", "event.opening_pair.copies"],  # V-P1d: copies of one card
    "card_exposed": [
        "event.card_exposed.none",
        "event.card_exposed.bank",
        "event.card_exposed.players",
        "event.card_exposed.bank.copies",
        "event.card_exposed.players.copies",
    ],
    "bank_wins": ["event.bank_wins", "event.bank_wins.half"],  # V-P3a: half of each stake
    "players_win": ["event.players_win"],
    "bank_returned": ["event.bank_returned"],
    "passed_over": ["event.passed_over"],
    "session_finished": [
        "event.session_finished.deals",
        "event.session_finished.counters",
        "event.session_finished.time",
        "event.session_finished.deals.tie",
        "event.session_finished.counters.tie",
        "event.session_finished.time.tie",
    ],
    "bank_kept": ["event.bank_kept"],
    "winnings_withdrawn": ["event.winnings_withdrawn"],
    "bank_offered": ["event.bank_offered"],
    "bank_declined": ["event.bank_declined"],
    "bank_bought": ["event.bank_bought"],
    "bank_unsold": ["event.bank_unsold"],
    "bank_left": ["event.bank_left"],
    # The court game (COURT.md): one sentence per kind of card and per end of a coup.
    "court_started": ["event.court_started"],
    "court_coup": ["event.court_coup"],
    "court_cut": ["event.court_cut"],
    "court_card": [f"event.court_card.{kind}" for kind in ("straight", "double", "triple", "quadruple")],
    "court_won": ["event.court_won"],
    "court_paid": ["event.court_paid"],
    "court_holder_card": [f"event.court_holder_card.{kind}" for kind in ("plain", "match", "fourth")],
    "court_turned": [f"event.court_turned.{kind}" for kind in ("none", "coupeur", "holder")],
    "court_end": [f"event.court_end.{end}" for end in ("made", "lost", "void", "fourth")],
}
EVENTS["session_finished"] += ["event.session_finished.coups", "event.session_finished.coups.tie"]  # C-17
KEYS = [key for keys in EVENTS.values() for key in keys] + [f"refusal.{code}" for code in CODES + FORM_CODES]


def po_path(lang: str) -> Path:
    return REPO / "locales" / lang / "lansquenet.po"


def babel_entries(lang: str) -> dict[str, tuple[str, bool]]:
    with open(po_path(lang), "rb") as handle:
        catalog = babel_read_po(handle)
    return {str(m.id): (str(m.string), m.fuzzy) for m in catalog if m.id}


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name is not None}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_every_event_and_refusal_has_a_sentence(key, lang):
    entries = babel_entries(lang)
    assert key in entries, f"{key} missing from locales/{lang}/lansquenet.po"
    sentence, fuzzy = entries[key]
    assert sentence.strip(), f"{key} is empty in {lang}"
    assert not fuzzy, f"{key} is fuzzy in {lang}"


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != FALLBACK])
def test_both_languages_have_the_same_entries(lang):
    en, fr = babel_entries(FALLBACK), babel_entries(lang)
    assert sorted(set(en) - set(fr)) == [], f"in {FALLBACK} only"
    assert sorted(set(fr) - set(en)) == [], f"in {lang} only"


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != FALLBACK])
def test_both_languages_use_the_same_placeholders(lang):
    en, fr = babel_entries(FALLBACK), babel_entries(lang)
    mismatched = {
        key: (placeholders(en[key][0]), placeholders(fr[key][0]))
        for key in set(en) & set(fr)
        if placeholders(en[key][0]) != placeholders(fr[key][0])
    }
    assert mismatched == {}


def test_no_event_sentence_is_left_over():
    # An event.* entry that no event uses is a sentence no reader ever sees.
    known = {key for keys in EVENTS.values() for key in keys}
    for lang in LANGS:
        stale = {k for k in babel_entries(lang) if k.startswith("event.")} - known
        assert stale == set(), lang


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_po_reader_agrees_with_babel(lang):
    with open(po_path(lang), encoding="utf-8") as handle:
        assert engine_read_po(handle.read()) == babel_entries(lang)


PO_SAMPLE = """\
# A translator's comment
msgid ""
msgstr ""
"Language: fr\\n"

#. extracted comment
#: rules.py:12
#, fuzzy, python-format
msgid "a.fuzzy"
msgstr "x \\"quoted\\" {player}"

msgid ""
"multi "
"line"
msgstr ""
"first\\n"
"second \\\\ back"

msgid "empty"
msgstr ""
msgid "no.blank.line.before"
msgstr "still read"
#, fuzzy
msgid "fuzzy.without.blank"
msgstr "flagged"

#~ msgid "obsolete"
#~ msgstr "gone"
"""


def test_the_engines_po_reader_agrees_with_babel_on_gettext_features():
    # Multi-line strings, escapes, flags, comments, obsolete entries, and entries that
    # follow each other without a blank line (valid PO: msgfmt and babel read them).
    catalog = babel_read_po(io.BytesIO(PO_SAMPLE.encode("utf-8")))
    want = {m.id: (m.string, m.fuzzy) for m in catalog if m.id}
    assert want["no.blank.line.before"] == ("still read", False)
    assert engine_read_po(PO_SAMPLE) == want


# --- every event and refusal the engine emits narrates in both languages ------------

TOUR = [
    # R-P4: time is up while B's stake is on the table.
    {
        "players": ["A", "B"],
        "balance": 10,
        "first_banker": "A",
        "actions": [{"by": "A", "do": "bank", "amount": 4}, {"by": "B", "do": "stake", "amount": 2}],
        "ended": True,
    },
    # R-B1, R-B6: three sales, then the fourth holder leaves; nobody stakes (R-C7).
    {
        "players": ["A", "B", "C", "D"],
        "balance": 100,
        "first_banker": "A",
        "decks": [["7S", "QH", "2C", "7D"]] * 4 + [["KH", "KS"], ["7S", "QH", "QD"]],
        "actions": [
            {"by": "A", "do": "bank", "amount": 10},
            *[{"by": p, "do": "pass"} for p in "BCD"],
            {"by": "A", "do": "leave"},
            {"by": "B", "do": "decline"},
            {"by": "C", "do": "buy"},
            *[{"by": p, "do": "pass"} for p in "DAB"],
            {"by": "C", "do": "leave"},
            {"by": "D", "do": "buy"},
            *[{"by": p, "do": "pass"} for p in "ABC"],
            {"by": "D", "do": "leave"},
            {"by": "A", "do": "buy"},
            *[{"by": p, "do": "pass"} for p in "BCD"],
            {"by": "A", "do": "leave"},
            # B announces (right of the original holder A); an opening pair; withdraw.
            {"by": "B", "do": "bank", "amount": 10},
            {"by": "C", "do": "stake", "amount": 2},
            *[{"by": p, "do": "pass"} for p in "DACDA"],
            {"by": "B", "do": "withdraw"},
            {"by": "C", "do": "banco"},
            {"by": "C", "do": "bank", "amount": 100},  # C, right of the original holder B
        ],
    },
    # R-B7, R-F2: B loses everything and is passed over; then C takes all.
    {
        "players": ["A", "B", "C"],
        "balance": 10,
        "first_banker": "A",
        "decks": [["7S", "QH", "2C", "7D"], ["7S", "QH", "QD"], ["7S", "7H"]],
        "actions": [
            {"by": "A", "do": "bank", "amount": 10},
            {"by": "B", "do": "banco"},
            {"by": "A", "do": "keep"},
            {"by": "C", "do": "stake", "amount": 5},
            {"by": "C", "do": "pass"},
            {"by": "C", "do": "bank", "amount": 15},
            {"by": "A", "do": "banco"},
        ],
    },
    # R-B5, then R-F1: nobody buys; the agreed finish, after a seeded (shuffled and cut) deal.
    {
        "players": ["A", "B", "C"],
        "balance": 5,
        "first_banker": "B",
        "seed": 4,
        "finish_after": 2,
        "decks": [["7S", "QH", "7D"]],
        "actions": [
            {"by": "B", "do": "bank", "amount": 5},
            *[{"by": p, "do": "pass"} for p in "CA"],
            {"by": "B", "do": "leave"},
            *[{"by": p, "do": "decline"} for p in "CA"],
            {"by": "C", "do": "bank", "amount": 5},
            *[{"by": p, "do": "pass"} for p in "AB"],
        ],
    },
]
# The court game (COURT.md): every case of spec/conformance/court that plays (C-6 … C-17).
TOUR += [
    json.loads(case.read_text("utf-8"))
    for case in court_cases()
    if "error" not in json.loads(case.with_name(case.stem + ".expected.json").read_text("utf-8"))
]
TOUR.append(  # C-5: a shuffled pack is cut by the holder's left
    {
        "players": ["A", "B"],
        "first_banker": "A",
        "rules": {"game": "court"},
        "seed": 3,
        "actions": [{"by": "A", "do": "deal"}],
    }
)


def tour_events() -> list[dict]:
    events = []
    for data in TOUR:
        played = lansquenet.session(data, "en")
        assert played["error"] is None, played["error"]
        events += [step["event"] for step in played["steps"]]
    return events


def test_the_tour_emits_every_event():
    # So the list EVENTS is the engine's, not a wish: every code is really emitted, and
    # every variant sentence is used.
    events = tour_events()
    assert {e["code"] for e in events} == set(EVENTS)
    variants = {(e["code"], e["params"].get("decides", e["params"].get("reason"))) for e in events}
    assert {("card_exposed", None), ("card_exposed", "bank"), ("card_exposed", "players")} <= variants
    assert {("session_finished", r) for r in ("deals", "counters", "time")} <= variants


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_the_tour_narrates(lang):
    for event in tour_events():
        sentence = event_text(event, lang)
        assert sentence and "{" not in sentence, (event, sentence)


def test_narration_shows_cards_with_their_suit_symbols():
    event = {"code": "card_exposed", "params": {"card": "10D", "decides": "players"}}
    assert event_text(event, "en") == "10♦ matches the players' card: the players win."
    assert event_text(event, "fr").startswith("10♦ ")


@pytest.mark.parametrize(
    ("code", "fr", "en"), [("KS", "R♠", "K♠"), ("QD", "D♦", "Q♦"), ("JH", "V♥", "J♥"), ("AC", "A♣", "A♣")]
)
def test_french_sentences_write_roi_dame_valet_as_and_english_ones_king_queen_jack(code, fr, en):
    # One way per language, everywhere: the sentence, the step view and the drawing.
    event = {"code": "card_exposed", "params": {"card": code, "decides": "bank"}}
    assert event_text(event, "fr").startswith(fr + " répète")
    assert event_text(event, "en").startswith(en + " matches")
    assert lansquenet.card_text(code, "fr") == fr and lansquenet.card_text(code, "en") == en


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_names_its_cards_as_its_view_and_drawing_show_them(lang):
    # For every shipped scenario: a card the sentence names is the card beside it in
    # the step view, and the drawing's caption writes it alike (data-card keeps the code).
    from lansquenet.diagram import diagram
    from lansquenet.session import Session

    for name in lansquenet.names():
        session = Session(lansquenet.load(name))
        for step in view.steps(session, 0, None, lang):
            card = step["event"]["params"].get("card")
            if card is None:
                continue
            written = lansquenet.card_text(card, lang)
            assert written in step["text"], (name, step["text"])
            faces = {c["code"]: c for c in step["cards"]}
            assert faces[card]["text"] == written
            drawing = diagram(step["state"], lang)
            assert f'data-card="{card}"' in drawing and f" {written}</title>" in drawing


def test_an_unknown_language_falls_back_to_english():
    assert catalogue("de") == catalogue("en")


REFUSED: dict[str, dict[str, Any]] = {
    "invalid_players": {"players": ["A"], "balance": 10, "first_banker": "A", "actions": []},
    "invalid_balance": {"players": ["A", "B"], "balance": 0, "first_banker": "A", "actions": []},
    "unknown_player": {"players": ["A", "B"], "balance": 10, "first_banker": "Z", "actions": []},
    "invalid_card": {
        "players": ["A", "B"],
        "balance": 10,
        "first_banker": "A",
        "decks": [["7Z"]],
        "actions": [],
    },
    # V-R6: the two codes of VARIANTS.md, before the players are looked at
    "invalid_rules": {"players": ["A"], "first_banker": "A", "rules": {"packs": 7}, "actions": []},
    "unknown_variant": {"players": ["A", "B"], "first_banker": "A", "rules": {"variant": "x"}, "actions": []},
}


def scenario_with(actions: list[dict], **extra) -> dict:
    return {"players": ["A", "B", "C"], "balance": 10, "first_banker": "A", "actions": actions, **extra}


BANK_10 = {"by": "A", "do": "bank", "amount": 10}
REFUSED |= {
    "session_finished": scenario_with(
        [BANK_10, {"by": "B", "do": "pass"}, {"by": "C", "do": "pass"}, {"by": "A", "do": "keep"}],
        finish_after=1,
    ),
    "not_your_turn": scenario_with([{"by": "B", "do": "bank", "amount": 1}]),
    "illegal_action": scenario_with([{"by": "A", "do": "keep"}]),
    "invalid_amount": scenario_with([{"by": "A", "do": "bank", "amount": "ten"}]),
    "bank_exceeds_balance": scenario_with([{"by": "A", "do": "bank", "amount": 11}]),
    "stake_exceeds_uncovered": scenario_with(
        [{"by": "A", "do": "bank", "amount": 4}, {"by": "B", "do": "stake", "amount": 5}]
    ),
    "stake_exceeds_balance": scenario_with(
        [BANK_10, {"by": "B", "do": "stake", "amount": 6}, {"by": "C", "do": "stake", "amount": 4}]
        + [{"by": "A", "do": "keep"}, {"by": "B", "do": "stake", "amount": 5}],
        decks=[["7S", "QH", "7D"]],
    ),
    "banco_unaffordable": scenario_with(
        [BANK_10, {"by": "B", "do": "stake", "amount": 6}, {"by": "C", "do": "stake", "amount": 4}]
        + [{"by": "A", "do": "keep"}, {"by": "B", "do": "banco"}],
        decks=[["7S", "QH", "7D"]],
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_every_refusal_narrates_with_its_parameters(code, lang):
    # The play page shows the refusal in the reader's language (scenario.session).
    out = lansquenet.session(REFUSED[code], lang)
    assert out["error"]["code"] == code
    message = out["error"]["message"]
    assert message == refusal_text(lansquenet.Refusal(code, **out["error"]["params"]), lang)
    assert message.strip() and "{" not in message
    for other in LANGS:
        if other != lang:
            assert message != lansquenet.session(REFUSED[code], other)["error"]["message"]


@pytest.mark.slow  # hundreds of random sessions
def test_every_event_and_refusal_of_random_sessions_narrates(random_session):
    # Every event met in random sessions (names of any characters, cards in any spelling)
    # has its sentence in both languages, and the sentence shows every parameter it names.
    seen: set[str] = set()

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def narrate_a_session(data):
        played = random_session(data, max_moves=40)
        for event, _ in played.steps:
            seen.add(event.code)
            for lang in LANGS:
                sentence = event_text(event.json(), lang)
                for name in placeholders(catalogue(lang)[key_of(event.json())]):
                    assert shown(name, event.params[name], lang) in sentence, (event, lang, sentence)
        for refused in played.refusals:
            with pytest.raises(lansquenet.Refusal) as caught:
                lansquenet.apply(refused.table, refused.move)
            for lang in LANGS:
                sentence = refusal_text(caught.value, lang)
                for name in placeholders(catalogue(lang)[f"refusal.{refused.got}"]):
                    value = caught.value.params[name]
                    if name == "action":  # a move is named by its label (or quoted, if unknown)
                        value = catalogue(lang).get(f"move.{value}", value)
                    assert shown(name, value, lang) in sentence, (refused, lang, sentence)

    narrate_a_session()
    # The sessions are no trivial sample: the common events all came up.
    assert {"bank_announced", "staked", "passed", "covering_ended", "bank_card", "players_card"} <= seen
    assert seen <= set(EVENTS)


def key_of(event: dict) -> str:
    """The catalogue key of an event: card_exposed and session_finished have variants."""
    variant = {"card_exposed": "decides", "session_finished": "reason"}.get(event["code"])
    if variant is None:
        return f"event.{event['code']}"
    return f"event.{event['code']}.{event['params'][variant] or 'none'}"


def shown(name: str, value: object, lang: str) -> str:
    """How a parameter reads in a sentence: cards with their suit symbol (7♠, D♦ in French)."""
    if name == "card":
        try:
            return lansquenet.card_text(str(value), lang)
        except lansquenet.Refusal:
            return str(value)
    return str(value)


# --- words a reader noticed (issue 12) ------------------------------------------------


@pytest.mark.parametrize(
    "n,fr,en",
    [(0, "0 jeton", "0 counters"), (1, "1 jeton", "1 counter"), (2, "2 jetons", "2 counters")],
)
def test_counts_take_their_plural_form(n, fr, en):
    from lansquenet.narration import count

    assert count(n, "counters", "fr") == fr
    assert count(n, "counters", "en") == en
    event = {"code": "covering_ended", "params": {"covered": n, "uncovered": n}}
    assert fr in event_text(event, "fr") and en in event_text(event, "en")


def test_banco_names_the_returned_stakes_in_counters():
    event = {"code": "banco", "params": {"player": "D", "amount": 20, "returned": 11}}
    assert "(11 jetons) reviennent à leurs propriétaires" in event_text(event, "fr")
    assert "The earlier stakes (11 counters) go back" in event_text(event, "en")


def test_a_refused_move_is_named_by_its_label_not_its_code():
    # R-B3: withdrawing is only legal after an opening pair
    refusal = Refusal("illegal_action", player="A", action="withdraw")
    assert refusal_text(refusal, "fr") == "A ne peut pas retirer le gain maintenant."
    assert refusal_text(refusal, "en") == "A cannot withdraw the winnings now."
    unknown = refusal_text(Refusal("illegal_action", player="A", action="fly"), "en")
    assert unknown == "A cannot play “fly” now."


def test_a_tie_at_the_finish_shares_the_place():
    # R-F1: equal balances share a place; the sentence names every leader
    table = new_table(["A", "B", "C"], 10, "A", finish_after=1, decks=[["7S", "7H"]])
    table, _ = apply(table, Move("A", "bank", 1))
    events = []
    for name in ("B", "C"):  # nobody stakes: the deal is played, no counter moves (R-C7)
        table, new = apply(table, Move(name, "pass"))
        events += new
    finished = [e for e in events if e.code == "session_finished"][-1]
    assert finished.params["leaders"] == ["A", "B", "C"]
    sentence = event_text({"code": finished.code, "params": finished.params}, "en")
    assert sentence.endswith("Sharing first place with 10: A, B, C.")
    alone = {"reason": "deals", "player": "A", "balance": 12, "leaders": ["A"]}
    assert event_text({"code": "session_finished", "params": alone}, "en").endswith("A leads with 12.")


@pytest.mark.parametrize("lang", LANGS)
def test_each_counted_word_has_one_entry_per_plural_form_of_its_catalogue(lang):
    # The plural rule is the catalogue's Plural-Forms header (gettext's), not the code's:
    # each counted unit has exactly as many entries as the header's nplurals.
    from lansquenet.narration import plural, read_header

    header = read_header(po_path(lang).read_text("utf-8"))
    assert plural(lang).expression in header["Plural-Forms"]
    forms: dict[str, set[str]] = {}
    for key in babel_entries(lang):
        if key.startswith("count."):
            _, unit, form = key.split(".")
            forms.setdefault(unit, set()).add(form)
    assert forms and all(found == {str(k) for k in range(plural(lang).forms)} for found in forms.values()), (
        forms
    )
