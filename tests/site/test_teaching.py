"""The teaching pages as built: the lesson's four prepared deals, and the rules in two languages.

- teach (fr, en): the worked example and four stacked-deck scenarios (an opening pair, a
  banco returning stakes, a sale of the bank, the fourth holder who cannot resell) are
  rendered by the engine into the page, with the right numbers at their last step; each
  is followed by a link that opens the very same scenario on the play page.
- parallel (fr, en): the six sections of the source texts, French then English, one pair
  per section, each column with its ``lang``, word for word as in spec/seeds.
- sheet, score: the printable sheets are there in both languages, inside ``.lq-sheet``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import helpers
import pytest
from configured import LANGUAGES as LANGS

import lansquenet
from lansquenet_site import typography

PREFIX = {"fr": "", "en": "en/"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


# ---- a small DOM, enough to walk the built pages ----


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def text(self) -> str:
        """The visible text, without the ¶ permalinks of headings."""
        return "".join(
            c if isinstance(c, str) else c.text()
            for c in self.children
            if not isinstance(c, Node) or "headerlink" not in c.classes
        )

    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.elements():
            found += child.walk()
        return found

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Node]:
        return [n for n in self.walk() if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def dom(path: Path) -> Node:
    builder = _Builder()
    builder.feed(path.read_text(encoding="utf-8"))
    return builder.root


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# ---- the four prepared deals ----

NAMES = ("opening-pair", "banco", "sale", "fourth-holder")

# What each deal must end with, worked out by hand from RULES.md (not from the engine):
# the balances at the last step, the bank then in play, and events the trace must show.
EXPECTED: dict[str, dict[str, Any]] = {
    # Anne 10; Bruno 4, Chloé 3, David 3; 8♠ 8♥ opening pair (R-D2): bank 20; Anne
    # withdraws the 10 winnings (R-B3): balance 90 + 10, the bank goes on at 10.
    "opening-pair": {
        "balances": {"Anne": 100, "Bruno": 96, "Chloé": 97, "David": 97},
        "bank": 10,
        "events": ["opening_pair", "bank_wins", "winnings_withdrawn"],
    },
    # Anne 20; Bruno 6, Chloé 5, David banco (R-C2): 11 returned, David covers 20;
    # 6♦ J♣ 3♥ 9♠ 6♠: the bank wins 20 and is kept at 40.
    "banco": {
        "balances": {"Anne": 80, "Bruno": 100, "Chloé": 100, "David": 80},
        "bank": 40,
        "events": ["banco", "bank_wins", "bank_kept"],
    },
    # Anne 10; Bruno 5, Chloé 5; the bank wins (20); Anne leaves, Bruno declines, Chloé
    # buys for 20 (R-B4); David 12 + Anne 8; J♥: the players win; Chloé's bank is empty
    # and Bruno, right of the original holder Anne, must announce (R-B2).
    "sale": {
        "balances": {"Anne": 118, "Bruno": 95, "Chloé": 75, "David": 112},
        "bank": None,
        "events": ["bank_offered", "bank_declined", "bank_bought", "players_win", "bank_returned"],
        "next_banker": "Bruno",
    },
    # Four wins in a row, three sales (Anne → Bruno 20 → Chloé 40 → David 80); David,
    # the fourth holder, leaves with 160 and cannot resell (R-B6); Bruno announces next.
    "fourth-holder": {
        "balances": {"Anne": 60, "Bruno": 110, "Chloé": 120, "David": 180, "Émile": 30},
        "bank": None,
        "events": ["bank_bought", "bank_bought", "bank_bought", "bank_left"],
        "next_banker": "Bruno",
    },
}

FENCE = re.compile(r"^```lansquenet[ \t]*\n(?P<body>.*?)\n```[ \t]*$", re.MULTILINE | re.DOTALL)


def fences(markdown: str) -> list[str]:
    return [m["body"].strip() for m in FENCE.finditer(markdown)]


def scenarios_of(repo_root: Path, lang: str) -> dict[str, dict[str, Any]]:
    """The four JSON scenarios of docs/teach(.en).md, in page order (the worked example first)."""
    page = repo_root / "docs" / ("teach.md" if lang == "fr" else "teach.en.md")
    found = fences(page.read_text(encoding="utf-8"))
    assert found[0] == "worked-example", found[0]
    assert len(found) == 5, f"{page}: expected the worked example and four scenarios"
    return dict(zip(NAMES, (json.loads(body) for body in found[1:]), strict=True))


def last_balances(section: Node) -> dict[str, int]:
    """The balances table of a rendered scenario's last step: each player, and the bank if any."""
    last = section.find_all("li", "lq-step")[-1]
    table = last.find_all("table", "lq-balances")[0]
    rows: dict[str, int] = {}
    for row in table.find_all("tr"):
        head, cells = row.find_all("th"), row.find_all("td")
        if head and cells:
            rows[squash(head[0].text())] = int(squash(cells[0].text()).split()[0])
    return rows


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def page(site: Path, lang: str, name: str) -> Node:
    return dom(site / PREFIX[lang] / name / "index.html")


