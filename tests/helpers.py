"""What the tests share, in one module (a test module never imports from another):

- the permalink codec (docs/assets/js/permalink.js) and the command line;
- the engine's positions the odds tests read;
- the browser's: the engine-ready wait and its one timeout, a page opened in a language,
  the play page's shared pages and its helpers, axe, the projected views.

Imported as ``from helpers import ...`` (pytest.ini puts tests/ on the path), the
benchmarks too (they put tests/ on the path: one module, one name). The engine's tests run inside Pyodide too, where
there is no browser: Playwright is imported only where it is installed.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import lansquenet
from lansquenet import Session, chart, web
from lansquenet.__main__ import main
from lansquenet.diagram import diagram
from lansquenet.table import Table
from lansquenet.view import moves

REPO = Path(__file__).resolve().parents[1]

try:
    from configured import LANGUAGES, PREFIX
except ModuleNotFoundError:  # inside Pyodide (no yaml): the engine's tests alone
    LANGUAGES, PREFIX = (), {}
try:  # the site's and the browser's; inside Pyodide, the engine's tests run without them
    from browser.story import ledger_count, whole_story
    from playwright.sync_api import BrowserContext, Dialog, FloatRect, FrameLocator, Locator, Page, expect

    from lansquenet_site.words import Words

    WORDS = Words(REPO / "locales")
except ImportError:
    pass

# --- the permalink codec ----------------------------------------------------------------


def permalink(data: object) -> str:
    """A permalink's text as play.js writes it (permalink.js: JSON.stringify's compact
    JSON, UTF-8, base64url without its padding); bytes are encoded as they are."""
    raw = (
        data
        if isinstance(data, bytes)
        else json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    )
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def found(pattern: str, text: str, flags: int = 0) -> re.Match[str]:
    """``re.search``, failing the test (the pattern named) where nothing matches."""
    match = re.search(pattern, text, flags)
    assert match, pattern
    return match


def link_to(data: object) -> str:
    """The play page's fragment that opens ``data`` (a scenario, or bytes as they are)."""
    return "#scenario=" + permalink(data)


def scenario_in(url: str) -> dict[str, Any]:
    """The scenario a play page's address holds (its ``#scenario=`` fragment)."""
    fragment = url.split("#", 1)[1]
    assert fragment.startswith("scenario="), url
    text = fragment[len("scenario=") :]
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8"))
    return data


def run(
    args: list[str], *, cwd: Path = REPO, env: dict[str, str] | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """A program run, its output kept as text; unchecked: the caller says what a failure means."""
    return subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


# --- the command line -------------------------------------------------------------------


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m lansquenet ARGS`` with the engine from this work tree (inside Pyodide,
    which has no processes, the same ``main`` in this process)."""
    if sys.platform == "emscripten":
        return in_process(list(args), stdin)
    env = dict(os.environ, PYTHONPATH=str(REPO / "engine"), PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "lansquenet", *args],
        check=False,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=REPO,
        timeout=60,
    )


def in_process(args: list[str], stdin: str | None) -> subprocess.CompletedProcess[str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin or ""), out, err
    try:
        code = main(args)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def assert_not_a_scenario(run: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode == 1
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stderr


# --- the engine inside Pyodide, under Node.js (tests/pyodide/replay.mjs) -----------------

REPLAY_MJS = REPO / "tests" / "pyodide" / "replay.mjs"


def replay_in_node(
    folder: Path, spec_dir: Path, *flags: str, variants: bool = False, stripped: bool = True
) -> dict[str, Any]:
    """replay.mjs's answer (JSON) for the engine's wheel, built into ``folder`` (as the
    site ships it, or with its modules whole where not ``stripped``: --doctest needs their
    docstrings), and the specification's conformance cases (``variants``: VARIANTS.md's
    too), with ``flags`` (--doctest, --restore, --stdlib...)."""
    from lansquenet_site.wheel import build_engine_wheel, write_wheel

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run Pyodide outside a browser (node 20)")
    if not (REPO / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run `npm ci`")
    wheel = write_wheel(build_engine_wheel(REPO, stripped=stripped), folder)
    done = subprocess.run(
        [node, str(REPLAY_MJS), str(wheel), *map(str, case_folders(spec_dir, variants)), *flags],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(
            f"replay.mjs {' '.join(flags)} failed ({done.returncode}):\n{done.stderr[-3000:]}", pytrace=False
        )
    result: dict[str, Any] = json.loads(done.stdout)
    result["wheel"] = str(wheel)
    return result


def case_folders(spec_dir: Path, variants: bool = False) -> list[Path]:
    """The conformance cases' folders: CONFORMANCE.md's, and with ``variants`` VARIANTS.md's
    and the court game's (COURT.md; spec/COURT-CONFORMANCE.md)."""
    more = [spec_dir / "conformance" / "variants", spec_dir / "conformance" / "court"] if variants else []
    return [spec_dir / "conformance", *more]


