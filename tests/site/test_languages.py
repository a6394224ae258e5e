"""Languages are data: a third language is its entry in mkdocs.yml's i18n list,
``locales/<lang>/`` and its pages, and nothing else.

A copy of the project gets a pseudo-language, ``de``, the way a translator would add
German: its i18n entry, its catalogues (site and engine) copied from English, its pages
copied from the English ones. ``mkdocs build --strict`` passes, and its rule pages'
steps, its lessons and its play page are rendered in it, at /de/.

Its plural rule is not English's: its catalogues' ``Plural-Forms`` header is Polish's,
three forms (1 żeton, 2 żetony, 5 żetonów, 22 żetony), and its counted words have
three entries each, the engine's and the site's ("{deals} rozdań"). The engine reads the
rule from the header, the build and the pages' scripts too; nothing else changes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LANG = "de"
# Under pytest-xdist the module stays on one worker: one build serves it.
pytestmark = pytest.mark.xdist_group("third-language")
ENTRY = f"        - locale: {LANG}\n          name: Pseudo\n          build: true\n"
POLISH = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
FORMS = {"counters": ("żeton", "żetony", "żetonów"), "cards": ("karta", "karty", "kart")}
# The site's counted words (site.po's key.0, key.1): English's plural noun, in Polish's three forms.
SITE_FORMS = {
    "deals": ("rozdanie", "rozdania", "rozdań"),
    "cards": FORMS["cards"],
    "minutes": ("minuta", "minuty", "minut"),
}
NOUNS = {word: forms for forms in (*FORMS.values(), *SITE_FORMS.values()) for word in forms}


def polish(n: int) -> int:
    """Which of the three forms Polish gives ``n`` (written here, apart from the engine)."""
    return 0 if n == 1 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def three_forms(po: Path) -> None:
    """A catalogue copied from English given Polish's plural rule and words."""
    text = po.read_text("utf-8")
    assert text.count("Plural-Forms: nplurals=2; plural=(n != 1);") == 1, po
    text = text.replace("Plural-Forms: nplurals=2; plural=(n != 1);", f"Plural-Forms: {POLISH}")
    for unit, words in FORMS.items():
        english = re.compile(
            rf'msgid "count\.{unit}\.0"\nmsgstr "[^"]*"\n\nmsgid "count\.{unit}\.1"\nmsgstr "[^"]*"\n'
        )
        entries = "\n".join(
            f'msgid "count.{unit}.{k}"\nmsgstr "{{n}} {word}"\n' for k, word in enumerate(words)
        )
        text, found = english.subn(entries, text)
        assert found == (po.name == "lansquenet.po"), (po, unit)
    if po.name == "site.po":
        text = site_three_forms(text)
    po.write_text(text, "utf-8")


def site_three_forms(text: str) -> str:
    """site.po's counted words, English's two forms, as three: the plural's noun in each
    of Polish's forms ("{deals} deals" becomes "{deals} rozdanie", "… rozdania", "… rozdań")."""
    pair = re.compile(r'msgid "([\w.]+)\.0"\nmsgstr "[^"]*"\n\nmsgid "\1\.1"\nmsgstr "([^"]*)"\n')
    noun = re.compile(rf"(\{{\w+\}}) ({'|'.join(SITE_FORMS)})\b")

    def three(found: re.Match[str]) -> str:
        plural = found[2]
        counted = noun.search(plural)
        assert counted and len(noun.findall(plural)) == 1, plural
        before, after = plural[: counted.start()], plural[counted.end() :]
        return "\n".join(
            f'msgid "{found[1]}.{k}"\nmsgstr "{before}{counted[1]} {form}{after}"\n'
            for k, form in enumerate(SITE_FORMS[counted[2]])
        )

    text, found = pair.subn(three, text)
    assert found >= 9 and text.count('.1"\nmsgstr') == text.count('.2"\nmsgstr') == found  # every one
    return text


@pytest.fixture(scope="module")
def third(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("third")
    for name in ("docs", "includes", "overrides", "locales"):
        shutil.copytree(REPO / name, project / name)
    shutil.copytree(
        REPO / "engine", project / "engine", symlinks=True, ignore=shutil.ignore_patterns("*.egg-info")
    )
    (project / "node_modules").symlink_to(REPO / "node_modules")
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    assert config.count("\n  - lansquenet\n") == 1, "the i18n list ends before the lansquenet plugin"
    (project / "mkdocs.yml").write_text(
        config.replace("\n  - lansquenet\n", "\n" + ENTRY + "  - lansquenet\n"), "utf-8"
    )
    shutil.copytree(project / "locales" / "en", project / "locales" / LANG)
    for po in (project / "locales" / LANG).glob("*.po"):
        three_forms(po)
    # Its pages, and the texts they share (includes/), in English under its name.
    for page in [*(project / "docs").rglob("*.en.md"), *(project / "includes").rglob("*.en.md")]:
        shutil.copy(page, page.with_name(page.name.replace(".en.md", f".{LANG}.md")))
    site = project / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project / "engine")},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    assert "WARNING" not in done.stderr, done.stderr
    return site / LANG