def test_teach_pages_hold_the_same_four_scenarios(repo_root: Path) -> None:
    assert scenarios_of(repo_root, "fr") == scenarios_of(repo_root, "en")


@pytest.mark.parametrize("name", NAMES)
def test_each_scenario_is_legal_and_ends_as_worked_out(repo_root: Path, name: str) -> None:
    data = scenarios_of(repo_root, "fr")[name]
    assert "seed" not in data
    result = lansquenet.replay(data)
    assert "error" not in result, result.get("error")
    assert len(result["deals"]) == len(data["decks"]), "every deal's cards are given explicitly"
    want = EXPECTED[name]
    assert result["balances"] == want["balances"]
    assert (result["bank"] or {}).get("amount") == want["bank"]
    total = sum(result["balances"].values()) + (want["bank"] or 0)
    assert total == data["balance"] * len(data["players"])  # R-T3
    if "next_banker" in want:
        assert result["to_act"] == {"player": want["next_banker"], "can": ["bank"]}
    codes = [step["event"]["code"] for step in lansquenet.trace(data, "en")]
    it = iter(codes)
    assert all(code in it for code in want["events"]), codes  # in this order


def test_opening_pair_scenario_turns_no_third_card(repo_root: Path) -> None:
    deal = lansquenet.replay(scenarios_of(repo_root, "fr")["opening-pair"])["deals"][0]
    assert deal["opening_pair"] and deal["exposed"] == [] and deal["winner"] == "bank"


def test_fourth_holder_scenario_has_three_sales_and_no_fourth_offer(repo_root: Path) -> None:
    data = scenarios_of(repo_root, "fr")["fourth-holder"]
    assert len(data["players"]) == 5
    steps = lansquenet.trace(data, "en")
    holders = [s["state"]["bank"]["holder"] for s in steps if s["event"]["code"] == "bank_bought"]
    assert holders == ["Bruno", "Chloé", "David"]
    last_offer = max(i for i, s in enumerate(steps) if s["event"]["code"] == "bank_offered")
    left = [i for i, s in enumerate(steps) if s["event"]["code"] == "bank_left"]
    assert len(left) == 1 and left[0] > last_offer and left[0] == len(steps) - 1
    before = steps[left[0] - 1]["state"]["bank"]
    assert before["sales"] == 3 and before["original_holder"] == "Anne" and before["amount"] == 160
    for deal, bank in zip(lansquenet.replay(data)["deals"], (10, 20, 40, 80), strict=True):
        assert deal["bank"] == bank and deal["winner"] == "bank"