def cases_here(spec_dir: Path, variants: bool = False) -> dict[str, Any]:
    """CPython's answer (``lansquenet.replay``) to each conformance case (``variants``:
    VARIANTS.md's and the court game's too), by name."""
    from spec_cases import cases_in  # tests/ on the path: not the benchmarks'

    found = [case for folder in case_folders(spec_dir, variants) for case in cases_in(folder)]
    return {p.stem: lansquenet.replay(json.loads(p.read_text("utf-8"))) for p in found}


def assert_answers_as_cpython(results: dict[str, Any], spec_dir: Path, variants: bool = False) -> None:
    """Every conformance case answered (``variants``: VARIANTS.md's too), each exactly as
    CPython answers it."""
    here = cases_here(spec_dir, variants)
    assert here and sorted(results) == sorted(here)
    for name, answer in here.items():
        assert results[name] == answer, name


def session_here() -> list[dict[str, Any]]:
    """CPython's answers to the worker's session (tests/pyodide/session-requests.json)."""
    requests = json.loads(REPLAY_MJS.with_name("session-requests.json").read_text("utf-8"))
    return [json.loads(web.handle(json.dumps(request))) for request in requests]


# --- the engine's positions (the odds of a move) -----------------------------------------

PLAYERS = ["A", "B", "C"]


def at(actions: list[dict[str, Any]], decks: list[list[str]] | None = None) -> Table:
    """The table after ``actions`` at a table of three with 100 counters each."""
    spec = {"players": PLAYERS, "first_banker": "A", "actions": actions, "decks": decks or []}
    table = Session(spec).table
    assert isinstance(table, Table)  # the later game's table (RULES.md)
    return table


ANNOUNCING = at([])  # R-P5
COVERING = at([{"by": "A", "do": "bank", "amount": 12}, {"by": "B", "do": "stake", "amount": 5}])  # R-C2
PAIR = [["7S", "7H"]]  # R-D2: an opening pair, the bank wins at once
WON = at(  # R-B3: the holder chooses after a win
    [
        {"by": "A", "do": "bank", "amount": 12},
        {"by": "B", "do": "stake", "amount": 5},
        {"by": "C", "do": "stake", "amount": 7},
    ],
    PAIR,
)
SALE = at(  # R-B4: the bank offered for sale
    [
        {"by": "A", "do": "bank", "amount": 12},
        {"by": "B", "do": "stake", "amount": 5},
        {"by": "C", "do": "stake", "amount": 7},
        {"by": "A", "do": "leave"},
    ],
    PAIR,
)


def offered(table: Table, lang: str = "en") -> dict[str, dict[str, Any]]:
    """The legal moves of ``table`` as the view offers them, by what they do."""
    return {m["do"]: m for m in moves(table, lang)}


# --- the browser: pages in a language, the engine ready ------------------------------------

READY_MS = 180_000  # a cold Pyodide start on a busy machine
ENGINE_MS = 30_000  # one answer of the engine (a replay of a whole session)


