"""The teachers' plan is written once (site_plugins/lansquenet_site/plan.json, issues 33
and 52): its table on both teachers' pages and the class view's screens read it, the
parts fill the lesson's length, and each part's heading on the page says its number in
the plan and its minutes, with no number or minutes in its anchor."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from lansquenet_site import class_plan
from lansquenet_site.class_plan import catalogue, length, plan
from lansquenet_site.languages import Languages
from lansquenet_site.page import PageContext, partials
from lansquenet_site.words import Words

LANGS = ("fr", "en")
PREFIX = {"fr": "", "en": "en"}
ROOT = Path(__file__).resolve().parents[2]
WORDS = Words(ROOT / "locales")


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def teach(site: Path, lang: str) -> str:
    return unescape((site / PREFIX[lang] / "teach" / "index.html").read_text("utf-8"))


def test_the_parts_add_up_to_the_lessons_length() -> None:
    parts = plan()
    assert sum(part["minutes"] for part in parts) == length() == 50
    assert parts[0]["start"] == 0
    assert [part["number"] for part in parts] == list(range(1, len(parts) + 1))


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_and_the_class_view_read_the_same_parts(site: Path, lang: str) -> None:
    html = teach(site, lang)
    table = html.split('class="lq-plan-table"', 1)[1].split("</table>", 1)[0]
    shown = [(key, minutes) for key, hidden, minutes in rows_of(table) if not hidden]
    screens = dict(re.findall(r'<section class="lq-part" data-part="(\w+)" data-minutes="(\d+)"', html))
    assert [(key, int(m)) for key, m in shown] == [(part["id"], part["minutes"]) for part in plan()]
    # A screen for every part a teacher may choose, the suggested ones first.
    assert list(screens) == [part["id"] for part in plan()] + [
        k for k in catalogue() if k not in shown_ids(shown)
    ]
    assert {key: int(m) for key, m in screens.items()} == {
        key: part["minutes"] for key, part in catalogue().items()
    }
    assert html.count('data-action="run-class"') == 1
    # Each screen says its minutes in the form their number takes ("2 minutes"; "1 minute").
    said = re.findall(r'<p class="lq-part-minutes">([^<]*)</p>', html)
    assert said == [WORDS.count(lang, "plan.minutes", int(n), minutes=int(n)) for n in screens.values()]


def rows_of(html: str) -> list[tuple[str, bool, str]]:
    """The plan's table's rows: each part's id (the table's data-part-rows, in order),
    whether the row is hidden (not in the plan), its minutes."""
    ids = re.search(r'<tbody data-part-rows="([^"]*)">', html)
    assert ids
    rows = re.findall(r"<tr( hidden)?><td>[^<]*</td><td>(\d+) min</td>", html)
    assert len(rows) == len(ids[1].split())
    return [(key, bool(hidden), minutes) for key, (hidden, minutes) in zip(ids[1].split(), rows, strict=True)]


def shown_ids(rows: list[tuple[str, str]]) -> set[str]:
    return {key for key, _ in rows}


@pytest.mark.parametrize("lang", LANGS)
def test_each_parts_heading_says_its_number_in_the_plan_and_its_minutes(site: Path, lang: str) -> None:
    html = teach(site, lang)
    numbers = {part["id"]: part["number"] for part in plan()}
    for key, part in catalogue().items():
        if not part.get("section"):
            continue
        anchor = WORDS(lang, f"plan.{key}.anchor")
        assert not re.search(r"\d", anchor), anchor  # no number, no minutes: the plan says them
        heading = re.search(rf'<h2 id="{re.escape(anchor)}"[^>]*>(.*?)</h2>', html, re.DOTALL)
        assert heading, (key, anchor)
        text = re.sub(r"<[^>]+>", "", heading[1])
        minutes = WORDS.count(lang, "plan.minutes", part["minutes"], minutes=part["minutes"])
        if key in numbers:  # "7. Who has the edge, and why? (5 minutes)": the counter's "Part 7 of 9"
            assert text.startswith(f"{numbers[key]}. "), (key, text)
            assert WORDS(lang, "plan.heading.length", minutes=minutes) in text, (key, text)
        else:  # a part a teacher may add: optional, its minutes
            assert not re.match(r"\d", text), (key, text)
            assert WORDS(lang, "plan.heading.optional", minutes=minutes) in text, (key, text)
    # "part 7" in the prose is the plan's number of that part.
    for key, number in re.findall(r'data-part-number="(\w+)">(\d+)</span>', html):
        assert int(number) == numbers[key], key


def test_the_class_and_its_codes_work_offline_after_one_visit(site: Path) -> None:
    kept = (site / "sw.js").read_text("utf-8")  # the service worker keeps every page and script
    for path in ("assets/js/class.js", "assets/js/share.js", "assets/vendor/qrcode.mjs", "en/teach/"):
        assert f'"{path}"' in kept, path


@pytest.mark.parametrize("lang", LANGS)
def test_moving_a_part_is_one_edit_to_the_plan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # plan.json's "plan" reordered (the odds before the deals), a part dropped (written),
    # one added (why ban a game?): the table, the screens, the headings' numbers and the
    # prose's "part N" all follow, with no other file touched.
    data = json.loads(class_plan.DATA.read_text("utf-8"))
    order = ["settle", "history", "handout", "rules", "play", "odds", "deals", "ban", "ticket"]
    data["plan"] = order
    data["parts"]["ban"]["minutes"] = 3  # 50 minutes still: the written part's three
    moved = tmp_path / "plan.json"
    moved.write_text(json.dumps(data), "utf-8")
    monkeypatch.setattr(class_plan, "DATA", moved)
    stash: dict[str, str] = {}
    page = PageContext(lang, WORDS, Languages({"fr": "", "en": "en/"}), "teach/", None, stash, partials(ROOT))
    source = (ROOT / "docs" / ("teach.md" if lang == "fr" else "teach.en.md")).read_text("utf-8")
    markdown = class_plan.render_plan(source, page)
    html = "".join(stash.values())
    rows = [key for key, hidden, _ in rows_of(html) if not hidden]
    assert rows == order
    screens = re.findall(r'<section class="lq-part" data-part="(\w+)"', html)
    assert screens[: len(order)] == order
    for number, key in enumerate(order, 1):
        anchor = WORDS(lang, f"plan.{key}.anchor") if catalogue()[key].get("section") else None
        if anchor:
            line = next(line for line in markdown.splitlines() if line.endswith(f"{{ #{anchor} }}"))
            assert f'data-part-number="{key}" data-heading>{number}. </span>' in line, (key, line)
    written = WORDS(lang, "plan.written.anchor")
    line = next(line for line in markdown.splitlines() if line.endswith(f"{{ #{written} }}"))
    assert "data-heading></span>" in line  # dropped: no number, "optional"
    assert f'data-part-number="odds">{order.index("odds") + 1}</span>' in markdown
    assert 'data-part-number="written">–</span>' in markdown


# --- the court game's part (issue 51, item 6) ------------------------------------------

COURT_PART = "court_game"  # plan.json's id of the part (a part's id, not a game's)


def test_the_court_games_part_is_optional_and_its_table_is_found_in_the_registry() -> None:
    from lansquenet import games

    every = catalogue()
    part = every[COURT_PART]
    suggested = [each["id"] for each in plan()]
    # Optional: a teacher ticks it; the suggested 50-minute plan is as it was.
    assert COURT_PART not in suggested and COURT_PART in [p["id"] for p in class_plan.optional_parts()]
    assert sum(each["minutes"] for each in plan()) == length() == 50
    assert part["minutes"] == 10 and part.get("section") and part.get("coach")
    # Its frame is a class's table, the play page, whose game is the court game's: found
    # from plan.json's settings through lansquenet.games, never written in plan.json.
    (frame,) = part["frames"]
    data = json.loads(class_plan.DATA.read_text("utf-8"))
    assert data["frames"][frame] == "play/"
    assert class_plan.tables()[frame] == games.COURT.id
    assert class_plan.tables()["game"] == ""  # the class's table: the default game
    assert f'"{games.COURT.id}"' not in class_plan.DATA.read_text("utf-8")  # named by its settings
    # Its QR code leads to the pupils' page at its section, in both languages.
    page, anchor = part["pupils"].split("#")
    assert page == "class/"
    for name in ("class.md", "class.en.md"):
        assert re.search(
            rf"^## .+ \{{ #{re.escape(anchor)} \}}$", (ROOT / "docs" / name).read_text("utf-8"), re.MULTILINE
        )


def test_a_table_asking_for_settings_no_link_can_open_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(class_plan.DATA.read_text("utf-8"))
    (frame,) = data["parts"][COURT_PART]["frames"]
    data["tables"][frame] = {"fonds": 5}  # a "#rules=" link opens the court game at fonds 1 (C-16)
    changed = tmp_path / "plan.json"
    changed.write_text(json.dumps(data), "utf-8")
    monkeypatch.setattr(class_plan, "DATA", changed)
    with pytest.raises(ValueError, match=frame):
        class_plan.tables()


@pytest.mark.parametrize("lang", LANGS)
def test_the_court_games_part_has_its_screen_table_section_and_words(site: Path, lang: str) -> None:
    from lansquenet import games

    for key in ("title", "does", "anchor"):
        said = WORDS(lang, f"plan.{COURT_PART}.{key}")
        assert said and said != f"plan.{COURT_PART}.{key}", key
        if lang == "fr":  # French typography: no plain space before ; ? ! :
            assert not re.search(r" [;?!:]", said), said
    html = teach(site, lang)
    screen = re.search(rf'<section class="lq-part" data-part="{COURT_PART}"[^>]*>', html)
    assert screen, "no screen for the court game's part"
    (frame,) = catalogue()[COURT_PART]["frames"]
    assert f'data-frames="{frame}"' in screen[0] and " data-coach" in screen[0]
    assert re.search(r'data-pupils="[^"]*class/#court-game"', screen[0]), screen[0]
    iframe = re.search(rf'<iframe class="lq-part-frame" data-frame="{frame}"[^>]*>', html)
    assert iframe, "no frame for the court game's table"
    assert re.search(r'data-src="[^"]*play/"', iframe[0]) and " data-table" in iframe[0]
    assert f'data-rules="{games.COURT.id}"' in iframe[0]
    # The section on the teachers' page links Montmort's figures and the lesson.
    anchor = WORDS(lang, f"plan.{COURT_PART}.anchor")
    section = html.split(f'<h2 id="{anchor}"', 1)[1].split("<h2", 1)[0]
    assert 'href="../montmort/"' in section and 'href="../learn/"' in section
    assert "2 l. 15 s." in section
    # The pupils' page: its section, with the question, and no link to an answer.
    pupils = unescape((site / PREFIX[lang] / "class" / "index.html").read_text("utf-8"))
    own = pupils.split('<h2 id="court-game"', 1)[1].split("<h2", 1)[0]
    assert "<em>" in own and "?" in own
    assert "teach/" not in own and "montmort/" not in own
