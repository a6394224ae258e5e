"""The odds at a glance (issue 34 item 2): every move that risks something carries its
chance of winning the deal as the exact fraction in words and a whole percentage beside
it ("9 in 17, 53%"; French « 9 sur 17, 53 % » with the narrow no-break space of the
catalogue's numbers), written by the engine in the page's language."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import ANNOUNCING, COVERING, SALE, WON, offered

from lansquenet.odds import ONE_PACK, move_odds
from lansquenet.view import odds_short, percent


@pytest.mark.parametrize(
    ("lang", "bank", "stake"),
    [("en", "9 in 17, 53%", "8 in 17, 47%"), ("fr", "9 sur 17, 53\u202f%", "8 sur 17, 47\u202f%")],
)
def test_each_move_at_risk_says_its_chance_with_a_percentage(lang: str, bank: str, stake: str) -> None:
    assert offered(ANNOUNCING, lang)["bank"]["odds_short"] == bank  # R-O: 9 in 17 for the bank
    assert offered(COVERING, lang)["stake"]["odds_short"] == stake
    for table in (ANNOUNCING, COVERING, WON, SALE):
        for do, entry in offered(table, lang).items():
            if entry["odds"] is None:
                assert entry["odds_short"] is None, do  # nothing at risk: no chance to give
            else:
                win = Fraction(entry["odds"]["win"])
                assert entry["odds_short"].startswith(f"{win.numerator} "), do
                assert entry["odds_short"].endswith(percent(win, lang)), do


def test_percentages_are_whole_and_rounded_half_up() -> None:
    keep = move_odds(ONE_PACK)["keep"]
    assert keep is not None
    assert [percent(h, "en") for h in keep["hold"]] == ["53%", "28%", "15%"]  # 52.9, 28.0, 14.8
    assert percent("1/8", "en") == "13%" and percent("1/200", "en") == "1%" and percent("1/201", "en") == "0%"
    assert odds_short("1/2", "fr") == "1 sur 2, 50\u202f%"