def address(slug: str, lang: str) -> str:
    """The page ``slug`` ("play/", "rules/covering/", "" for home) in ``lang``."""
    return f"/{PREFIX[lang]}{slug}"


PLAY = {lang: address("play/", lang) for lang in LANGUAGES}
LEARN = {lang: address("learn/", lang) for lang in LANGUAGES}
OTHER = {lang: next(other for other in LANGUAGES if other != lang) for lang in LANGUAGES}


def engine_ready(page: Page | FrameLocator, timeout: float = READY_MS) -> None:
    """Wait until the page's engine (Python in its worker) is ready."""
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=timeout)


def ready(page: Page, path: str, size: tuple[int, int]) -> None:
    """``path`` opened in a window of ``size``, computer players instant, its engine ready."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto(path)
    engine_ready(page)


def open_learn(page: Page, lang: str) -> None:
    page.goto(LEARN[lang])
    engine_ready(page)


def settle(page: Page) -> None:
    """Wait until the engine has answered the page's last request."""
    page.locator("#lq-play[aria-busy=false]").wait_for(state="attached", timeout=ENGINE_MS)


def pick_language(page: Page, lang: str, pause_ms: float = 0) -> None:
    """The header's language menu, as a reader uses it: opened (the pointer over its
    button), then ``pause_ms`` later (the pointer's way to the item) ``lang`` clicked."""
    page.locator(".md-header__option .md-select > button").hover()
    if pause_ms:
        page.wait_for_timeout(pause_ms)
    page.locator(f"a.md-select__link[hreflang={lang}]").first.click()


def least_action(to_act: dict[str, Any]) -> dict[str, Any]:
    """A legal action for a step's ``to_act`` (its state's): the first move, its least amount."""
    chosen = to_act["moves"][0]
    action = {"by": to_act["player"], "do": chosen["do"]}
    if chosen["amount"]:
        action["amount"] = chosen["min"]
    return action


def tabs_to(page: Page, selector: str, most: int) -> tuple[int, bool]:
    """Tab from where the focus is, following the skip link (Enter) when it takes the
    focus, until the focus is on ``selector``: how many Tabs it took, and whether the skip
    link was followed (an AssertionError past ``most`` Tabs)."""
    skipped = False
    for tabs in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('a.md-skip')"):
            page.keyboard.press("Enter")
            skipped = True
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return tabs, skipped
    raise AssertionError(f"{selector} is not within {most} Tabs")


def search_for(page: Page, query: str) -> list[str]:
    """What the header's search lists for ``query``, typed as a reader would."""
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(query)
    results = page.locator(".md-search-result__item a")
    expect(results.first).to_be_visible()
    paths: list[str] = results.evaluate_all("links => links.map(a => new URL(a.href).pathname)")
    return paths


# Until the browser has laid out what it shows of ``e`` (a step is content-visibility:
# auto: just shown, or in a tab that draws no frames, its content reads as empty).
LAID_OUT = """e => new Promise((done, fail) => {
    let frames = 0;
    const look = () => e.checkVisibility({contentVisibilityAuto: true}) ? done()
        : ++frames > 600 ? fail(new Error("never laid out")) : requestAnimationFrame(look);
    look();
})"""


def laid_out(step: Locator) -> Locator:
    """``step`` (a stepper's shown step), once its page has drawn its content."""
    step.page.bring_to_front()
    step.scroll_into_view_if_needed()
    step.locator(".lq-text").evaluate(LAID_OUT)
    return step


# --- the play page: one page per language, shared by a module --------------------------


