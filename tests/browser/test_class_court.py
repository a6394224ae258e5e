"""The court game's part of the teachers' plan (issue 51, item 6; plan.json's optional
part ``court_game``, class.js, class-frame.js).

A teacher's own plan with the court game's part added runs from its link in a browser
that never saw it; in that part the screen shows the play page opened on the court game
(COURT.md), its table seated with the names typed beforehand and projected for the coach:
the holder's one move, "Deal" (C-17), dealt from the screen; on R its coach shows each
coupeur's chance at every step of the coup, the engine's (C-15). The view's QR code (decoded as a camera reads it)
leads to the pupils' page at the part's section, not to the game, and neither that page
nor a page one tap from it shows an answer (the crawl's rules, test_class_crawl.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from configured import LANGUAGES, PREFIX
from helpers import ANSWERS, UNCOVERED, decoded, overlapping, read_from_the_back
from playwright.sync_api import Locator, Page, ViewportSize, expect

from browser.test_class_crawl import Links, teachers
from lansquenet import web
from lansquenet_site.class_plan import catalogue
from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}


def opening(link: Locator) -> dict[str, Any]:
    """The bridge's request that opens the game a table's link holds, as the page opens it
    (permalink.js: ``#quick=`` a quick game's short text, ``#scenario=`` the scenario)."""
    expect(link).to_have_attribute("href", re.compile(r"#(quick|scenario)="), timeout=60_000)
    fragment = (link.get_attribute("href") or "").split("#", 1)[1].split("&step=")[0]
    kind, text = fragment.split("=", 1)
    if kind == "quick":
        return {"op": "short", "link": text}
    return {"op": "open", "link": text}


def engine_coach(opened: dict[str, Any], index: int, lang: str) -> dict[str, Any] | None:
    """The coach at step ``index`` of the game ``opened`` opens, as the engine computes it
    (CPython: view.court_coach, from court_odds.chances)."""
    assert "error" not in json.loads(web.handle(json.dumps({**opened, "lang": lang})))
    steps = json.loads(web.handle(json.dumps({"op": "steps", "from": index, "to": index + 1, "lang": lang})))
    coach: dict[str, Any] | None = steps["steps"][0]["coach"]
    return coach


PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
PART = "court_game"
NAMES = ["Zoé", "Yann", "Inès", "Malo"]  # every seat the class's: the holder is a pupil


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plan_with_the_court_game_projects_its_table_and_its_code_leads_to_the_pupils_question(
    page: Page, lang: str
) -> None:
    page.set_viewport_size(SIZE)
    page.goto(PATH[lang])
    part_item = page.locator(f'[data-plan-parts] [data-part-item="{PART}"]')
    part_item.locator("[data-plan-in]").check()
    rows = page.locator("[data-plan-table] tbody tr:not([hidden])")
    titles = [r.locator("td").nth(2).inner_text().strip() for r in rows.all()]
    assert WORDS(lang, f"plan.{PART}.title") in titles
    page.locator('[data-plan-action="share"]').click()
    link = str(page.locator("[data-plan-share] .lq-share .lq-share-link").get_attribute("href"))

    # Its link, in a browser that never saw it, the class's names typed there beforehand.
    browser = page.context.browser
    assert browser
    other = browser.new_context(service_workers="block")
    other.add_init_script("localStorage.setItem('lansquenet.pace', '0')")
    other.add_init_script(f"localStorage.setItem('lq.class.seats', {', '.join(NAMES)!r})")
    fresh = other.new_page()
    fresh.set_viewport_size(SIZE)
    fresh.goto(link)
    view = fresh.locator("#lq-class")
    expect(view).to_be_visible()
    for _ in range(len(catalogue())):
        if view.locator(".lq-part:not([hidden])").get_attribute("data-part") == PART:
            break
        fresh.keyboard.press("PageDown")
    part = view.locator(".lq-part:not([hidden])")
    expect(part).to_have_attribute("data-part", PART)
    expect(part.locator(".lq-countdown")).to_have_attribute(
        "data-seconds", str(catalogue()[PART]["minutes"] * 60)
    )

    # The court game's table, seated with the names, projected for the coach.
    (name,) = catalogue()[PART]["frames"]
    frame = view.locator(f'iframe[data-frame="{name}"]')
    expect(frame).to_be_visible()
    expect(view.locator('iframe[data-frame="game"]')).to_be_hidden()
    table = fresh.frame_locator(f'iframe[data-frame="{name}"]')
    expect(table.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
    projected = table.locator("#lq-view")
    expect(projected).to_have_class(re.compile(r"\blq-projecting\b"))
    deal = table.locator("#lq-moves [data-move=deal]")
    expect(deal).to_be_visible(timeout=30_000)  # C-17: the holder's one move
    expect(deal).to_have_text(re.compile(re.escape(WORDS(lang, "play.move.deal"))))
    seated = projected.inner_text()
    assert all(each in seated for each in NAMES[:2]), seated
    names = {each: seated.count(each) for each in NAMES}
    assert sum(1 for count in names.values() if count) >= 2, names

    # The class deals from the screen (the decision's one move); on R the coach shows,
    # stepping back through the coup, each coupeur's chance that his card comes before
    # the holder's and the holder's of making the hand: the engine's for that position
    # (court_odds.chances, through view.court_coach), nothing once the coup is decided.
    shared = projected.locator("> .lq-share .lq-share-link")
    unplayed = shared.get_attribute("href") or ""
    projected.locator(".lq-decision .lq-decision-move").click()
    expect(shared).not_to_have_attribute("href", unplayed)  # the game's link follows its deal
    expect(table.locator("#lq-coach p")).to_have_count(1)  # the next coup's: no card on the table yet
    expect(table.locator("#lq-coach p")).to_be_hidden()  # the coach's chances wait for R
    fresh.keyboard.press("r")
    expect(table.locator("#lq-game")).to_have_attribute("data-odds", "on")
    expect(table.locator("#lq-coach p").last).to_be_visible()
    data = opening(shared)
    coach = table.locator("#lq-coach p")
    seen = 0
    while seen == 0:
        counter = table.locator("#lq-counter")
        before = counter.text_content()
        fresh.keyboard.press("ArrowLeft")  # the class view steps the projected table
        expect(counter).not_to_have_text(before or "")
        index = int(re.findall(r"\d+", counter.text_content() or "")[0]) - 1  # "Step 5 / 9"
        assert index > 0, "no step of the coup had a coupeur's card coached"
        expected = engine_coach(data, index, lang)
        if expected is None:  # the coup decided at that step: nothing
            expect(coach).to_have_count(0)
            continue
        expect(coach).to_have_text([card["text"] for card in expected["cards"]] + [expected["text"]])
        befores = [p.get_attribute("data-before") for p in coach.all()[:-1]]
        assert befores == [card["before"] for card in expected["cards"]]
        expect(coach.last).to_be_visible()
        seen = len(expected["cards"])

    # The view's code, not the table's: the pupils' page at the part's section.
    expect(projected.locator("> .lq-share .lq-share-code")).to_be_hidden()
    code = view.locator("> .lq-share .lq-share-code")
    expect(code).to_be_visible()
    url = decoded(code)
    assert url.endswith(f"/{PREFIX[lang]}class/#court-game"), url
    assert not teachers(url), url

    # No answer on it, nor one tap away.
    html = fresh.request.get(url.split("#")[0]).text()
    assert not ANSWERS.search(html)
    assert 'id="court-game"' in html
    links = Links()
    links.feed(html)
    for href in links.found:
        target = urljoin(url, href).split("#")[0]
        if urlsplit(target).netloc != urlsplit(url).netloc:
            continue
        assert not teachers(target), target
        assert not ANSWERS.search(fresh.request.get(target).text()), target
    other.close()


# Each piece of the court game's projected table, as boxes on the class view's screen
# (the frame's offset added): the narration, the deal's result, the coach, the decision,
# the drawing, the step bar's pieces (its buttons, the rules badge, the step).
TABLE_PIECES = """(view, frame) => {
  const at = frame.getBoundingClientRect();
  const doc = frame.contentDocument, table = doc.querySelector("#lq-view");
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const named = [
    ["narration", table.querySelector(":scope > .lq-text")], ["result", table.querySelector(":scope > .lq-result")],
    ["coach", doc.querySelector("#lq-coach")], ["decision", table.querySelector(".lq-decision")],
    ["drawing", table.querySelector(".lq-figure svg")],
    ...Array.from(table.querySelectorAll(".lq-controls > *")).map((e, i) => ["bar" + i, e]),
  ];
  return named.filter(([, e]) => shown(e) && (e.tagName === "svg" || e.textContent.trim())).map(([name, e]) => {
    const r = e.getBoundingClientRect();
    return { name, x: at.left + r.left, y: at.top + r.top, width: r.width, height: r.height };
  }).filter((b) => b.width && b.height);
}"""


def court_read_from_the_back(page: Page, lang: str, size: ViewportSize, moment: str) -> None:
    """Issue 52 item 6 on the court game's part: the back row's rule every projected screen
    is held to (helpers.read_from_the_back: none under 18 px, 90 % at 24 px, the drawing's
    words too), the table whole in its frame (nothing cut, no scroll either way), and
    nothing over anything: the view's code and its link, the part's head, the frame, the
    class's bar; in the frame, the narration, the result, the coach, the decision, the
    drawing and the step bar's pieces."""
    where = (lang, f"{size['width']}x{size['height']}", moment)
    view = page.locator("#lq-class")
    page.wait_for_timeout(300)  # the layout settled
    read_from_the_back(view, where)
    frame = view.locator('iframe[data-frame="court_table"]')
    box = frame.bounding_box()
    head = view.locator(".lq-part:not([hidden]) .lq-part-head").bounding_box()
    bar = view.locator(".lq-class-bar").bounding_box()
    code = view.locator("> .lq-share .lq-share-code").bounding_box()
    caption = view.locator("> .lq-share figcaption").bounding_box()
    assert box and head and bar and code and caption
    assert head["y"] + head["height"] <= box["y"] + 1 and box["y"] + box["height"] <= bar["y"] + 1, where
    assert box["x"] + box["width"] <= size["width"], where
    table = page.frame_locator('iframe[data-frame="court_table"]')
    projected = table.locator("#lq-view.lq-projecting")
    assert projected.evaluate(
        "(v) => v.scrollWidth <= v.clientWidth + 1 && v.scrollHeight <= v.clientHeight + 1"
    ), where
    assert table.locator("html").evaluate(
        "(h) => h.scrollWidth <= innerWidth && h.scrollHeight <= innerHeight + 1"
    ), where
    assert projected.evaluate(UNCOVERED) == [], where  # every button in sight, none under another
    pieces = view.evaluate(TABLE_PIECES, frame.element_handle())
    names = {piece["name"] for piece in pieces}
    assert {"narration", "decision", "drawing"} <= names, (where, pieces)
    for piece in pieces:  # in the frame: nothing cut
        assert box["x"] - 1 <= piece["x"] and piece["x"] + piece["width"] <= box["x"] + box["width"] + 1, (
            where,
            piece,
            box,
        )
        assert box["y"] - 1 <= piece["y"] and piece["y"] + piece["height"] <= box["y"] + box["height"] + 1, (
            where,
            piece,
            box,
        )
    outside = [
        {"name": "code", **code},
        {"name": "caption", **caption},
        {"name": "head", **head},
        {"name": "bar", **bar},
    ]
    met = [
        (a["name"], b["name"])
        for i, a in enumerate(pieces + outside)
        for b in (pieces + outside)[i + 1 :]
        if {a["name"], b["name"]} != {"code", "caption"} and overlapping(a, b)
    ]
    assert met == [], (where, met, pieces)
    met = [piece["name"] for piece in pieces if overlapping(piece, code) or overlapping(piece, caption)]
    assert met == [], where


# The projectors the part is held to: 1280x720 (16:9) and 1024x768 (4:3; there the view's
# code goes to the bottom right corner, so that the frame takes the window's width:
# projector.css).
PROJECTORS: list[ViewportSize] = [SIZE, {"width": 1024, "height": 768}]


@pytest.mark.parametrize("size", PROJECTORS, ids=[f"{s['width']}x{s['height']}" for s in PROJECTORS])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_court_game_s_part_is_read_from_the_back_whole_in_its_frame(
    page: Page, lang: str, size: ViewportSize
) -> None:
    # Issue 52 item 6 for issue 51's part: on a projector, before any deal, in
    # the middle of a coup (the coupeurs' cards and their stakes on the felt), at its end,
    # and after R (the coach's chances): read from the back, whole, nothing over anything.
    page.set_viewport_size(size)
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")
    page.add_init_script(f"localStorage.setItem('lq.class.seats', {', '.join(NAMES)!r})")
    page.goto(f"{PATH[lang]}#plan={PART}:{catalogue()[PART]['minutes']}&length=55")
    view = page.locator("#lq-class")
    expect(view.locator(".lq-part:not([hidden])")).to_have_attribute("data-part", PART)
    table = page.frame_locator('iframe[data-frame="court_table"]')
    expect(table.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
    projected = table.locator("#lq-view.lq-projecting")
    expect(projected.locator(".lq-figure svg.lq-projected")).to_have_count(1)
    deal = projected.locator(".lq-decision .lq-decision-move")
    expect(deal).to_be_visible(timeout=30_000)
    court_read_from_the_back(page, lang, size, "before any deal")
    counter = table.locator("#lq-counter")
    before = counter.text_content() or ""
    shared = projected.locator("> .lq-share .lq-share-link")
    unplayed = shared.get_attribute("href") or ""
    deal.click()
    expect(counter).not_to_have_text(before, timeout=30_000)
    expect(deal).to_be_visible(timeout=30_000)
    court_read_from_the_back(page, lang, size, "the coup's end")
    page.keyboard.press("r")
    expect(table.locator("#lq-game")).to_have_attribute("data-odds", "on")
    court_read_from_the_back(page, lang, size, "after R")
    # Back to the step with the most coupeurs' cards on the felt (every coupeur's, in
    # nearly every coup; the latest such step), found in the engine's drawings of the game
    # the table holds: the step's counter changes before its drawing comes, so the
    # drawing's stakes are awaited there, never read on the way.
    expect(shared).not_to_have_attribute("href", unplayed)  # the game's link follows its deal
    opened = json.loads(web.handle(json.dumps({**opening(shared), "lang": lang})))
    total = int(opened["count"])
    assert re.findall(r"\d+", counter.text_content() or "") == [str(total)] * 2, total  # "Step 15 / 15"
    first = max(0, total - web.MAX_STEPS)
    drawn = json.loads(
        web.handle(
            json.dumps({"op": "steps", "from": first, "to": total, "lang": lang, "drawing": "projected"})
        )
    )["steps"]
    stakes = {first + i: step["svg"].count('class="lq-stake"') for i, step in enumerate(drawn)}
    target = max(stakes, key=lambda index: (stakes[index], index))
    for _ in range(total - 1 - target):
        before = counter.text_content() or ""
        page.keyboard.press("ArrowLeft")
        expect(counter).not_to_have_text(before)
    assert re.findall(r"\d+", counter.text_content() or "") == [str(target + 1), str(total)]
    expect(projected.locator(".lq-figure .lq-stake")).to_have_count(stakes[target])
    court_read_from_the_back(page, lang, size, counter.text_content() or "")
