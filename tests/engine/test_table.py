"""The table's records (lansquenet.table): ``replace``, the rules' one way to move from a
table to the next, gives what ``dataclasses.replace`` gives, faster."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest

from lansquenet.cards import PACK
from lansquenet.table import Bank, Deal, Phase, Table, replace
from lansquenet.variants import PRESETS

BANK = Bank(holder=0, original=10, amount=14, sales=1)
DEAL = Deal(banker=0, bank=10, stakes=(0, 4, 6), pack=PACK[:5], turned=3, winner=None, cut=7)
TABLE = Table(
    players=("A", "B", "C"),
    balances=(90, 96, 94),
    phase=Phase.DEAL,
    bank=BANK,
    stakes=(0, 4, 6),
    deal=DEAL,
    deals=(DEAL,),
    decks=(PACK[:5],),
    seed=3,
)
CHANGES: dict[Bank | Deal | Table, dict[str, Any]] = {
    BANK: {"holder": 2, "original": 20, "amount": 0, "sales": 2},
    DEAL: {
        "banker": 1,
        "bank": 12,
        "stakes": (),
        "pack": PACK[5:9],
        "turned": 4,
        "winner": "bank",
        "cut": None,
        "pair_halved": True,  # V-P3a
    },
    TABLE: {
        "players": ("X", "Y"),
        "balances": (1, 2),
        "phase": Phase.FINISHED,
        "to_act": 1,
        "bank": None,
        "stakes": (),
        "round_added": True,
        "deal": None,
        "deals": (),
        "decks": (),
        "seed": 9,
        "finish_after": 5,
        "rules": PRESETS["six_packs"],  # VARIANTS.md
    },
}


@pytest.mark.parametrize("record", [BANK, DEAL, TABLE], ids=["Bank", "Deal", "Table"])
def test_replace_gives_what_dataclasses_replace_gives(record: Any) -> None:  # Bank, Deal or Table
    kind = type(record)
    changes = CHANGES[record]
    # Sound only while a record is built by its __init__ alone and caches nothing: a
    # record that changes that must go back to dataclasses.replace.
    assert not hasattr(kind, "__post_init__")
    assert all(f.init for f in dataclasses.fields(kind))
    assert not [name for name, value in vars(kind).items() if isinstance(value, functools.cached_property)]
    assert set(changes) == {f.name for f in dataclasses.fields(kind)}  # every field tried
    for name, value in changes.items():
        ours, theirs = replace(record, **{name: value}), dataclasses.replace(record, **{name: value})
        assert ours == theirs and repr(ours) == repr(theirs) and hash(ours) == hash(theirs)
        assert type(ours) is kind and getattr(ours, name) == value
    assert replace(record, **changes) == dataclasses.replace(record, **changes)
    assert replace(record) == record and replace(record) is not record


def test_replace_refuses_a_name_that_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="Table has no field phaze"):
        replace(TABLE, phaze=Phase.DEAL)
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(TABLE, seed=1).seed = 2  # type: ignore[misc]  # still frozen