class Shared:
    """The module's ready play pages, in conftest.py's module context (``module_browser``:
    no service worker, Python's snapshot kept, its log checked after each test by
    ``browser_log``)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.pages: dict[str, Page] = {}
        self.dialogs: list[str] = []

    def _dismiss(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def open(self, path: str) -> Page:
        page = self.context.new_page()
        page.on("dialog", self._dismiss)
        page.goto(path)
        engine_ready(page)
        return page

    def play(self, lang: str) -> Page:
        if lang not in self.pages:
            self.pages[lang] = self.open(PLAY[lang])
        page = self.pages[lang]
        # The tab in front: Chromium hides the others (document.hidden), and a hidden
        # page's timers and frames are slowed down to a crawl.
        page.bring_to_front()
        return page


# The fixtures of a module that shares the play pages (imported by name: shared,
# no_dialog_opened, lang, play).
@pytest.fixture(scope="module")
def shared(module_browser: Any) -> Shared:
    module_browser.context.set_default_timeout(ENGINE_MS)
    return Shared(module_browser.context)


@pytest.fixture(autouse=True)
def no_dialog_opened(shared: Shared) -> Iterator[None]:
    """No dialog opened (``browser_log`` checks the rest of what the test did)."""
    yield
    assert not shared.dialogs, shared.dialogs


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def play(shared: Shared, lang: str) -> Page:
    """The language's play page, engine ready, showing an empty table."""
    page = shared.play(lang)
    if page.locator("#lq-game").is_visible():
        tool(page, "new-table")
    expect(page.locator("#lq-setup")).to_be_visible()
    return page


def set_table(
    page: Page,
    names: list[str],
    *,
    balance: str = "100",
    banker: str | None = None,
    decks: str = "",
    finish: str = "",
    seed: str = "7",
) -> None:
    rows = page.locator("#lq-names li")
    while rows.count() > len(names):
        rows.last.locator("button").click()
    while rows.count() < len(names):
        page.locator("[data-act=add-player]").click()
    for i, name in enumerate(names):
        rows.nth(i).locator("input").fill(name)
    page.fill("#lq-balance", balance)
    if banker is None:
        page.select_option("#lq-banker", index=0)
    else:
        page.select_option("#lq-banker", label=banker)
    page.fill("#lq-finish", finish)
    page.fill("#lq-seed", seed)
    page.fill("#lq-decks", decks)
    page.locator("#lq-setup [type=submit]").click()
    settle(page)


def tool(page: Page, act: str) -> None:
    """A tool of the game screen's "More" tab (undo is always on screen)."""
    page.locator("[data-tab=more]").click()
    page.locator(f"[data-act={act}]").click()


def move(page: Page, do: str, amount: int | str | None = None) -> None:
    if amount is not None:
        page.fill("#lq-amount", str(amount))
    page.locator(f"#lq-moves [data-move={do}]").click()
    settle(page)


def scenario_of(page: Page) -> dict[str, Any]:
    """The session the page's address holds."""
    return scenario_in(page.url)


def open_link(page: Page, fragment: str) -> None:
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    settle(page)


def table_rows(page: Page, selector: str) -> list[list[str]]:
    rows = page.locator(f"{selector} tbody tr")
    return [rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())]


def balances(page: Page) -> dict[str, str]:
    return {row[0]: row[1] for row in table_rows(page, "#lq-balances")}


def journal(page: Page) -> list[str]:
    return whole_story(page)  # every deal of the story, opened


def buttons_offered(page: Page) -> list[str]:
    """The moves the page offers, as its buttons say them."""
    return [str(b.get_attribute("data-move")) for b in page.locator("#lq-moves [data-move]").all()]


def svg_text(svg: str) -> str:
    return "".join(ET.fromstring(svg).itertext())


def check_against_engine(page: Page, lang: str) -> dict[str, Any]:
    """Everything the page shows of its session is what the engine says of it."""
    data = scenario_of(page)
    steps = lansquenet.trace(data, lang)
    assert journal(page) == [step["text"] for step in steps]
    state = lansquenet.replay(data)
    expect(page.locator("#lq-counter")).to_have_text(
        WORDS(lang, "stepper.counter", index=len(steps), total=len(steps))
    )
    expect(page.locator("#lq-step-text")).to_have_text(steps[-1]["text"])
    figure = page.locator("#lq-figure svg")
    assert figure.evaluate("svg => svg.textContent") == svg_text(diagram(steps[-1]["state"], lang))
    if state["to_act"]:
        assert sorted(buttons_offered(page)) == sorted(state["to_act"]["can"])
        expect(page.locator("#lq-turn-text")).to_have_text(
            WORDS(lang, "play.turn", player=state["to_act"]["player"])
        )
    else:
        expect(page.locator("#lq-turn")).to_be_hidden()
    assert ledger_count(page) == len(state["deals"])
    return state


