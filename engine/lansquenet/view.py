"""What a page shows of one step, display-ready: the engine owns the view.

The build-time stepper (``site_plugins/lansquenet_site/render.py``) and the play page
both draw a step from :func:`step_view`; neither keeps a copy of suit symbols, card
colours, sign formatting or of which move takes an amount. A step's view never holds
the list of past deals: its size does not grow with the session (the ledger, built by
:func:`ledger_row`, is its own data). Over a :class:`~lansquenet.session.Session` (the
game only), :func:`steps` narrates the steps asked for and :func:`ledger` the deals.

>>> face("QD", "en")
{'code': 'QD', 'rank': 'Q', 'suit': '♦', 'text': 'Q♦', 'colour': 'red'}
>>> face("QD", "fr")
{'code': 'QD', 'rank': 'D', 'suit': '♦', 'text': 'D♦', 'colour': 'red'}
>>> signed(5), signed(-12), signed(0)
('+5', '−12', '0')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .cards import RANKS, SYMBOLS, Card
from .court import CourtTable, coup_json
from .court import state_json as court_state_json
from .court_odds import chances
from .languages import FALLBACK
from .narration import card_text, catalogue, count, event_text, rank_text
from .odds import move_odds, rules_pack
from .rules import Event, amount_range, legal_moves
from .table import Table, deal_json, view_json

if TYPE_CHECKING:  # a view reads a session; a session never imports its view
    from .session import Session

SETTLEMENTS = ("bank_wins", "players_win")  # R-T1, R-T2


def face(code: str, lang: str) -> dict[str, str]:
    """A card as readers see it in ``lang`` (R, D, V for the king, queen and jack in
    French: :func:`lansquenet.narration.card_text`): rank, suit symbol, text and colour.
    The code stays the language-free ``QD``."""
    card = Card.parse(code)
    return {
        "code": str(card),
        "rank": rank_text(card, lang),
        "suit": SYMBOLS[card.suit],
        "text": card_text(card, lang),
        "colour": "red" if card.red else "black",
    }


def signed(amount: int) -> str:
    """A change of counters with its sign (a true minus sign, U+2212)."""
    return f"+{amount}" if amount > 0 else f"\u2212{-amount}" if amount < 0 else "0"


def moves(table: Table, lang: str = FALLBACK) -> list[dict[str, Any]]:
    """The legal moves of the player to act, each with whether it takes an amount and,
    if it does, the amounts allowed (R-P5, R-C2, R-C5) and those a page offers
    (:func:`offered`); with the exact odds of the deal it commits to (``odds``, from
    :func:`lansquenet.odds.move_odds`, ``None`` for a move that risks nothing) and
    those odds, or why nothing is at risk, in words (``odds_text``, in ``lang``), and the
    chance at a glance (``odds_short``: "9 in 17, 53%", ``None`` where nothing is at risk).
    The odds are those of the table's rules (VARIANTS.md: its pack, its pair share).

    >>> from lansquenet.rules import new_table
    >>> bank = moves(new_table(["A", "B"], 10, "A"), "en")[0]
    >>> bank["do"], bank["odds"]
    ('bank', {'win': '9/17', 'per_counter': '1/17'})
    >>> bank["odds_text"][:38], bank["odds_short"]
    ('Your bank wins this deal 9 times in 17', '9 in 17, 53%')
    """
    out: list[dict[str, Any]] = []
    ruled = move_odds(rules_pack(table.rules), table.rules.share)
    for do in legal_moves(table):
        allowed = amount_range(table, do)
        odds = ruled.get(do)
        entry: dict[str, Any] = {"do": do, "amount": allowed is not None}
        if allowed is not None:
            uncovered = table.uncovered if do == "stake" else None  # R-C5
            entry.update(offered(do, *allowed, uncovered=uncovered))
        entry["odds"] = (
            None if odds is None else {k: list(v) if isinstance(v, list) else v for k, v in odds.items()}
        )
        entry["odds_text"] = odds_text(do, odds, lang, _staked(table))
        entry["odds_short"] = None if odds is None else odds_short(odds["win"], lang)
        out.append(entry)
    return out


def _staked(table: Table) -> int:
    """What the player to act has staked so far in this deal's covering (R-C2)."""
    return table.stakes[table.to_act] if table.stakes and table.to_act is not None else 0


