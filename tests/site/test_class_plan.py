"""The teachers' plan is written once (site_plugins/lansquenet_site/plan.json, issue 33):
its table on both teachers' pages and the class view's screens read it, the parts add
up to 50 minutes, and each part's heading on the page says the same minutes."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from lansquenet_site.class_plan import TOTAL, plan
from lansquenet_site.words import Words

LANGS = ("fr", "en")
PREFIX = {"fr": "", "en": "en"}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def teach(site: Path, lang: str) -> str:
    return unescape((site / PREFIX[lang] / "teach" / "index.html").read_text("utf-8"))


def test_the_parts_add_up_to_fifty_minutes() -> None:
    parts = plan()
    assert sum(part["minutes"] for part in parts) == TOTAL == 50
    assert parts[0]["start"] == 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_and_the_class_view_read_the_same_parts(site: Path, lang: str) -> None:
    html = teach(site, lang)
    table = html.split('class="lq-plan-table"', 1)[1].split("</table>", 1)[0]
    lengths = [int(m) for m in re.findall(r"<td>(\d+) min</td>", table)]
    screens = [int(m) for m in re.findall(r'<section class="lq-part"[^>]*data-minutes="(\d+)"', html)]
    assert lengths == screens == [part["minutes"] for part in plan()]
    assert html.count('data-action="run-class"') == 1
    # Each screen says its minutes in the form their number takes ("2 minutes"; "1 minute").
    said = re.findall(r'<p class="lq-part-minutes">([^<]*)</p>', html)
    assert said == [WORDS.count(lang, "plan.minutes", n, minutes=n) for n in screens]


@pytest.mark.parametrize("lang", LANGS)
def test_each_parts_heading_says_its_minutes(site: Path, lang: str) -> None:
    html = teach(site, lang)
    for part in plan():
        if not part.get("section"):
            continue
        screen = re.search(
            rf'<section class="lq-part" data-part="{part["id"]}"[^>]*data-section="([^"]+)"', html
        )
        assert screen, part["id"]
        heading = re.search(rf'<h2 id="{re.escape(screen[1])}"[^>]*>(.*?)</h2>', html, re.DOTALL)
        assert heading, screen[1]
        said = re.search(r"\((\d+) min", heading[1])
        if part["id"] == "ticket":  # its heading has no minutes: its section says three
            assert said is None
        else:
            assert said and int(said[1]) == part["minutes"], (part["id"], heading[1])


def test_the_class_and_its_codes_work_offline_after_one_visit(site: Path) -> None:
    kept = (site / "sw.js").read_text("utf-8")  # the service worker keeps every page and script
    for path in ("assets/js/class.js", "assets/js/share.js", "assets/vendor/qrcode.mjs", "en/teach/"):
        assert f'"{path}"' in kept, path
