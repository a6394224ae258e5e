"""A long part projects a digest sized to its minutes, with the whole on the pupils'
phones (issue 52, item 3; plan.json's "digest", docs/assets/js/class.js,
templates/plan.html).

A teacher's plan link gives the history, the deals or the bans few minutes, then many:
the class view projects the first of the part's ranked items, as many as its minutes
hold (plan.json's "minutes_each": the one rule, read, not repeated, here), more with
more minutes, never more than the section has, all of it with minutes enough; while
something is left out, one line says the whole is on the pupils' phones. The part's QR
code, decoded as a camera reads it, opens the pupils' page at that part with every item
the view ranks, whatever the minutes: every entry of the timeline, every dated text of
the bans, the 1680 ruling and the questions (includes/ban*.md, the teachers' page's own
words), and no answer."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from configured import LANGUAGES, PREFIX
from helpers import ANSWERS, decoded
from playwright.sync_api import Locator, Page, ViewportSize, expect

from lansquenet_site.class_plan import catalogue
from lansquenet_site.timeline import entries
from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 360, "height": 740}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
# The items projected: each marked element's key, once (an item may be several elements).
SHOWN = """(part) => [...new Set(Array.from(part.querySelectorAll("[data-digest], [data-timeline]"))
  .filter((node) => node.getClientRects().length > 0)
  .map((node) => node.dataset.digest || node.dataset.timeline))]"""


def fits(key: str, minutes: int) -> int:
    """How many of the part's ranked items its minutes hold, from plan.json's rule."""
    digest = catalogue()[key]["digest"]
    return min(len(digest["ranked"]), max(1, math.floor(minutes / digest["minutes_each"] + 1e-9)))


def projected(page: Page, lang: str, key: str, minutes: int) -> tuple[Locator, list[str]]:
    """The class view opened from a plan's link holding the one part ``key`` for
    ``minutes``: its screen, and the keys of the items it projects."""
    page.goto("about:blank")
    page.goto(f"{PATH[lang]}#plan={key}:{minutes}&length={minutes}")
    view = page.locator("#lq-class")
    expect(view).to_be_visible()
    part = view.locator(".lq-part:not([hidden])")
    expect(part).to_have_attribute("data-part", key)
    expect(part.locator(".lq-countdown")).to_have_attribute("data-seconds", str(minutes * 60))
    expect(part).to_have_attribute("data-projected", str(fits(key, minutes)))
    return part, list(part.evaluate(SHOWN))


@pytest.mark.parametrize("key", ["history", "deals", "ban"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_part_projects_more_of_its_section_with_more_minutes_never_more_than_the_whole(
    page: Page, lang: str, key: str
) -> None:
    page.set_viewport_size(SIZE)
    ranked = catalogue()[key]["digest"]["ranked"]
    whole = WORDS(lang, "plan.digest.whole")
    counts = []
    for minutes in (2, catalogue()[key]["minutes"], 15, 60):
        part, shown = projected(page, lang, key, minutes)
        # What matters most first: the first of the ranked items, as many as the minutes hold.
        assert sorted(shown) == sorted(ranked[: fits(key, minutes)]), (key, minutes, shown)
        counts.append(len(shown))
        line = part.locator("[data-digest-whole]")
        if len(shown) < len(ranked):  # something left out: the screen says where the whole is
            expect(line).to_be_visible()
            expect(line).to_have_text(whole)
        else:
            expect(line).to_be_hidden()
    # More minutes, more of it; a few minutes, a little; an hour, the whole section.
    assert counts == sorted(counts) and counts[0] < counts[-1], counts
    assert counts[0] >= 1 and counts[-1] == len(ranked), counts
    # Out of the class view, the teachers' page is whole again.
    page.keyboard.press("Escape")
    expect(page.locator("#lq-class")).to_be_hidden()
    assert page.locator(".lq-not-projected").count() == 0


# The items of the section a heading opens, as a phone shows them: each marked element's
# key, once, in the page's order (the section runs to the next heading as high).
SECTION = """(heading) => {
  const found = [];
  for (let node = heading.nextElementSibling; node && node.tagName !== "H2"; node = node.nextElementSibling) {
    for (const item of [node, ...node.querySelectorAll("[data-digest], [data-timeline]")]) {
      const key = item.dataset.digest || item.dataset.timeline;
      if (key && item.getClientRects().length > 0 && !found.includes(key)) found.push(key);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("key", ["history", "ban"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_part_s_code_opens_its_whole_section_on_a_phone_however_few_the_minutes(
    page: Page, lang: str, key: str
) -> None:
    page.set_viewport_size(SIZE)
    ranked = catalogue()[key]["digest"]["ranked"]
    _, shown = projected(page, lang, key, 2)
    assert len(shown) == fits(key, 2) < len(ranked)  # the screen shows a little of it
    url = decoded(page.locator("#lq-class > .lq-share .lq-share-code"))
    assert not url.split("#")[0].endswith("/teach/"), url
    phone = page.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(url)
    # The pupils' page at the part, in the page's language: every item of the section the
    # screen left out, the history's timeline entries in their order, the bans' dated
    # texts, the 1680 ruling and the four questions; no answer key, no teacher's note.
    assert phone.locator("html").get_attribute("lang") == lang
    heading = phone.locator(f"h2#{url.split('#', 1)[1]}")
    expect(heading).to_have_count(1)
    expect(heading).to_be_in_viewport()
    items = heading.evaluate(SECTION)
    if key == "history":
        assert items == [entry.key for entry in entries()]
    assert sorted(items) == sorted(ranked), (key, sorted(set(ranked) ^ set(items)))
    assert not ANSWERS.search(phone.content()), ANSWERS.search(phone.content())
    # Read on a phone: nothing wider than its screen (no sideways scroll).
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.close()