def percent(chance: str | Fraction, lang: str) -> str:
    """A chance as a whole percentage, rounded half up, written as ``lang`` writes it
    (French puts a no-break space before the sign).

    >>> percent("9/17", "en"), percent("9/17", "fr"), percent("1/8", "en"), percent("1", "en")
    ('53%', '53\\u202f%', '13%', '100%')
    """
    whole = math.floor(Fraction(chance) * 100 + Fraction(1, 2))
    return catalogue(lang)["number.percent"].format(value=whole)


def odds_short(chance: str | Fraction, lang: str) -> str:
    """A chance at a glance: the exact fraction in words and its percentage.

    >>> odds_short("9/17", "en"), odds_short("8/17", "fr")
    ('9 in 17, 53%', '8 sur 17, 47\\u202f%')
    """
    win = Fraction(chance)
    return catalogue(lang)["odds.short"].format(
        times=win.numerator, of=win.denominator, percent=percent(win, lang)
    )


def odds_text(do: str, odds: Mapping[str, Any] | None, lang: str, staked: int = 0) -> str:
    """The odds of a move in words, or why it puts nothing at risk (a pass leaves at
    risk only what the player staked before, R-C2); each chance as a fraction and beside
    it a whole percentage. Its chance at a glance is :func:`odds_short`.

    >>> odds_text("stake", {"win": "8/17", "per_counter": "-1/17"}, "en")[:60]
    'You win this deal 8 times in 17 (47%): on average each count'
    >>> odds_text("pass", None, "en", staked=5)
    'Passing adds nothing at risk: only your stake of 5 counters stays in play.'
    """
    if odds is None:
        key = "odds.pass.staked" if do == "pass" and staked else f"odds.{do}"
        return catalogue(lang)[key].format(amount=count(staked, "counters", lang))
    win = Fraction(odds["win"])
    params = {
        "times": win.numerator,
        "of": win.denominator,
        "edge": str(abs(Fraction(odds["per_counter"]))),
    }
    params["percent"] = percent(win, lang)  # every chance also at a glance
    for k, hold in enumerate(odds.get("hold", ()), start=1):
        params[f"hold{k}"] = hold
        params[f"hold{k}_percent"] = percent(hold, lang)
    return catalogue(lang)[f"odds.{do}"].format_map(params)


