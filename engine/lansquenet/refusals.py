"""The engine's errors: one family, each with a stable code.

:class:`LansquenetError` is the base of every error the engine raises on purpose; its
``code`` is what a program checks and what the catalogues (``locales/``) turn into a
sentence. A :class:`Refusal` is the rules refusing a move or a table (the codes of
CONFORMANCE.md, with the parameters its sentence needs); the others say that an input
is not what the engine reads at all.

>>> r = Refusal("stake_exceeds_uncovered", amount=6, uncovered=4)
>>> r.code, r.params["uncovered"], isinstance(r, LansquenetError), isinstance(r, ValueError)
('stake_exceeds_uncovered', 4, True, True)
>>> NotAScenario("missing keys: actions").code, OddsError("invalid_pack").code
('not_a_scenario', 'invalid_pack')
>>> Refusal("no_such_code")
Traceback (most recent call last):
ValueError: no refusal has the code 'no_such_code'
"""

from __future__ import annotations

from typing import Any

# The checking order of CONFORMANCE.md: first match wins.
CODES = (
    "session_finished",
    "invalid_rules",  # V-R6: the rules decide which cards are valid, so they come first
    "unknown_variant",
    "invalid_players",
    "invalid_balance",
    "unknown_player",
    "invalid_card",
    "not_your_turn",
    "illegal_action",
    "invalid_amount",
    "bank_exceeds_balance",
    "stake_exceeds_uncovered",
    "stake_exceeds_balance",
    "banco_unaffordable",
)
# The set-up form's names (lansquenet.naming): the engine's policy for a table a reader
# sets up, not CONFORMANCE.md's (a replayed scenario never meets these codes).
FORM_CODES = ("name_too_long", "names_alike")


class LansquenetError(ValueError):
    """An error of the engine: ``code`` (stable) and a detail for the programmer."""

    code = "lansquenet_error"

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail or self.code)


class Refusal(LansquenetError):
    """The rules refuse a move or a table; nothing changes."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in CODES and code not in FORM_CODES:
            raise ValueError(f"no refusal has the code {code!r}")
        super().__init__(code)
        self.code = code
        self.params = params


class NotAScenario(LansquenetError):
    """The input is not a scenario at all (not JSON, missing keys, wrong shapes, beyond
    the limits of CONFORMANCE.md)."""

    code = "not_a_scenario"


class BadRequest(LansquenetError):
    """A request the browser's bridge cannot read (``lansquenet.web``)."""

    code = "bad_request"


class NothingToUndo(LansquenetError):
    """An undo with no action (nor end) to take back."""

    code = "nothing_to_undo"


class NotToAct(LansquenetError):
    """A computer player asked to move when it is not their turn, or no one's."""

    code = "not_to_act"


class UnknownTemperament(LansquenetError):
    """A computer player's temperament the engine does not know (``bots.TEMPERAMENTS``)."""

    code = "unknown_temperament"


class OddsError(LansquenetError):
    """An impossible pack, variant or simulation: its code is the detail given
    (``invalid_pack``, ``unknown_variant``, ``invalid_pair_share``, ``invalid_deals``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
