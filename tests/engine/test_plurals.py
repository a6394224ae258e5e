"""Plural rules read from gettext's Plural-Forms headers (lansquenet.plurals): the
common languages' rules pick the forms their grammars want, and what is not a rule is
refused, never run."""

from __future__ import annotations

import pytest

from lansquenet.plurals import rule

# Plural-Forms headers as GNU gettext's manual gives them ("Plural forms"), and the
# form each picks for 0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111.
NUMBERS = (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111)
RULES = {
    "nplurals=1; plural=0;": (0,) * len(NUMBERS),  # Japanese
    "nplurals=2; plural=n != 1;": (1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1),  # English
    "nplurals=2; plural=n>1;": (0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1),  # French
    # Polish
    "nplurals=3; plural=n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;": (
        2,
        0,
        1,
        2,
        2,
        2,
        2,
        1,
        2,
        2,
        2,
    ),
    # Russian
    "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;": (
        2,
        0,
        1,
        2,
        2,
        2,
        0,
        1,
        2,
        0,
        2,
    ),
    # Slovenian
    "nplurals=4; plural=n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3;": (
        3,
        0,
        1,
        3,
        3,
        3,
        3,
        3,
        3,
        0,
        3,
    ),
    # Irish
    "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4;": (
        4,
        0,
        1,
        2,
        4,
        4,
        4,
        4,
        4,
        4,
        4,
    ),
}


@pytest.mark.parametrize("header", RULES)
def test_each_language_s_rule_picks_the_forms_of_its_grammar(header: str) -> None:
    picked = rule(header)
    assert tuple(picked(n) for n in NUMBERS) == RULES[header]
    assert all(0 <= picked(n) < picked.forms for n in range(200))


def test_operators_keep_c_s_precedence_and_values() -> None:
    assert rule("nplurals=9; plural=1 + 2 * 3 - 8 / 4 % 3;")(0) == 5
    assert rule("nplurals=2; plural=!n;")(0) == 1 and rule("nplurals=2; plural=!(n);")(3) == 0
    assert rule("nplurals=2; plural=n<2 && n>=1 || n<=0;")(1) == 1
    assert rule("nplurals=3; plural=n==0 ? 2 : n==1 ? 0 : 1 ;  ")(0) == 2  # spaces around


def test_a_form_the_catalogue_does_not_have_is_the_first() -> None:
    # As GNU gettext: an expression that disagrees with nplurals picks form 0.
    assert rule("nplurals=2; plural=n;")(5) == 0


@pytest.mark.parametrize(
    "header",
    [
        "plural=n != 1;",  # no nplurals
        "nplurals=0; plural=0;",  # no form
        "nplurals=2; plural=__import__('os').system('true');",  # code, never run
        "nplurals=2; plural=n != ;",
        "nplurals=2; plural=(n != 1;",
        "nplurals=2; plural=n != 1 2;",
        "nplurals=2; plural=n ? 1;",
        "nplurals=2; plural=n $ 1;",
        pytest.param("nplurals=2; plural=" + "(" * 50 + "n" + ")" * 50 + ";", id="nested-too-deep"),
        pytest.param("nplurals=2; plural=" + "n+" * 300 + "1;", id="too-long"),
    ],
)
def test_what_is_not_a_plural_rule_is_refused(header: str) -> None:
    with pytest.raises(ValueError, match="(?i)plural"):
        rule(header)


def test_a_division_by_zero_is_refused_when_met() -> None:
    zero = rule("nplurals=2; plural=n / (n - 1);")
    assert zero(3) == 1
    with pytest.raises(ValueError, match="divided by zero"):
        zero(1)
