"""Counted words the pages' scripts fill in (docs/assets/js/words.js), in Node.js: the
plural rule each built page carries (``data-lq-plural``, the tree lansquenet.plurals
parses the catalogue's ``Plural-Forms`` into) picks, for every number from 0 to 200, the
form plurals.py picks, in each language of the site and under rules of three to five
forms (Polish's among them); and the quick game's buttons, from the page's own words,
read as the build writes the same words.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path
from typing import Any

from configured import LANGUAGES, PREFIX
from helpers import found

from lansquenet.plurals import rule
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
NUMBERS = range(201)
# Rules of gettext's manual ("Plural forms") beside the site's: Polish's three forms,
# Slovenian's four, Irish's five, and one that divides and negates.
RULES = (
    "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "nplurals=4; plural=n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3;",
    "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4;",
    "nplurals=3; plural=!(n / 10 % 3) + (n - 7) / 4 % 2 * 2;",
)
# Each case: a plural rule and, with words, a counted word to fill; its answers for NUMBERS.
SCRIPT = """
import { readFileSync } from "node:fs";
import { pluralForm, wordsOf } from %s;
const cases = JSON.parse(readFileSync(0, "utf-8"));
const numbers = Array.from({ length: %d }, function (_, n) { return n; });
console.log(JSON.stringify(cases.map(function (c) {
  const word = wordsOf(c.words || {}, c.plural);
  return numbers.map(function (n) { return c.key ? word.count(c.key, n, { deals: n }) : pluralForm(c.plural, n); });
})));
"""


def scripts_answer(cases: list[dict[str, Any]], tmp_path: Path) -> list[list[Any]]:
    node = shutil.which("node")
    assert node, "Node.js is needed (README: make setup)"
    script = tmp_path / "count.mjs"
    words = REPO / "docs" / "assets" / "js" / "words.js"
    script.write_text(SCRIPT % (json.dumps(words.as_uri()), len(NUMBERS)), "utf-8")
    done = subprocess.run(
        [node, str(script)], input=json.dumps(cases), capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    answers: list[list[Any]] = json.loads(done.stdout)
    return answers


def carried(html: str) -> dict[str, Any]:
    """The plural rule a built page carries for its script (data-lq-plural)."""
    found = re.search(r'data-lq-plural="([^"]+)"', html)
    assert found, "the page carries no plural rule"
    plural: dict[str, Any] = json.loads(unescape(found[1]))
    return plural


def test_the_scripts_pick_the_form_plurals_py_picks(built_site: Any, tmp_path: Path) -> None:
    pages = [
        (lang, (built_site.path / PREFIX[lang] / page / "index.html").read_text("utf-8"))
        for lang in LANGUAGES
        for page in ("play", "odds")
    ]
    for lang, html in pages:
        assert carried(html) == json.loads(json.dumps(WORDS.plural(lang).json()))
    others = [rule(header) for header in RULES]
    cases = [{"plural": carried(html)} for _, html in pages] + [{"plural": r.json()} for r in others]
    answers = scripts_answer(cases, tmp_path)
    assert answers == [[r(n) for n in NUMBERS] for r in [WORDS.plural(lang) for lang, _ in pages] + others]
    assert {form for answer in answers for form in answer} == {0, 1, 2, 3, 4}


def test_the_quick_games_buttons_read_as_the_build_writes_them(built_site: Any, tmp_path: Path) -> None:
    cases = []
    for lang in LANGUAGES:
        html = (built_site.path / PREFIX[lang] / "play" / "index.html").read_text("utf-8")
        words = json.loads(found(r'<script type="application/json" id="lq-words">(.*?)</script>', html)[1])
        cases.append({"plural": carried(html), "words": words, "key": "play.quick_deals"})
    answers = scripts_answer(cases, tmp_path)
    for lang, answer in zip(LANGUAGES, answers, strict=True):
        assert answer == [WORDS.count(lang, "play.quick_deals", n, deals=n) for n in NUMBERS]
        # One deal and many are said apart ("1 deal", "3 deals"); no deal is said as one
        # deal is where the language's rule says so (French's "0 donne", English's "0 deals").
        assert answer[1] != answer[3]
        assert (answer[0] == answer[1].replace("1", "0", 1)) == (
            WORDS.plural(lang)(0) == WORDS.plural(lang)(1)
        )