def test_its_rule_pages_step_through_their_scenarios(third: Path) -> None:
    html = (third / "rules" / "settlement" / "index.html").read_text("utf-8")
    assert f'<html lang="{LANG}"' in html
    steps = re.findall(r'<li class="lq-step" data-step="(\d+)"', html)
    assert len(steps) > 5 and steps[:6] == ["0", "1", "2", "3", "4", "5"]
    assert "&quot;de&quot;:&quot;step&quot;" in html  # the stepper carries its step to this language too


def test_its_lessons_are_there_with_their_anchors(third: Path) -> None:
    from lansquenet import lessons

    html = (third / "learn" / "index.html").read_text("utf-8")
    found = re.findall(r'<section class="lq-lesson" id="([\w-]+)" data-lesson="([\w-]+)"', html)
    assert [lesson for _, lesson in found] == [lesson.id for lesson in lessons.lessons()]
    assert all(ident == f"lesson-{lesson}" for ident, lesson in found)  # learn.anchor, copied from English
    rule = re.search(r'<p class="lq-rule"><a href="([^"]+)"', html)
    assert rule and rule[1].startswith(f"../../{LANG}/rules/")  # its own rule pages


def test_its_play_page_loads_the_engine_in_its_language(third: Path) -> None:
    html = (third / "play" / "index.html").read_text("utf-8")
    play = re.search(r'<div class="lq-play" id="lq-play" lang="(\w+)"[^>]* data-lq-wheel="([^"]+)"', html)
    assert play and play[1] == LANG and play[2].startswith("../../assets/wheels/")
    assert 'id="lq-words"' in html and 'src="../../assets/js/play.js"' in html
    assert (third / "search" / "search_index.json").is_file()


def test_its_counted_words_take_the_form_its_catalogue_s_plural_rule_picks(third: Path) -> None:
    project = third.parents[1]
    asked = "from lansquenet.narration import count, plural\n"
    asked += "print(plural('de').forms, *(count(n, u, 'de') for u in ('counters', 'cards') for n in (1, 2, 5, 22)), sep='|')"
    done = subprocess.run(
        [sys.executable, "-c", asked],
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(project / "engine")},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().split("|") == [
        "3",
        *("1 żeton", "2 żetony", "5 żetonów", "22 żetony"),
        *("1 karta", "2 karty", "5 kart", "22 karty"),
    ]
    # Every count its built pages show (the steps' sentences, written by the engine at
    # build time, the odds page's sentences and charts, the class's minutes) takes the
    # form Polish gives its number.
    words = "|".join(sorted(NOUNS, key=len, reverse=True))
    shown = [
        (int(n.replace(",", "")), word)
        for page in third.rglob("*.html")
        for n, word in re.findall(rf"(?<![\d,.])(\d[\d,]*) ({words})\b", page.read_text("utf-8"))
    ]
    wrong = [(n, word) for n, word in shown if NOUNS[word][polish(n)] != word]
    assert wrong == []  # e.g. "12 żetonów": the third form, which no one/other rule has
    assert {word for _, word in shown} >= {*FORMS["cards"], "żetonów", "rozdań", "minuty", "minut"}


def test_its_quick_games_buttons_count_their_deals_in_three_forms(third: Path) -> None:
    # The play page's script, as served, with the page's words and rule (data-lq-plural).
    html = (third / "play" / "index.html").read_text("utf-8")
    words = re.search(r'<script type="application/json" id="lq-words">(.*?)</script>', html)
    plural = re.search(r'data-lq-plural="([^"]+)"', html)
    assert words and plural
    numbers = [1, 2, 3, 5, 10, 12, 22, 25, 101, 112, 124]
    script = third.parent / "count.mjs"
    script.write_text(
        f"import {{ wordsOf }} from {json.dumps((third.parent / 'assets' / 'js' / 'words.js').as_uri())};\n"
        f"const word = wordsOf({words[1]}, {unescape(plural[1])});\n"
        f"console.log(JSON.stringify({numbers}.map(function (n) {{ return word.count('play.quick_deals', n, {{ deals: n }}); }})));\n",
        "utf-8",
    )
    node = shutil.which("node")
    assert node, "Node.js is needed (README: make setup)"
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [f"{n} {SITE_FORMS['deals'][polish(n)]}" for n in numbers]