# --- the play page's game screen: the reader's seat, the odds ----------------------------


def readers_seat(page: Page) -> str:
    """The seat the reader plays in the game the address holds: the one that is not a
    computer player's."""
    data = scenario_in(page.url)
    (seat,) = [name for name in data["players"] if name not in data["computer"]]
    return str(seat)


def your_turn(page: Page, lang: str, reader: str) -> bool:
    turn = page.locator("#lq-turn-text")
    return turn.is_visible() and (turn.text_content() or "") == WORDS(lang, "play.your_turn", player=reader)


def readers_turns(page: Page, lang: str, reader: str) -> Iterator[None]:
    """Each time it is the reader's turn in the game on the page, until it is over (the
    computer players move meanwhile): ``for _ in readers_turns(...)``, then the move."""
    for _ in range(300):
        settle(page)
        if page.locator("#lq-over").is_visible():
            return
        if not your_turn(page, lang, reader):
            page.wait_for_timeout(30)
            continue
        yield


def simulation_summary(lang: str, deals: int, sim: Any, expected: str) -> str:
    """The two sentences' first under the odds page's chart (``odds.sim.summary``) for the
    simulation ``sim`` of ``deals`` deals, the exact figure written ``expected``."""
    return WORDS.count(
        lang,
        "odds.sim.summary",
        deals,
        deals=chart.number(deals, lang),
        wins=chart.number(sim.bank_wins, lang),
        share=chart.percent(float(sim.bank_share), lang),
        expected=expected,
    )