@pytest.mark.parametrize("lang", LANGS)
def test_teach_page_renders_the_scenarios_with_their_numbers(site: Path, lang: str) -> None:
    sections = page(site, lang, "teach").find_all("section", "lansquenet-scenario")
    assert len(sections) == 5, "the worked example and the four prepared deals"
    worked, *prepared = sections
    assert last_balances(worked) == {"A": 88, "B": 105, "C": 107}
    for name, section in zip(NAMES, prepared, strict=True):
        want = EXPECTED[name]
        rows = last_balances(section)
        players = {k: v for k, v in rows.items() if k in want["balances"]}
        others = {k: v for k, v in rows.items() if k not in want["balances"]}
        assert players == want["balances"], name
        assert list(others.values()) == ([want["bank"]] if want["bank"] else []), (name, others)
        events = [li.attrs["data-event"] for li in section.find_all("li", "lq-step")]
        it = iter(events)
        assert all(code in it for code in want["events"]), (name, events)
        assert int(section.attrs["data-steps"]) == len(events)


@pytest.mark.parametrize("lang", LANGS)
def test_teach_prose_states_the_numbers_the_engine_shows(site: Path, lang: str) -> None:
    """The sentence after each deal ("At the last step: Anne 100, …") agrees with the engine."""
    text = squash(page(site, lang, "teach").find_all("article")[0].text())
    intro = {"fr": "À la dernière étape :", "en": "At the last step:"}[lang]
    summaries = [s.split(".")[0] for s in text.split(intro)[1:]]
    assert len(summaries) == 4
    for name, summary in zip(NAMES, summaries, strict=True):
        for player, balance in EXPECTED[name]["balances"].items():
            assert f"{player} {balance}" in summary, (name, summary)


def scenario_of_permalink(href: str) -> dict[str, Any]:
    """The scenario a play-page link holds: ``#scenario=`` then base64url of UTF-8 JSON (play.js)."""
    fragment = urlsplit(href).fragment
    assert fragment.startswith("scenario="), href
    assert re.fullmatch(r"[A-Za-z0-9_-]+", fragment.removeprefix("scenario=")), "base64url, no padding"
    return helpers.scenario_in(href)


def permalink(data: dict[str, Any]) -> str:
    """The fragment play.js writes for a scenario (JSON.stringify: compact, UTF-8, keys in order)."""
    return "scenario=" + helpers.permalink(data)


@pytest.mark.parametrize("lang", LANGS)
def test_each_prepared_deal_links_to_itself_on_the_play_page(site: Path, repo_root: Path, lang: str) -> None:
    path = site / PREFIX[lang] / "teach" / "index.html"
    html = path.read_text(encoding="utf-8")
    links = [a for a in dom(path).find_all("a") if "scenario=" in a.attrs.get("href", "")]
    scenarios = scenarios_of(repo_root, lang)
    paths = [urlsplit(a.attrs["href"]).path for a in links]
    assert paths == ["../play/"] * 4  # the play page of this page's language
    for name, link in zip(NAMES, links, strict=True):
        want = scenarios[name]
        assert scenario_of_permalink(link.attrs["href"]) == want, (
            f"{name}: the link does not hold the scenario above it; use play.md#{permalink(want)}"
        )
        assert urlsplit(link.attrs["href"]).fragment == permalink(want)  # byte for byte what play.js writes
    # Each link sits right after its own scenario, before the next one.
    sections = [m.start() for m in re.finditer(r'<section class="lansquenet-scenario"', html)][1:]
    anchors = [html.index(a.attrs["href"].replace("&", "&amp;")) for a in links]
    for k, at in enumerate(anchors):
        assert sections[k] < at and (k + 1 == len(sections) or at < sections[k + 1])


@pytest.mark.parametrize("lang", LANGS)
def test_teach_page_links_everything_a_lesson_needs(site: Path, lang: str) -> None:
    hrefs = [a.attrs.get("href", "") for a in page(site, lang, "teach").find_all("a")]
    paths = {urlsplit(h).path for h in hrefs if not h.startswith(("#", "http"))}
    for target in ("../play/", "../odds/", "../sheet/", "../score/", "../parallel/", "../rules/history/"):
        assert target in paths, (target, sorted(paths))