def offered(do: str, least: int, most: int, uncovered: int | None = None) -> dict[str, Any]:
    """The amounts a page offers for ``do`` between ``least`` and ``most``: the range,
    the amount the field starts with (a stake covers all it may, R-C5; a bank is a
    tenth of the banker's counters), and presets: the least, half, and the most (named
    "uncovered" when a stake's cap is what the bank has left uncovered, R-C5).

    >>> bank = offered("bank", 1, 105)
    >>> bank["min"], bank["max"], bank["suggested"]
    (1, 105, 11)
    >>> bank["presets"]  # doctest: +NORMALIZE_WHITESPACE
    [{'amount': 1, 'kind': 'min'}, {'amount': 52, 'kind': 'half'},
     {'amount': 105, 'kind': 'max'}]
    >>> [p["kind"] for p in offered("stake", 1, 7, uncovered=7)["presets"]], offered("stake", 1, 7)["suggested"]
    (['min', 'half', 'uncovered'], 7)
    >>> offered("stake", 1, 1)["presets"]
    [{'amount': 1, 'kind': 'min'}]
    """
    suggested = most if do == "stake" else max(least, (most + 5) // 10)
    presets = [{"amount": least, "kind": "min"}]
    half = max(least, most // 2)
    if least < half < most:
        presets.append({"amount": half, "kind": "half"})
    if most > least:
        presets.append(
            {"amount": most, "kind": "uncovered" if do == "stake" and most == uncovered else "max"}
        )
    return {"min": least, "max": most, "suggested": suggested, "presets": presets}


def _cards(table: Table, lang: str) -> list[dict[str, str]]:
    deal = table.deal
    if deal is None or deal.turned == 0:
        return []
    roles = ["bank", "players"] + ["exposed"] * (deal.turned - 2)
    return [dict(face(str(c), lang), role=role) for c, role in zip(deal.pack, roles)]


def _result(change: Mapping[str, int]) -> dict[str, Any]:
    """A deal's (a coup's) result as a step shows it: each player's change, signed, and
    the line that says them all (R-T1, R-T2; C-17)."""
    changes = [{"player": p, "change": c, "text": signed(c)} for p, c in change.items()]
    return {"changes": changes, "line": ", ".join(f"{c['player']} {c['text']}" for c in changes)}


def _rows(
    table: Table | CourtTable,
    before: Table | CourtTable | None,
    stakes: Sequence[int],
    state: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """Each player's row of a step, either game's: counters, ``stakes`` (by seat: what he
    staked, R-T3, or what lies on his card, C-6 … C-8), the signed change since the step
    ``before``, whether he holds the bank (the hand) and whether he acts now."""
    banker = state["table"]["banker"]
    acting = state["to_act"]["player"] if state["to_act"] else None
    rows = []
    for seat, name in enumerate(table.players):
        change = table.balances[seat] - before.balances[seat] if before is not None else 0
        rows.append(
            {
                "player": name,
                "balance": table.balances[seat],
                "stake": stakes[seat],
                "change": change,
                "change_text": signed(change) if change else "",
                "banker": name == banker,
                "acting": name == acting,
            }
        )
    return rows


def _step(
    event: Event, lang: str, state: dict[str, Any], said: dict[str, str], **shown: Any
) -> dict[str, Any]:
    """A step as a page shows it, either game's: its event and sentence, the croupier's
    words, its state and what else the game shows (``cards``, ``rows``, ``bank``,
    ``result``, the court game's ``coach``)."""
    return {
        "event": event.json(),
        "text": event_text(event.json(), lang),
        "say": said,
        "state": state,
        **shown,
    }


def step_view(
    event: Event, table: Table | CourtTable, before: Table | CourtTable | None, lang: str
) -> dict[str, Any]:
    """One step, display-ready: its sentence, the table's state (``state``, what
    :func:`lansquenet.diagram.diagram` draws), the cards turned, each player's row
    (counters, stake, signed change since the step before), the bank and, at a
    settlement, the result of the deal (R-T1, R-T2). A step of the court game is
    :func:`court_step_view`'s."""
    if isinstance(table, CourtTable):
        return court_step_view(event, table, before, lang)
    assert not isinstance(before, CourtTable)
    can = legal_moves(table) if table.to_act is not None else None
    state = view_json(table, can)
    if state["to_act"] is not None:
        state["to_act"]["moves"] = moves(table, lang)
    staked = table.stakes or (0,) * table.n  # R-T3: until settled
    result = None
    if event.code in SETTLEMENTS and table.deals:
        result = _result(deal_json(table, table.deals[-1])["change"])
    return _step(
        event,
        lang,
        state,
        croupier(state, lang),
        cards=_cards(table, lang),
        rows=_rows(table, before, staked, state),
        bank=None if table.bank is None else table.bank.amount,
        result=result,
    )


def _either(items: list[str], lang: str) -> str:
    """``a, b or c`` in ``lang``."""
    if len(items) < 2:
        return "".join(items)
    return catalogue(lang)["croupier.or"].format(first=", ".join(items[:-1]), last=items[-1])


def _said(
    state: Mapping[str, Any],
    view: Mapping[str, Any],
    parts: list[str],
    lang: str,
    odds: Callable[[list[str], list[Any]], str],
) -> dict[str, str]:
    """What the croupier says of either game after its table (``parts``): the counters,
    whose turn and the moves, and ``odds(named moves, moves)``; the game over, no odds."""
    words = catalogue(lang)
    counters = "; ".join(
        words["diagram.seat"].format(player=name, balance=state["balances"][name]) for name in view["seats"]
    )
    to_act = state.get("to_act")
    if to_act is None:
        moves_said, odds_said = words["croupier.over"], ""
    else:
        moves = to_act.get("moves", [])
        named = [words[f"move.{m['do']}"] for m in moves]
        moves_said = words["croupier.moves"].format(player=to_act["player"], moves=_either(named, lang))
        odds_said = odds(named, moves)
    return {"table": " ".join(parts), "counters": counters + ".", "moves": moves_said, "odds": odds_said}


def croupier(state: Mapping[str, Any], lang: str) -> dict[str, str]:
    """What a croupier says of a step when a reader asks (the play page's keys, issue 34):
    ``table``, who holds the bank and how much, the stakes and the cards turned;
    ``counters``, every player's counters; ``moves``, whose turn it is and the moves;
    ``odds``, each move's chance at a glance (:func:`odds_short`).

    >>> from lansquenet import load, trace
    >>> say = trace(load("worked-example"), "en")[8]["say"]
    >>> say["table"]
    'A holds the bank: 12 counters. Stakes: B 5, C 7. Cards turned: 7♠, Q♥, 2♣, Q♦.'
    >>> say["counters"]
    'A, 88 in hand; B, 95 in hand; C, 93 in hand.'
    >>> say = trace(load("worked-example"), "fr")[1]["say"]
    >>> say["moves"], say["odds"]
    ('À B de jouer\xa0: miser, passer ou faire banco.', 'Miser\xa0: 8 sur 17, 47\u202f%. Passer\xa0: rien en jeu. Faire banco\xa0: 8 sur 17, 47\u202f%.')
    """
    words = catalogue(lang)
    view, bank = state["table"], state.get("bank") or {}
    if bank:
        parts = [
            words["croupier.bank"].format(
                player=bank["holder"], amount=count(bank["amount"], "counters", lang)
            )
        ]
    else:
        parts = [words["croupier.no_bank"].format(player=view["banker"] or view["seats"][0])]
    stakes = [f"{name} {amount}" for name, amount in view["stakes"].items() if amount]
    parts.append(
        words["croupier.stakes"].format(stakes=", ".join(stakes)) if stakes else words["croupier.no_stakes"]
    )
    cards = view["cards"] or {}
    turned = [cards.get("bank_card"), cards.get("players_card"), *(cards.get("exposed") or [])]
    shown = [card_text(code, lang) for code in turned if code]
    parts.append(
        words["croupier.cards"].format(cards=", ".join(shown)) if shown else words["croupier.no_cards"]
    )

    def odds(named: list[str], moves: list[Any]) -> str:
        return " ".join(
            words["croupier.odds"].format(
                move=name[:1].upper() + name[1:], odds=m.get("odds_short") or words["croupier.nothing"]
            )
            for name, m in zip(named, moves)
        )

    return _said(state, view, parts, lang, odds)


def ledger_row(table: Table, number: int, lang: str) -> dict[str, Any]:
    """Deal ``number`` (from 1) of ``table``'s played deals, as the ledger shows it: who
    banked, the bank, the cards as seen (bank card, players' card, then the exposed
    ones), the winner, and each player's change (``change``, by name in seat order)
    with its sign (``changes``)."""
    deal = table.deals[number - 1]
    full = deal_json(table, deal)
    cards = [full["bank_card"], full["players_card"], *full["exposed"]]
    change = {name: full["change"].get(name, 0) for name in table.players}
    return {
        "number": number,
        "banker": full["banker"],
        "bank": full["bank"],
        "cards": [{"text": f["text"], "colour": f["colour"]} for f in (face(c, lang) for c in cards)],
        "winner": full["winner"],
        "opening_pair": full["opening_pair"],
        "change": change,
        "changes": {name: signed(c) for name, c in change.items()},
    }


def steps(
    session: Session, start: int = 0, stop: int | None = None, lang: str = FALLBACK
) -> list[dict[str, Any]]:
    """Steps ``start`` to ``stop`` (excluded) of ``session``, narrated in ``lang``,
    display-ready (:func:`step_view`), each with its ``index``; only these are narrated.

    >>> from lansquenet import Session, load
    >>> steps(Session(load("worked-example")), 9, 11, "en")[0]["result"]["line"]
    'A −12, B +5, C +7'
    """
    stop = session.count if stop is None else min(stop, session.count)
    out = []
    for index in range(max(start, 0), stop):
        event, table = session.step(index)
        before = session.step(index - 1)[1] if index else None
        view = step_view(event, table, before, lang)
        view["index"] = index
        out.append(view)
    return out


def ledger(
    session: Session, start: int = 0, lang: str = FALLBACK, stop: int | None = None
) -> list[dict[str, Any]]:
    """The played deals of ``session`` from number ``start + 1`` on (up to number
    ``stop``, if given), as the ledger shows them (:func:`ledger_row`)."""
    table = session.table
    last = len(table.deals) if stop is None else min(stop, len(table.deals))
    if isinstance(table, CourtTable):
        return [court_ledger_row(table, number, lang) for number in range(start + 1, last + 1)]
    return [ledger_row(table, number, lang) for number in range(start + 1, last + 1)]


# --- the court game (spec/COURT.md) ---------------------------------------------------


def court_moves(table: CourtTable, lang: str = FALLBACK) -> list[dict[str, Any]]:
    """The holder's one move (C-17), with what it puts at stake in words: no amount, and
    no choice to weigh (every coupeur stakes F, C-4)."""
    words = catalogue(lang)
    return [
        {
            "do": do,
            "amount": False,
            "odds": None,
            "odds_text": words["odds.deal"].format(fonds=count(table.rules.fonds, "counters", lang)),
            "odds_short": None,
        }
        for do in ("deal",)
        if table.to_act is not None
    ]


def court_view_json(table: CourtTable, can: list[str] | None = None) -> dict[str, Any]:
    """The court game's state at a step (C-17) and what its diagram draws: the holder,
    the coup on the table (the coupeurs' cards in a row with their stakes, the holder's
    card, the cards turned, how it ended), ``table.court``."""
    out = court_state_json(table, can, deals=False)
    out["bank"] = None
    if table.phase.value == "deal":
        out["status"] = "dealing"
    coup = table.coup
    holder = table.holder if coup is None else coup.holder  # the coup shown is its holder's
    played = None if coup is None else coup_json(table, coup)
    out["table"] = {
        "seats": list(table.players),
        "phase": table.phase.value,
        "banker": None if holder is None else table.players[holder],
        "uncovered": None,
        "stakes": {}
        if coup is None or coup.end is not None
        else {table.players[coup.seats[k]]: coup.stakes[k] for k in coup.live()},
        "cards": None,
        "coup": None
        if played is None
        else {
            "holder": played["holder"],
            "fonds": table.rules.fonds,
            "coupeurs": played["cards"],
            "holder_card": played["holder_card"],
            "turned": played["turned"],
            "end": played["end"],
            "number": len(table.deals) + (coup is not None and coup.end is None),
        },
    }
    return out


def _court_cards(table: CourtTable, lang: str) -> list[dict[str, str]]:
    coup = table.coup
    if coup is None:
        return []
    cards = [dict(face(str(c), lang), role="coupeur") for c in coup.cards]
    if coup.holder_card is not None:
        cards.append(dict(face(str(coup.holder_card), lang), role="holder"))
    cards.extend(dict(face(str(c), lang), role="turned") for c in coup.turned)
    return cards


def court_step_view(
    event: Event, table: CourtTable, before: Table | CourtTable | None, lang: str
) -> dict[str, Any]:
    """One step of the court game, display-ready, in :func:`step_view`'s shape: its
    sentence, its state (:func:`court_view_json`), the cards of the coup (``role``:
    coupeur, holder, turned), each player's row (``stake``: what lies on his card now)
    and, at a coup's end, each player's change (C-17)."""
    can = ["deal"] if table.to_act is not None else None
    state = court_view_json(table, can)
    if state["to_act"] is not None:
        state["to_act"]["moves"] = court_moves(table, lang)
    on_cards = [state["table"]["stakes"].get(name, 0) for name in table.players]  # C-6 … C-8
    result = None
    if event.code == "court_end" and table.deals:
        result = _result(coup_json(table, table.deals[-1])["change"])
    return _step(
        event,
        lang,
        state,
        court_croupier(state, lang),
        cards=_court_cards(table, lang),
        rows=_rows(table, before, on_cards, state),
        bank=None,
        result=result,
        coach=court_coach(table, lang),
    )


def court_coach(table: CourtTable, lang: str) -> dict[str, Any] | None:
    """The coach's exact chances at this step of the court game
    (:func:`lansquenet.court_odds.chances`, from the cards seen so far): each coupeur's
    card still on the table and its chance of coming before the holder's (the holder then
    takes its stake), and the holder's chances of making the hand (C-10, C-12) and of
    keeping it (a quadruple too, C-9); before a deal, those of a whole coup. None once
    the game is over, and at a coup's end.

    >>> from lansquenet.court import CourtRules, new_table
    >>> coach = court_coach(new_table(["A", "B", "C"], 10, "A", rules=CourtRules()), "en")
    >>> coach["cards"], coach["keep"]
    ([], '2351/6375')
    """
    coup = table.coup
    if table.to_act is None and (coup is None or coup.end is not None):
        return None  # the game is over, or a coup has just ended
    if coup is None or coup.end is not None:  # before a deal: a whole coup from a fresh pack (C-5)
        found = chances(dict.fromkeys(RANKS, 4), [], to_deal=table.n - 1)
        live: list[int] = []
        holder = None
    else:
        seen = list(coup.cards) + ([coup.holder_card] if coup.holder_card else []) + list(coup.turned)
        pack: dict[Hashable, int] = {rank: 4 - sum(card.rank == rank for card in seen) for rank in RANKS}
        holder = coup.holder_card.rank if coup.holder_card else None
        if coup.kinds[-1:] == ("quadruple",) or (
            holder and (not pack[holder] or holder in _ranks(coup.turned))
        ):
            return None  # decided: a quadruple (C-9), the fourth card (C-10), his rank turned (C-11)
        # A card whose rank came again (a double, the holder's card, a turned card) is
        # the holder's already, though its payment is the next step.
        taken = {
            card.rank for card in list(coup.turned[-1:]) + ([coup.holder_card] if coup.holder_card else [])
        }
        live = [k for k in coup.live() if coup.cards[k].rank not in taken]
        live = [k for k in live if not any(coup.cards[j].rank == coup.cards[k].rank for j in live if j > k)]
        to_deal = 0 if holder else table.n - 1 - len(coup.cards)
        on_table = [(coup.cards[k].rank, coup.stakes[k] // coup.fonds) for k in live]
        found = chances(pack, on_table, holder, to_deal)
    words = catalogue(lang)
    cards = []
    for k, chance in zip(live, found.before, strict=True):
        assert coup is not None
        name = table.players[coup.seats[k]]
        cards.append(
            {
                "player": name,
                "card": str(coup.cards[k]),
                "before": str(chance),
                "text": words["coach.court.before"].format(
                    player=name, card=card_text(coup.cards[k], lang), odds=odds_short(chance, lang)
                ),
            }
        )
    return {
        "cards": cards,
        "make": str(found.make),
        "keep": str(found.keep),
        "text": words["coach.court.make"].format(
            make=odds_short(found.make, lang), keep=odds_short(found.keep, lang)
        ),
    }


def court_croupier(state: Mapping[str, Any], lang: str) -> dict[str, str]:
    """What the croupier's keys say of a step of the court game (as :func:`croupier`):
    who holds the hand, each coupeur's card and stake, the holder's card, the cards
    turned; every player's counters; whose turn it is."""
    words = catalogue(lang)
    view = state["table"]
    court = view.get("coup") or {}
    parts = [words["croupier.court.holder"].format(player=state.get("holder") or view["banker"])]
    live = [
        words["croupier.court.card"].format(
            player=c["player"], card=card_text(c["card"], lang), stake=count(c["stake"], "counters", lang)
        )
        for c in court.get("coupeurs", [])
        if c["fate"] is None and c["kind"] != "quadruple"
    ]
    parts.append(
        words["croupier.court.cards"].format(cards=", ".join(live)) if live else words["croupier.no_stakes"]
    )
    if court.get("holder_card"):
        parts.append(words["croupier.court.own"].format(card=card_text(court["holder_card"], lang)))
    turned = [card_text(code, lang) for code in court.get("turned", [])]
    parts.append(
        words["croupier.cards"].format(cards=", ".join(turned)) if turned else words["croupier.no_cards"]
    )
    return _said(state, view, parts, lang, lambda named, moves: " ".join(m["odds_text"] for m in moves))


def _ranks(cards: Any) -> set[str]:
    return {card.rank for card in cards}


def court_ledger_row(table: CourtTable, number: int, lang: str) -> dict[str, Any]:
    """Coup ``number`` (from 1), as the ledger shows it (:func:`ledger_row`'s shape):
    ``banker`` the holder, ``bank`` the fonds F, the cards as dealt (the coupeurs', the
    holder's, the cards turned), ``winner`` how it ended (made, lost, void, fourth, C-17)
    and ``end_text`` in words, each player's change."""
    coup = table.deals[number - 1]
    full = coup_json(table, coup)
    cards = [c["card"] for c in full["cards"]]
    cards += [full["holder_card"]] if full["holder_card"] else []
    cards += full["turned"]
    change = {name: full["change"].get(name, 0) for name in table.players}
    return {
        "number": number,
        "banker": full["holder"],
        "bank": coup.fonds,
        "cards": [{"text": f["text"], "colour": f["colour"]} for f in (face(c, lang) for c in cards)],
        "winner": full["end"],
        "end_text": catalogue(lang)[f"coup.end.{full['end']}"],
        "opening_pair": False,
        "change": change,
        "changes": {name: signed(c) for name, c in change.items()},
    }
