"""The class's table plays for real (issue 52 item 4; docs/assets/js/decision.js, vote.js,
play.js, computer.js): in the class view, the projected table's vote chooses an amount
(the engine's least, half, all, or a number the teacher types) and that amount is what
the engine gets; a finished game offers "carry on" and "new game" (its rules among the
page's presets, its seats with computer players or none); named pupils play alone; and
nothing plays ahead while the table is not on the screen.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from configured import LANGUAGES, PREFIX
from helpers import UNCOVERED, overlapping, read_from_the_back, scenario_in
from playwright.sync_api import FrameLocator, Locator, Page, ViewportSize, expect
from runs import FULL

from lansquenet import quicklink
from lansquenet.session import Session
from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}
FOUR_THREE: ViewportSize = {"width": 1024, "height": 768}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
GAME = 'iframe[data-frame="game"]'


def run_class(page: Page, lang: str, seats: str, pace: int = 0) -> Locator:
    page.set_viewport_size(SIZE)
    page.add_init_script(f"localStorage.setItem('lansquenet.pace', '{pace}')")
    page.add_init_script(f"localStorage.setItem('lq.class.seats', {seats!r})")
    page.goto(PATH[lang])
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    expect(view).to_have_attribute("data-current", "0")
    return view


def to_part(page: Page, view: Locator, name: str) -> FrameLocator:
    """The class's table in the part ``name`` (PageDown to it)."""
    names = [part.get_attribute("data-part") for part in view.locator(".lq-part").all()]
    for _ in range(names.index(name) - int(view.get_attribute("data-current") or "0")):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(names.index(name)))
    table = page.frame_locator(GAME)
    expect(table.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
    return table


def played(page: Page) -> list[dict[str, Any]]:
    """The actions of the class's game, as the engine holds them: read from the table's
    own address (its short link, or its permalink), decoded by the engine."""
    for _ in range(100):  # the table's address holds its game once the engine opened it
        frame = next(f for f in page.frames if f.url.split("#")[0].endswith("/play/"))
        fragment = unquote(frame.url.split("#", 1)[1])
        if not fragment.startswith("seats="):
            break
        page.wait_for_timeout(100)
    if fragment.startswith("quick="):
        text = fragment[len("quick=") :].split("&")[0]
        return list(Session(quicklink.scenario_of(text)).scenario()["actions"])
    return list(scenario_in(frame.url)["actions"])


def class_decision(projected: Locator) -> Locator:
    """The next decision of the class on the projected table: its lone move's panel, or its vote."""
    decision, vote = projected.locator(".lq-decision:not(.lq-decision-over)"), projected.locator(".lq-vote")
    expect(decision.or_(vote)).to_be_visible(timeout=30_000)
    return decision if decision.is_visible() else vote


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_vote_chooses_the_amount_the_engine_gets(page: Page, lang: str) -> None:
    # Four of the class's names: every decision is the class's (no computer player).
    view = run_class(page, lang, "Zoé, Yann, Inès, Malo")
    table = to_part(page, view, "play")
    projected = table.locator("#lq-view.lq-projecting")
    counter = projected.locator(".lq-counter")
    half = typed = 0
    while not (half and typed):
        assert half + typed < 2 and len(played(page)) < 12, played(page)
        now = class_decision(projected)
        before = counter.inner_text()
        if "lq-decision" in (now.get_attribute("class") or ""):  # a bank to announce: its lone move
            now.locator(".lq-decision-move").click()
            expect(counter).not_to_have_text(before, timeout=30_000)
            continue
        sized = now.locator("li:has(.lq-vote-amounts)")
        if not sized.count():  # a vote with no move that takes an amount
            now.locator("button.lq-vote-move").first.click()
            expect(counter).not_to_have_text(before, timeout=30_000)
            continue
        # The move that takes an amount carries them: none chosen at first.
        amounts = sized.locator(".lq-vote-amounts button[data-amount]")
        assert amounts.count() >= 1
        expect(sized.locator('[aria-pressed="true"]')).to_have_count(0)
        stake = sized.locator("button.lq-vote-move")
        box = stake.bounding_box()
        assert box and box["height"] >= 44
        # Pressed before an amount: refused on the screen, the game as it was.
        count = len(played(page))
        stake.click()
        said = now.locator(".lq-vote-title.lq-vote-asking")  # said in the vote's title
        expect(said).to_be_visible()
        expect(said).to_contain_text(re.compile(r"\d"))
        assert counter.inner_text() == before and len(played(page)) == count
        assert projected.evaluate(UNCOVERED) == []  # every button in sight, none under the bar
        action = table.locator("#lq-view .lq-vote li:has(.lq-vote-amounts) button.lq-vote-move")
        if not half:
            # The engine's "half" (its presets: least, half, all), pressed, then the move.
            labels = [b.get_attribute("aria-label") or b.inner_text() for b in amounts.all()]
            name = WORDS(lang, "play.preset.half", amount="").strip(": \u202f\u00a0")
            index = next((i for i, label in enumerate(labels) if name in label), len(labels) - 1)
            chosen = amounts.nth(index)
            amount = int(chosen.get_attribute("data-amount") or "0")
            chosen.click()
            expect(chosen).to_have_attribute("aria-pressed", "true")
            action.click()
            half += 1
        else:
            # A number the teacher types (the least here, typed), then Enter.
            amount = int(amounts.first.get_attribute("data-amount") or "0")
            field = sized.locator("input.lq-decision-other")
            field.fill(str(amount))
            field.press("Enter")
            typed += 1
        expect(counter).not_to_have_text(before, timeout=30_000)
        last = played(page)[-1]
        assert last["do"] == "stake" and last["amount"] == amount, (last, amount)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_game_offers_carry_on_and_a_new_game_of_the_named_pupils_alone_under_a_variant(
    page: Page, lang: str
) -> None:
    view = run_class(page, lang, "Zoé, Yann")
    table = to_part(page, view, "play")
    projected = table.locator("#lq-view.lq-projecting")
    expect(projected).to_be_visible()
    balances = projected.locator("#lq-balances")
    expect(balances).to_contain_text("Anne")  # the class's two, two computer players (Anne, Bruno)
    # Time is up (the table's own tool), and the game is over: the screen offers the rest.
    table.locator('[data-act="end"]').evaluate("(button) => button.click()")
    over = projected.locator(".lq-decision-over")
    expect(over).to_be_visible(timeout=30_000)
    expect(over).to_contain_text(WORDS(lang, "play.finished"))
    assert projected.evaluate(UNCOVERED) == []  # its every control in sight, none under the bar
    # Carry on: the same game goes on where it stopped (its steps kept, a decision again).
    counter = projected.locator(".lq-counter")
    steps = int(re.findall(r"\d+", counter.inner_text())[-1])
    over.locator('[data-decision="carry-on"]').click()
    expect(over).to_have_count(0)
    class_decision(projected)
    assert int(re.findall(r"\d+", counter.inner_text())[-1]) >= steps - 1  # all but "time is up"
    expect(balances).to_contain_text("Anne")
    # Over again; now a new game: the two pupils alone, under another preset of the page's.
    table.locator('[data-act="end"]').evaluate("(button) => button.click()")
    expect(over).to_be_visible(timeout=30_000)
    rules = over.locator("select.lq-decision-rules")
    options = rules.locator("option")
    assert options.count() >= 2  # the page's presets (play.html, from the engine's list)
    value = options.nth(options.count() - 1).get_attribute("value") or ""
    name = table.locator(f'#lq-rules option[value="{value}"]').get_attribute("data-name") or ""
    rules.select_option(value)
    computers = over.locator('input[type="checkbox"]')
    expect(computers).to_be_checked()
    computers.uncheck()
    over.locator('[data-decision="new-game"]').click()
    expect(over).to_have_count(0)
    expect(balances).not_to_contain_text("Anne")  # Zoé and Yann, and nobody else
    expect(balances).not_to_contain_text("Bruno")
    expect(balances).to_contain_text("Zoé")
    expect(balances).to_contain_text("Yann")
    expect(projected.locator("#lq-rules-badge")).to_contain_text(name)
    # The pupils play it from the screen, every move theirs: no computer player thinks.
    for _ in range(3):
        now = class_decision(projected)
        before = counter.inner_text()
        if "lq-decision" in (now.get_attribute("class") or ""):
            expect(now.locator(".lq-decision-who")).to_contain_text(re.compile("Zoé|Yann"))
            now.locator(".lq-decision-move").click()
        else:
            sized = now.locator("li:has(.lq-vote-amounts)")
            if sized.count():
                sized.locator(".lq-vote-amounts button[data-amount]").first.click()
                sized.locator("button.lq-vote-move").click()
            else:
                now.locator("button.lq-vote-move").first.click()
        expect(counter).not_to_have_text(before, timeout=30_000)
    players = {action["by"] for action in played(page)}
    assert players <= {"Zoé", "Yann"} and players, players
    expect(table.locator(".lq-computer-turn")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_plays_ahead_while_the_class_s_table_is_not_on_the_screen(page: Page, lang: str) -> None:
    # No names typed: the class plays one seat, computer players the others (a pace a
    # class can follow). Out of the play part, the table waits; in the odds part, it goes on.
    view = run_class(page, lang, "", pace=1500)
    table = to_part(page, view, "play")
    projected = table.locator("#lq-view.lq-projecting")
    expect(projected).to_be_visible()
    counter = projected.locator(".lq-counter")
    thinking = table.locator("#lq-turn.lq-computer-turn")
    for _ in range(6):  # a computer player about to move (the class's own moves made meanwhile)
        expect(
            thinking.or_(table.locator("#lq-turn:not(.lq-computer-turn) #lq-moves button")).first
        ).to_be_attached(timeout=30_000)
        if thinking.count():
            break
        before = counter.inner_text()
        table.locator("#lq-moves button").first.evaluate("(button) => button.click()")
        expect(counter).not_to_have_text(before, timeout=30_000)
    expect(thinking).to_have_count(1)
    page.keyboard.press("PageDown")  # the part after: the table out of sight
    expect(view.locator(GAME)).to_be_hidden()
    at = table.locator("#lq-counter").inner_text()
    page.wait_for_timeout(4_000)  # a computer player's pause, more than twice over
    assert table.locator("#lq-counter").inner_text() == at, "the computer players played ahead"
    expect(thinking).to_have_count(1)
    page.keyboard.press("PageDown")  # the odds part: the table on the screen again, it moves
    expect(projected).to_be_visible()
    expect(counter).not_to_have_text(at, timeout=30_000)


# What the class view shows of a part, as boxes: its head's pieces (title, minutes,
# countdown), the code and its caption, the bar's controls, the live frame, and the first
# heading or paragraph of the part's material under the head (the material scrolls under
# the head, which hides it: that is no overlap); where two of them share any area, they overlap.
PIECES = """(view) => {
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const part = view.querySelector(".lq-part:not([hidden])");
  const head = part.querySelector(".lq-part-head").getBoundingClientRect().bottom - 1;
  const named = [
    ["title", part.querySelector(".lq-part-head h2")], ["minutes", part.querySelector(".lq-part-minutes")],
    ["countdown", part.querySelector(".lq-countdown")], ["code", view.querySelector(":scope > .lq-share .lq-share-code")],
    ["caption", view.querySelector(":scope > .lq-share figcaption")], ["frame", view.querySelector("iframe.lq-part-frame:not([hidden])")],
    ["material", Array.from(part.querySelectorAll(".lq-part-material :is(h2, h3, h4, p)"))
      .find((e) => shown(e) && e.getBoundingClientRect().top >= head)],  // what scrolled under the head is under it
    ...Array.from(view.querySelectorAll(".lq-class-bar > *")).map((e, i) => ["bar" + i, e]),
  ];
  return named.filter(([, e]) => shown(e)).map(([name, e]) => {
    const r = e.getBoundingClientRect();
    return { name, x: r.left, y: r.top, width: r.width, height: r.height };
  });
}"""


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, SIZE], ids=["1024x768", "1280x720"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_overlaps_in_the_class_view(page: Page, lang: str, size: ViewportSize) -> None:
    # Issue 52: no piece of a part's screen over another, at a 4:3 and a 16:9 projector.
    view = run_class(page, lang, "")
    page.set_viewport_size(size)
    for index in range(view.locator(".lq-part").count()):
        expect(view).to_have_attribute("data-current", str(index))
        name = view.locator(".lq-part:not([hidden])").get_attribute("data-part")
        page.wait_for_timeout(300)  # the part's code drawn, its frame placed
        pieces = view.evaluate(PIECES)
        met = [
            (a["name"], b["name"])
            for i, a in enumerate(pieces)
            for b in pieces[i + 1 :]
            if {a["name"], b["name"]} != {"code", "caption"}
            and overlapping(a, b)
            and not (a["name"] == "material" and b["name"] == "frame")
        ]
        assert met == [], (name, met, pieces)
        page.keyboard.press("PageDown")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_s_table_address_may_seat_the_names_alone_under_a_variant(page: Page, lang: str) -> None:
    # What the class view opens its table with ("#seats=", permalink.js), with the table's
    # two choices: "&computers=no" seats the names alone, "&rules=" sets a preset.
    page.set_viewport_size(SIZE)
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")
    page.goto(f"/{PREFIX[lang]}play/")
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
    option = page.locator("#lq-rules option[data-rules]").last  # a preset of the page's (play.html)
    value, name = option.get_attribute("value") or "", option.get_attribute("data-name") or ""
    page.evaluate("(hash) => { location.hash = hash; }", f"#seats=Zo%C3%A9,Yann&computers=no&rules={value}")
    expect(page.locator("#lq-game")).to_be_visible(timeout=30_000)
    expect(page.locator("#lq-rules-badge")).to_contain_text(name)
    expect(page).to_have_url(re.compile(r"#scenario="))  # no quick game's short form: the game itself
    scenario = scenario_in(page.url)
    assert scenario["players"] == ["Zoé", "Yann"] and scenario["computer"] == {}, scenario


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_4_3_projector_reads_every_part_from_the_back(page: Page, lang: str) -> None:
    # Issue 52 item 6: at 1024x768, every part held to the back row's rule of 1280x720:
    # the parts whose material is a page, and the class's table's two (its frame
    # projected: the drawing, the narration, the vote or the decision, the code, the step
    # bar; the odds part again after R, with the odds page's frame shown under the
    # table, as it opens: its title and its first lines), with
    # nothing over anything in the table's frame and no sideways scroll in it.
    view = run_class(page, lang, "")
    page.set_viewport_size({"width": 1024, "height": 768})
    for index in range(view.locator(".lq-part").count()):
        expect(view).to_have_attribute("data-current", str(index))
        part = view.locator(".lq-part:not([hidden])")
        name = part.get_attribute("data-part") or ""
        for frame in view.locator("iframe.lq-part-frame:visible").all():
            inner = page.frame_locator(f'iframe[data-frame="{frame.get_attribute("data-frame")}"]')
            expect(inner.locator("html.lq-framed")).to_have_count(1)
        if part.get_attribute("data-coach") is not None:
            table = page.frame_locator(GAME)
            expect(table.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
            projected = table.locator("#lq-view.lq-projecting")
            expect(projected.locator(".lq-figure svg.lq-projected")).to_have_count(1)
            expect(projected.locator(".lq-decision, .lq-vote").first).to_be_visible(timeout=30_000)
            page.wait_for_timeout(300)  # the code drawn, the frame's layout settled
            shown = [name]
            if part.get_attribute("data-reveal"):
                read_from_the_back(view, name)
                page.keyboard.press("r")  # the vote's odds, and the odds page's frame
                expect(view.locator('iframe[data-frame="chart"]')).to_be_visible()
                chart = page.frame_locator('iframe[data-frame="chart"]')
                expect(chart.locator("html.lq-framed")).to_have_count(1)
                page.wait_for_timeout(300)
                shown.append("revealed")
            assert projected.evaluate(UNCOVERED) == [], shown  # every button in sight, none under another
            assert projected.evaluate("(v) => v.scrollWidth <= v.clientWidth + 1"), shown
            assert table.locator("html").evaluate("(h) => h.scrollWidth <= innerWidth"), shown
        read_from_the_back(view, " ".join(shown) if part.get_attribute("data-coach") is not None else name)
        page.keyboard.press("PageDown")


# A page's charts (SVG drawn by lansquenet.chart) in sight in its window: their ids; and
# the words of each chart shown, as boxes on the screen: the pairs that meet.
CHARTS_IN_SIGHT = """(html) => Array.from(html.ownerDocument.querySelectorAll("svg.lq-chart"))
  .filter((svg) => { const r = svg.getBoundingClientRect();
    return svg.getClientRects().length && r.bottom > 0 && r.top < innerHeight; }).map((svg) => svg.id)"""
CHART_WORDS_MEETING = """(html) => { const met = [];
  html.ownerDocument.querySelectorAll("svg.lq-chart").forEach((svg) => {
    if (!svg.getClientRects().length) return;
    const words = Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim())
      .map((t) => [t.textContent, t.getBoundingClientRect()]);
    words.forEach(([a, r], i) => words.slice(i + 1).forEach(([b, s]) => {
      if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1)
        met.push([svg.id, a, b]); }));
    words.forEach(([a, r]) => { const box = svg.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1) met.push([svg.id, a, "the chart's edge"]); });
  });
  return met; }"""
# One screen further down the page (its window's height, less a line), or false at its end.
SCROLL_ON = """(html) => { const s = html.ownerDocument.scrollingElement, at = s.scrollTop;
  s.scrollTo({ top: at + innerHeight - 60, behavior: "instant" }); return s.scrollTop > at; }"""


@pytest.mark.parametrize(
    "size", [FOUR_THREE, SIZE] if FULL else [FOUR_THREE], ids=["1024x768", "1280x720"][: 2 if FULL else 1]
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_odds_page_under_the_table_reads_from_the_back_to_its_end(
    page: Page, lang: str, size: ViewportSize
) -> None:
    # Issue 52 item 6: the odds part after R shows the odds page in a frame under the
    # class's table; the teacher scrolls it down to its charts. Every screen of it, to its
    # end, held to the back row's rule (none under 18 px, 90 % at 24 px, the charts' words
    # too), each chart in sight on one of them, no chart's words over each other or out of
    # it, no sideways scroll in the frame.
    view = run_class(page, lang, "")
    page.set_viewport_size(size)
    table = to_part(page, view, "odds")
    expect(
        table.locator("#lq-view.lq-projecting .lq-decision, #lq-view.lq-projecting .lq-vote").first
    ).to_be_visible(timeout=30_000)
    page.keyboard.press("r")  # the vote's odds, and the odds page's frame
    frame = view.locator('iframe[data-frame="chart"]')
    expect(frame).to_be_visible()
    odds = page.frame_locator('iframe[data-frame="chart"]')
    expect(odds.locator("html.lq-framed")).to_have_count(1)
    charts = odds.locator("svg.lq-chart")
    expect(charts.first).to_be_attached()
    every = set(
        charts.evaluate_all("(all) => all.filter((svg) => svg.getClientRects().length).map((svg) => svg.id)")
    )
    assert len(every) >= 2, every  # the length of a deal, the simulation's share (each shown once)
    frame.evaluate("(f) => f.scrollIntoView({ block: 'start', behavior: 'instant' })")  # the teacher's scroll
    html = odds.locator("html")
    seen: set[str] = set()
    for screen in range(40):
        page.wait_for_timeout(100)  # the frame's page redrawn where it scrolled
        where = f"{size['width']}x{size['height']}, odds page, screen {screen}"
        read_from_the_back(view, where)
        assert html.evaluate("(h) => h.scrollWidth <= innerWidth"), where
        assert html.evaluate(CHART_WORDS_MEETING) == [], where
        seen.update(html.evaluate(CHARTS_IN_SIGHT))
        if not html.evaluate(SCROLL_ON):
            break
    else:
        raise AssertionError("the odds page never ended")
    assert seen == every, (seen, every)