def moves_with_odds(data: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The engine's moves for the player to act, with their odds (lansquenet.odds)."""
    answer = json.loads(web.handle(json.dumps({"op": "open", "scenario": data, "lang": lang})))
    found: list[dict[str, Any]] = answer["step"]["state"]["to_act"]["moves"]
    return found


AT_COVERING = {
    "players": ["Anne", "Bruno", "Chloé"],
    "first_banker": "Anne",
    "actions": [{"by": "Anne", "do": "bank", "amount": 12}],
}


# --- axe-core, from the npm package (never a CDN): test_accessibility.py says how it runs --

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_violations(page: Page, rules: list[str] | None = None, frames: bool = True) -> list[dict[str, Any]]:
    """Run axe-core on the page as it is now (every rule of TAGS, or only ``rules``; with
    ``frames`` False, its frames left out: each is a page of the site, checked on its
    own); its violations. Colours are read at rest: a finite transition still running (a
    button's colours after the palette is switched: 125 ms) is waited for first."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)"
    )
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # An expression, not a function: evaluated as a script, outside the page's CSP.
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    result: list[dict[str, Any]] = page.evaluate(
        """async ([tags, rules, frames]) => {
            const result = await axe.run(document, { iframes: frames,
                runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
                resultTypes: ["violations"],
            });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
            }));
        }""",
        [TAGS, rules, frames],
    )
    return result


def report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']}")
        for node in v["nodes"][:10]:
            summary = " ".join(str(node["summary"] or "").split())
            lines.append(f"    {node['target']}  -- {summary[:300]}")
        if len(v["nodes"]) > 10:
            lines.append(f"    ... and {len(v['nodes']) - 10} more")
    return "\n".join(lines)


def assert_no_violations(page: Page, where: str, rules: list[str] | None = None, frames: bool = True) -> None:
    violations = axe_violations(page, rules, frames)
    assert not violations, f"axe violations on {where}:\n{report(violations)}"


def built_pages(docs: Path) -> list[str]:
    """The address of every page mkdocs builds from docs/ (suffix layout), and the 404s.
    ``rules/covering.md`` is French, at ``/rules/covering/``; ``rules/covering.en.md``
    is English, at ``/en/rules/covering/``; ``index.md`` is ``/``.
    """
    pages = ["/404.html", "/en/404.html"]
    for md in sorted(docs.rglob("*.md")):
        rel = md.relative_to(docs).as_posix()[: -len(".md")]
        prefix = "/"
        if rel.endswith(".en"):
            rel, prefix = rel[: -len(".en")], "/en/"
        elif rel.endswith(".fr"):
            rel = rel[: -len(".fr")]
        path = "" if rel == "index" else (rel.removesuffix("/index")) + "/"
        pages.append(prefix + path)
    return sorted(set(pages))


PAGES = built_pages(REPO / "docs")


# --- accessibility: ARIA snapshots, keyboard walks, live regions ------------------------

ARIA = Path(__file__).resolve().parent / "browser" / "aria"


def aria_matches(box: Locator, name: str) -> None:
    """``box`` reads to assistive technology as the ARIA snapshot kept under ``name``
    (tests/browser/aria/NAME.yaml, Playwright's format). ``LQ_ARIA_WRITE=1`` writes it
    (read it before keeping it); without it, a missing snapshot fails."""
    path = ARIA / f"{name}.yaml"
    if os.environ.get("LQ_ARIA_WRITE"):
        path.write_text(box.aria_snapshot() + "\n", "utf-8")
    assert path.exists(), f"no ARIA snapshot {path.name}: run with LQ_ARIA_WRITE=1 and read it"
    from playwright.sync_api import expect

    expect(box).to_match_aria_snapshot(path.read_text("utf-8"))


def tab_to(page: Page, selector: str, most: int = 80, backwards: bool = False) -> int:
    """Press Tab (or Shift+Tab) until the focus is on an element matching ``selector``, as
    a keyboard-only reader does; the presses it took. Fails past ``most``."""
    for presses in range(1, most + 1):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"{selector} is not reached within {most} Tabs")


# Every text a live region of the page is given, in order, as a screen reader hears it:
# an emptied region says nothing, and is recorded as "" (so a repeat shows).
LISTEN = """() => {
  if (window.lqListening) window.lqListening.disconnect();
  window.lqHeard = [];
  const regions = () => Array.from(document.querySelectorAll('[aria-live], [role=status], [role=alert]'));
  const observer = new MutationObserver((records) => {
    const changed = new Set();
    for (const r of records) {
      for (const region of regions()) if (region.contains(r.target)) changed.add(region);
    }
    for (const region of changed) window.lqHeard.push(region.textContent.trim());
  });
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  window.lqListening = observer;
}"""


def listen(page: Page) -> None:
    """From now on, record what the page's live regions are given (``heard``)."""
    page.evaluate(LISTEN)


def heard(page: Page) -> list[str]:
    """What the live regions were given since ``listen``, emptied regions left out."""
    told: list[str] = page.evaluate("() => window.lqHeard")
    return [text for text in told if text]


def heard_raw(page: Page) -> list[str]:
    """The same, emptied regions included (as "")."""
    told: list[str] = page.evaluate("() => window.lqHeard")
    return told


# --- the projector view ------------------------------------------------------------------

PROJECTING = re.compile(r"(^|\s)lq-projecting(\s|$)")
# Each visible button of the view is the topmost element at its own centre.
UNCOVERED = """(box) => Array.from(box.querySelectorAll("button")).filter((b) => b.getClientRects().length)
  .filter((b) => { const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(top && b.contains(top)); }).map((b) => b.textContent)"""


def overlapping(a: FloatRect | Mapping[str, float] | None, b: FloatRect | Mapping[str, float] | None) -> bool:
    """Whether two boxes (``x``, ``y``, ``width``, ``height``: a bounding box, a drawing's
    rectangle) share any area."""
    assert a and b
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


# Each of the drawing's words shown is in the window and the topmost thing at its centre
# (no bar, code or panel over it): those that are not.
UNDER = """(box) => { const svg = Array.from(box.querySelectorAll(".lq-figure svg")).find((s) => s.getClientRects().length);
  return Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim()).filter((t) => {
    const r = t.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
    const top = document.elementFromPoint(x, y); return !(top && svg.contains(top)); }).map((t) => t.textContent); }"""


def axe_in(page: Page, box: Locator) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    found: list[dict[str, Any]] = box.evaluate(
        """async (el, tags) => (await axe.run(el, {
            runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })).violations
          .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })) }))""",
        TAGS,
    )
    return found


def projected_lesson(page: Page, path: str, ident: str) -> Locator:
    """The lesson ``ident`` of the lessons page at ``path`` (its engine ready), projected."""
    page.goto(path)
    engine_ready(page)
    box = page.locator(f'section[data-lesson="{ident}"]')
    box.locator('[data-action="projector"]').click()
    expect(box).to_have_class(PROJECTING)
    return box


def decoded(code: Locator) -> str:
    """The text of the QR code ``code`` shows, as a camera would read it (once drawn: a
    code of what was shown before goes at once, the new one comes with its library)."""
    import zxingcpp
    from PIL import Image

    expect(code.locator("svg")).to_be_visible()
    box = code.bounding_box()
    assert box and box["width"] >= 160 and box["height"] >= 160, box  # readable across a room
    assert abs(box["width"] - box["height"]) < 1, box  # square
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(code.screenshot())))
    assert len(found) == 1, found
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return str(found[0].text)


