"""Narration: the sentence for an event or a refusal, in the reader's language.

The sentences live in the gettext catalogues ``locales/<lang>/lansquenet.po``, keyed by
ids (``event.bank_announced``, ``refusal.invalid_card``); no sentence is written here.

>>> event_text({"code": "bank_announced", "params": {"player": "A", "amount": 12}}, "fr")
'A annonce une banque de 12.'
>>> event_text({"code": "bank_card", "params": {"card": "7S"}}, "en")
'The bank card, to the left of the banker: 7♠.'
>>> event_text({"code": "card_exposed", "params": {"card": "QD", "decides": "bank"}}, "fr")[:28]
'D♦ répète la carte de banque'
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

from .cards import SYMBOLS, Card
from .languages import FALLBACK, LANGUAGES
from .plurals import PluralRule, rule
from .refusals import Refusal

# Events whose sentence depends on a parameter's value: the value picks the entry.
_VARIANTS = {
    "card_exposed": "decides",
    "session_finished": "reason",
    "court_card": "kind",  # C-6 … C-9: a straight, double, triple or quadruple card
    "court_holder_card": "kind",  # C-10: plain, matching a coupeur's, or the fourth
    "court_turned": "kind",  # C-11: nothing, a coupeur's rank, the holder's
    "court_end": "end",  # C-9 … C-12: made, lost, void, fourth
}
# Parameters that are set only to say more: their name picks the entry ``<key>.<name>``.
_FLAGS = ("copies", "half")
# Parameters that are counts: written with their unit (entries ``count.<unit>.<form>``).
_COUNTED = {
    "banco": {"returned": "counters"},
    "covering_ended": {"covered": "counters", "uncovered": "counters"},
    "pack_cut": {"at": "cards"},
    "court_started": {"fonds": "counters"},
    "court_coup": {"fonds": "counters"},
    "court_cut": {"at": "cards"},
    "court_card": {"stake": "counters"},
    "court_won": {"amount": "counters"},
    "court_paid": {"amount": "counters"},
    "court_end": {"returned": "counters"},
}


# A quoted string without escapes: its text as written (most lines of a catalogue; the
# others are read as Python reads them, ast.literal_eval).
_PLAIN = re.compile(r'"([^"\\]*)"')


def _unquoted(quoted: str) -> str:
    plain = _PLAIN.fullmatch(quoted)
    return plain[1] if plain is not None else str(ast.literal_eval(quoted))


def read_po(text: str) -> dict[str, tuple[str, bool]]:
    """Parse a ``.po`` file: ``{msgid: (msgstr, fuzzy)}`` (the header left out).

    >>> read_po('#, fuzzy\\nmsgid "a"\\nmsgstr ""\\n"x\\\\"y"\\n')
    {'a': ('x"y', True)}
    """
    entries: dict[str, tuple[str, bool]] = {}
    msgid: str | None = None
    msgstr = ""
    fuzzy = False
    field = ""

    def flush() -> None:
        if msgid:
            entries[msgid] = (msgstr, fuzzy)

    for raw in text.splitlines() + [""]:
        line = raw.strip()
        if line and field == "str" and not line.startswith('"'):
            flush()  # the next entry may follow a msgstr without a blank line (PO format)
            msgid, msgstr, fuzzy, field = None, "", False, ""
        if not line:
            flush()
            msgid, msgstr, fuzzy, field = None, "", False, ""
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid "):
            msgid, field = _unquoted(line[6:]), "id"
        elif line.startswith("msgstr "):
            msgstr, field = _unquoted(line[7:]), "str"
        elif line.startswith('"'):
            part = _unquoted(line)
            if field == "id" and msgid is not None:
                msgid += part
            else:
                msgstr += part
    return entries


_HEADER = re.compile(r'^msgid ""\s*\nmsgstr ((?:"(?:[^"\\\n]|\\.)*"[ \t]*(?:\n|$))+)', re.MULTILINE)


def read_header(text: str) -> dict[str, str]:
    r"""The header of a ``.po`` file (the ``msgstr`` of its empty ``msgid``), field by
    field; French typography's spaces before ``:`` are no part of a field's name.

    >>> read_header('msgid ""\nmsgstr "Language : fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n')
    {'Language': 'fr', 'Plural-Forms': 'nplurals=2; plural=(n > 1);'}
    """
    found = _HEADER.search(text)
    if found is None:
        return {}
    body = "".join(ast.literal_eval(part) for part in re.findall(r'"(?:[^"\\\n]|\\.)*"', found[1]))
    fields = (line.partition(":") for line in body.splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, _, value in fields}


def _po(lang: str, domain: str) -> str:
    if lang not in LANGUAGES:
        lang = FALLBACK
    return (resources.files(__package__) / "locales" / lang / f"{domain}.po").read_text("utf-8")


@functools.cache
def catalogue(lang: str, domain: str = "lansquenet") -> Mapping[str, str]:
    """The translated, non-fuzzy entries of one language."""
    entries = read_po(_po(lang, domain))
    return {k: v for k, (v, fuzzy) in entries.items() if v and not fuzzy}


@functools.cache
def plural(lang: str) -> PluralRule:
    """The plural rule of ``lang``: its catalogue's ``Plural-Forms`` header
    (:mod:`lansquenet.plurals`), which says how many forms a counted word has there and
    which one a number takes.

    >>> plural("fr").forms, [plural("fr")(n) for n in (0, 1, 2)], [plural("en")(n) for n in (0, 1, 2)]
    (2, [0, 0, 1], [1, 0, 1])
    """
    return rule(read_header(_po(lang, "lansquenet"))["Plural-Forms"])


def rank_text(card: Card, lang: str) -> str:
    """A card's rank as readers of ``lang`` write it: the court cards and the ace by
    their initials (R, D, V, A in French for roi, dame, valet, as; K, Q, J, A in
    English), the other ranks by their number.

    >>> rank_text(Card("K", "H"), "fr"), rank_text(Card("K", "H"), "en"), rank_text(Card("10", "S"), "fr")
    ('R', 'K', '10')
    """
    return catalogue(lang)[f"card.rank.{card.rank}"] if card.rank in "AJQK" else card.rank


def card_text(card: Card | str, lang: str) -> str:
    """A card as readers of ``lang`` see it, its rank then its suit symbol: the one way
    a card is written in sentences, step views and drawings (its code stays ``QD``).

    >>> card_text("QD", "fr"), card_text("QD", "en"), card_text(Card("10", "C"), "fr")
    ('D♦', 'Q♦', '10♣')
    """
    parsed = card if isinstance(card, Card) else Card.parse(card)
    return rank_text(parsed, lang) + SYMBOLS[parsed.suit]


def _display(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    shown = dict(params)
    if "card" in shown:
        try:
            shown["card"] = card_text(shown["card"], lang)
        except Refusal:
            pass  # an unknown card is shown as it was typed
    return shown


def text(key: str, params: Mapping[str, Any], lang: str) -> str:
    """The sentence ``key`` in ``lang`` with its parameters filled in."""
    return catalogue(lang)[key].format_map(_display(params, lang))


def count(n: int, unit: str, lang: str) -> str:
    """A count with its unit, in the form ``lang``'s plural rule picks (:func:`plural`):
    entry ``count.<unit>.<form>`` of its catalogue, the forms numbered from 0 as
    gettext numbers them (zero is singular in French, plural in English).

    >>> count(0, "counters", "fr"), count(1, "counters", "en"), count(0, "counters", "en")
    ('0 jeton', '1 counter', '0 counters')
    """
    return text(f"count.{unit}.{plural(lang)(n)}", {"n": n}, lang)


def event_text(event: Mapping[str, Any], lang: str) -> str:
    """The sentence for an event (``{"code", "params"}``).

    >>> event_text({"code": "covering_ended", "params": {"covered": 12, "uncovered": 1}}, "en")
    'Covering ends. Covered: 12 counters; uncovered, neither won nor lost: 1 counter.'
    >>> finished = {"reason": "deals", "player": "A", "balance": 9, "leaders": ["A", "B"]}
    >>> event_text({"code": "session_finished", "params": finished}, "en")
    'The agreed finish is reached. Sharing first place with 9: A, B.'
    """
    code, params = event["code"], dict(event["params"])
    key = f"event.{code}"
    if code in _VARIANTS:
        key += f".{params[_VARIANTS[code]] or 'none'}"
    for flag in _FLAGS:  # V-P1d: two copies of one card meet; V-P3a: half of each stake
        if params.pop(flag, False):
            key += f".{flag}"
    for name, unit in _COUNTED.get(code, {}).items():
        if name in params:
            params[name] = count(params[name], unit, lang)
    if code == "session_finished" and len(params.get("leaders", ())) > 1:  # R-F1: a shared place
        key += ".tie"
        params["players"] = ", ".join(params["leaders"])
    return text(key, params, lang)


def refusal_text(refusal: Refusal, lang: str) -> str:
    """The sentence for a refusal, in the reader's language; a move is named by its label.

    >>> refusal_text(Refusal("illegal_action", player="A", action="withdraw"), "fr")
    'A ne peut pas retirer le gain maintenant.'
    >>> refusal_text(Refusal("invalid_rules", reason="unknown_key", key="pakcs"), "en")[:22]
    '“pakcs” is not a rule:'
    """
    params = dict(refusal.params)
    key = f"refusal.{refusal.code}"
    if refusal.code == "unknown_player" and not params.get("player"):
        key += ".nobody"  # no name: a missing or non-string ``by`` (CONFORMANCE.md, "Limits")
    if refusal.code == "unknown_variant" and params.get("game"):
        key += ".game"  # C-16.2: a game the engine does not play
    if refusal.code == "invalid_rules" and params.get("reason"):
        key += f".{params['reason']}"  # V-R5: which check failed, and on which rule
    if refusal.code == "illegal_action":
        labels = catalogue(lang)
        action = str(params.get("action"))
        params["action"] = labels.get(f"move.{action}") or text("move.unknown", {"action": action}, lang)
    return text(key, params, lang)
