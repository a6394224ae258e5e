"""Refusals: a move or a table the rules do not allow.

A refusal carries a stable code from CONFORMANCE.md and the parameters its sentence
needs; the sentence itself lives in the catalogues (``locales/``).

>>> r = Refusal("stake_exceeds_uncovered", amount=6, uncovered=4)
>>> r.code, r.params["uncovered"], isinstance(r, ValueError)
('stake_exceeds_uncovered', 4, True)
"""

from __future__ import annotations

from typing import Any

# The checking order of CONFORMANCE.md: first match wins.
CODES = (
    "session_finished",
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


class Refusal(ValueError):
    """The rules refuse a move or a table; nothing changes."""

    def __init__(self, code: str, **params: Any) -> None:
        assert code in CODES or code in FORM_CODES, code
        super().__init__(code)
        self.code = code
        self.params = params


class NotAScenario(ValueError):
    """The input is not a scenario at all (not JSON, missing keys, wrong shapes)."""