# --- Projected type (issue 45: read from the back of the room) -------------------------
# The characters of the text on the screen under an element, by their font size in px,
# the pages of its frames included (each clipped to its frame); text hidden, transparent
# or scrolled out of sight does not count.
PROJECTED_SIZES = """(root) => {
  const sizes = {};
  function walk(doc, top, clip) {
    const walker = doc.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const chars = node.textContent.replace(/\\s+/g, "").length;
      const element = node.parentElement;
      if (!chars || !element || !element.getClientRects().length) continue;
      const style = doc.defaultView.getComputedStyle(element);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
      const range = doc.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (!box.width || !box.height || box.bottom <= 0 || box.top >= clip.height
          || box.right <= 0 || box.left >= clip.width) continue;
      // Hidden under another element (a fixed bar, a panel over it): not seen by the room.
      const seen = doc.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      if (!seen || (!element.contains(seen) && !seen.contains(element))) continue; // (none: its middle off the screen)
      // A drawing's text (SVG) at its drawn size: its font size in the drawing's units
      // times the drawing's scale on the screen (its box on the screen over its own).
      let scale = 1;
      if (element instanceof doc.defaultView.SVGGraphicsElement && element.ownerSVGElement) {
        const own = element.getBBox();
        const drawn = element.getBoundingClientRect();
        if (own.height) scale = drawn.height / own.height;
      }
      const px = Math.round(parseFloat(style.fontSize) * scale * 10) / 10;
      sizes[px] = (sizes[px] || 0) + chars;
    }
    top.querySelectorAll("iframe").forEach(function (frame) {
      if (frame.hidden || !frame.contentDocument || !frame.getClientRects().length) return;
      const box = frame.getBoundingClientRect();
      walk(frame.contentDocument, frame.contentDocument.body, { width: box.width, height: box.height });
    });
  }
  walk(document, root, { width: innerWidth, height: innerHeight });
  return sizes;
}"""


def projected_sizes(view: Locator) -> dict[float, int]:
    """The characters on the screen under ``view`` (its frames' too, its drawings'), by
    font size in px."""
    sizes: dict[str, int] = view.evaluate(PROJECTED_SIZES)
    return {float(px): chars for px, chars in sizes.items()}