@pytest.mark.parametrize("lang", LANGS)
def test_teach_page_has_a_timed_plan_of_fifty_minutes(site: Path, lang: str) -> None:
    table = page(site, lang, "teach").find_all("table")[0]
    rows = [row for row in table.find_all("tr")[1:] if "hidden" not in row.attrs]  # the suggested plan's
    minutes = [squash(row.elements()[1].text()) for row in rows]
    durations = [int(m.split()[0]) for m in minutes]
    assert len(durations) >= 5 and sum(durations) == 50, minutes


# ---- the rules in two languages ----


def seed_sections(spec_dir: Path, lang: str) -> list[tuple[str, str, str]]:
    text = (spec_dir / "seeds" / f"rules.{lang}.txt").read_text(encoding="utf-8")
    found = re.findall(r"^(0\d) /\n\n(.+?)\n\n(.+?)\n\n", text, re.MULTILINE)
    assert len(found) == 6, f"rules.{lang}.txt: six sections expected"
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_parallel_page_pairs_the_six_sections(site: Path, spec_dir: Path, lang: str) -> None:
    root = page(site, lang, "parallel")
    grids = root.find_all("div", "lq-parallel")
    assert len(grids) == 1
    pairs = [n for n in grids[0].elements() if "lq-pair" in n.classes]
    assert len(pairs) == 6
    seeds = {code: seed_sections(spec_dir, code) for code in LANGS}
    for index, pair in enumerate(pairs):
        columns = pair.elements()
        assert [c.attrs.get("lang") for c in columns] == ["fr", "en"], index
        for column in columns:
            code = column.attrs["lang"]
            number, title, body = seeds[code][index]
            if code == "fr":  # the French column is set in French typography (issue 12)
                title, body = typography.fix(title), typography.fix(body)
            heading = column.find_all("h2")[0]
            assert squash(heading.text()) == squash(f"{number} / {title}")
            assert heading.attrs["id"] == f"{code}-{number}"
            paragraphs = [squash(p.text()) for p in column.find_all("p")]
            assert paragraphs == [squash(body)], (code, number)


@pytest.mark.parametrize("lang", LANGS)
def test_parallel_page_is_in_its_own_language_around_the_columns(site: Path, lang: str) -> None:
    root = page(site, lang, "parallel")
    assert root.find_all("html")[0].attrs["lang"] == lang
    assert all(c.attrs.get("lang") in LANGS for c in root.find_all("div", "lq-col"))


# ---- the printable sheets ----


@pytest.mark.parametrize("lang", LANGS)
def test_sheets_are_wrapped_for_print(site: Path, lang: str) -> None:
    for name in ("sheet", "score"):
        assert len(page(site, lang, name).find_all("div", "lq-sheet")) == 1, name
    rules = page(site, lang, "sheet").find_all("div", "lq-rules")[0]
    assert len(rules.find_all("h2")) == 8  # the six steps, our readings, the example


@pytest.mark.parametrize("lang", LANGS)
def test_score_sheet_has_a_row_per_deal_and_a_column_per_player(site: Path, lang: str) -> None:
    table = page(site, lang, "score").find_all("table", "lq-score-grid")[0]
    head = [squash(th.text()) for th in table.find_all("thead")[0].find_all("th")]
    fixed = {
        "fr": ["Donne", "Banquier", "Banque", "Mises", "Cartes", "Gagnant", "Suite", "Banque après"],
        "en": ["Deal", "Banker", "Bank", "Stakes", "Cards", "Winner", "Then", "Bank after"],
    }[lang]
    assert head[:8] == fixed  # "bank after the deal": step 4's check can be made (R-T3)
    assert len(head) == 8 + 10  # up to 10 players (R-S1)
    rows = table.find_all("tbody")[0].find_all("tr")
    deals = [r for r in rows if squash(r.elements()[0].text()).isdigit()]
    assert len(deals) >= 15
    for row in rows:
        cells = row.find_all("td")
        assert len(cells) == (7 + 10 if row in deals else 10)
        assert all(not squash(cell.text()) for cell in cells), "blank cells, to fill by hand"