def read_from_the_back(view: Locator, name: object) -> None:
    """The back row's rule (issue 45, issue 52 item 6), the same for every projected
    screen: none of the characters on the screen under ``view`` (its frames' too, its
    drawings' words included) under 18 px, 90 % of them at 24 px or more. ``name`` says
    where, when it fails."""
    sizes = projected_sizes(view)
    assert {px: n for px, n in sizes.items() if px < 18} == {}, (name, sorted(sizes.items()))
    total, large = sum(sizes.values()), sum(n for px, n in sizes.items() if px >= 24)
    assert total and large >= 0.9 * total, (name, sorted(sizes.items()))


# ---- built pages read as text (the history's and the sources' tests) ----
# (configured reads mkdocs.yml: imported where a built page is read, never in Pyodide.)

BLOCK = re.compile(r"<(p|li|td|tr|dd)\b[^>]*>(.*?)</\1>", re.DOTALL)
# What only the teachers' pages carry, never a pupils' page (issue 52, item 2): their
# notes, their collapsed answer keys, the plan, the dossier's key (what each document
# shows: lq-shows).
ANSWERS = re.compile(r'class="[^"]*\blq-(?:teacher|shows)\b|<details class="note"|data-plan\b')


def read(site: Path, lang: str, name: str) -> str:
    """The built page ``name`` (``"rules/history"``) of ``lang``, as HTML."""
    from configured import PREFIX

    return (site / PREFIX[lang] / name / "index.html").read_text("utf-8")


def text(html: str) -> str:
    """The visible text, one space between words, typographic apostrophes made plain."""
    plain = unescape(re.sub(r"<[^>]+>", " ", html)).replace("’", "'")
    return re.sub(r"[\s\u00a0\u202f]+", " ", plain).strip()


def article(html: str) -> str:
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def blocks(html: str) -> list[tuple[str, str]]:
    """Each paragraph, list item, table cell or definition of the article: (its HTML, its
    text); the innermost ones (a list item's own paragraphs are blocks too)."""
    return [(m.group(2), text(m.group(2))) for m in BLOCK.finditer(article(html))]


def pages(site: Path, lang: str) -> list[Path]:
    """Every built page of ``lang`` (a page of another language lives under its prefix)."""
    from configured import LANGUAGES, PREFIX

    prefix = PREFIX[lang]
    others = [PREFIX[o] for o in LANGUAGES if o != lang and PREFIX[o]]
    found = []
    for path in sorted((site / prefix).rglob("index.html") if prefix else site.rglob("index.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith("assets/") or any(rel.startswith(o) for o in others):
            continue
        found.append(path)
    return found


def article_texts(site: Path, lang: str) -> Iterator[tuple[Path, str]]:
    """Each built page of ``lang`` with an article (but the parallel page's source texts,
    as given), and its article's text in lower case."""
    for path in pages(site, lang):
        html = path.read_text("utf-8")
        if "<article" in html and path.parent.name != "parallel":
            yield path, text(article(html)).lower()


# --- the worker's bridge, asked as a page asks (lansquenet.web) ---


def ask(**request: Any) -> dict[str, Any]:
    """The bridge's answer to ``request`` (JSON in, JSON out, as the worker)."""
    answer: dict[str, Any] = json.loads(web.handle(json.dumps(request)))
    return answer


def story_of(opened: dict[str, Any]) -> dict[str, Any]:
    """The whole story of the session just opened: the steps before the open answer's
    ``from``, asked for with ``story`` (a piece at a time), then its own."""
    texts: list[str] = []
    reasons: dict[str, str] = {}
    to = opened["from"]
    while to > 0:  # as viewer.js asks: from the end, each piece up to where the last began
        piece = ask(op="story", to=to)
        assert 0 < len(piece["texts"]) == to - piece["from"] <= web.MAX_STORY
        texts[:0] = piece["texts"]
        reasons |= piece["reasons"]
        to = piece["from"]
    return {"texts": texts + opened["texts"], "reasons": reasons | opened["reasons"]}
