"""axe-core on every built page, light and dark palettes: no violation.

axe-core comes from the npm package (``node_modules/axe-core/axe.min.js``, pinned in
package.json), never from a CDN. The pages' Content-Security-Policy allows no inline
script but the hashed ones, so ``page.add_script_tag`` (an inline script) is refused;
axe's source goes in through ``page.evaluate`` instead, which the DevTools protocol
runs outside the page's CSP, and the page's own policy stays on while axe runs.

Checked: every HTML page of the built site (``test_every_built_page_is_checked`` fails
when a page is built that the list below misses), each in one of its two languages, the
French and the English page in turn from one page to the next (as every browser flow
runs in one language: tests/browser/conftest.py; ``LQ_FULL=1`` checks both). The two
languages are one template with other words: what axe checks (structure, names, roles,
colours) is the same in both, and the words themselves (every catalogue entry in both
languages, each page's ``lang``) are checked in tests/site. In Material's light (``default``)
palette, then in its dark one (``slate``) after a tap on the palette's toggle, in the
same page, with axe's rules on colours (a palette changes nothing else; a reader whose
system asks for dark gets the same palette at once, every rule checked there:
``test_a_dark_system_gets_the_dark_palette``); the play page in the middle of a deal (a
table set up, a bank announced, one stake) and a stepper half-way through its steps. Rules: every axe rule tagged wcag2a, wcag2aa, wcag21a,
wcag21aa or best-practice. A failure lists each violation with its targets.

The diagram's text is SVG; axe checks the contrast of HTML text only, so the suits'
colours on the diagram are checked by ``test_svg_suit_colours_contrast`` against the
colours the engine writes (lansquenet.diagram).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from configured import LANGUAGES
from configured import LANGUAGES as LANGS
from helpers import PAGES, assert_no_violations, axe_violations, engine_ready
from playwright.sync_api import Page, expect

from browser.devices import PHONE
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
SCHEMES = {"light": "default", "dark": "slate"}
# What a palette changes: colours. In the dark palette, after every rule in the light one,
# axe's rules on colours (text contrast, links told apart from text by colour alone).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


# Each page's address without its language: "" (home), "404.html", "rules/covering/", ...
SLUGS = sorted({path.removeprefix("/en/").lstrip("/") for path in PAGES})


def address(slug: str, lang: str) -> str:
    """The page ``slug`` in ``lang``: /rules/covering/ in French, /en/rules/covering/."""
    return ("/en/" if lang == "en" else "/") + slug


def html_pages(site: Path) -> list[str]:
    """The address of every HTML file in a built site."""
    found = []
    for html in site.rglob("*.html"):
        rel = html.relative_to(site).as_posix()
        if rel.startswith("assets/"):
            continue
        found.append("/" + (rel.removesuffix("index.html")))
    return sorted(found)


def open_in(page: Page, path: str, scheme: str, browser_log: Any) -> None:
    """Open ``path`` as a reader whose system asks for ``scheme`` (light or dark)."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    if path.endswith("404.html"):
        browser_log.allow_status(404, path)
    page.goto(path)
    browser_log.settle(page)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES[scheme])


def assert_none_in_either_palette(page: Page, where: str) -> None:
    """No violation in the light palette the page shows, then no colour violation in the
    dark one, turned on by the palette's toggle as a reader taps it (Material changes no
    colour gradually)."""
    assert_no_violations(page, f"{where} (light)")
    page.locator("form[data-md-component=palette] label:visible").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES["dark"])
    assert_no_violations(page, f"{where} (dark)", COLOUR_RULES)


def test_axe_runs_and_finds_a_planted_violation(page: Page) -> None:
    """axe really runs here: an image without a text alternative is reported."""
    page.goto("/")
    page.evaluate(
        "() => { const i = document.createElement('img'); i.src = 'data:,'; i.id = 'bare'; document.querySelector('article').append(i); }"
    )
    violations = axe_violations(page)
    assert any(v["id"] == "image-alt" and any("#bare" in n["target"] for n in v["nodes"]) for v in violations)


def test_every_built_page_is_checked(built_site: Any) -> None:
    assert html_pages(built_site.path) == PAGES
    assert sorted(address(slug, lang) for slug in SLUGS for lang in LANGS) == PAGES  # each in both


@pytest.mark.parametrize("lang", LANGS)
def test_a_dark_system_gets_the_dark_palette(page: Page, browser_log: Any, lang: str) -> None:
    path = address("", lang)
    open_in(page, path, "dark", browser_log)
    assert_no_violations(page, f"{path} (dark from the start)")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_page_has_no_axe_violation(page: Page, browser_log: Any, slug: str, lang: str) -> None:
    path = address(slug, lang)
    open_in(page, path, "light", browser_log)
    assert_none_in_either_palette(page, path)


@pytest.mark.parametrize("lang", LANGS)
def test_stepper_half_way_has_no_axe_violation(page: Page, browser_log: Any, lang: str) -> None:
    path = address("rules/settlement/", lang)
    open_in(page, path, "light", browser_log)
    section = page.locator(".lansquenet-scenario").first
    expect(section.locator(".lq-controls")).to_be_visible()
    total = section.locator(".lq-step").count()
    section.focus()
    for _ in range(total // 2):
        page.keyboard.press("ArrowRight")
    expect(section).to_have_attribute("data-current", str(total // 2))
    assert_none_in_either_palette(page, f"{path} stepper at step {total // 2 + 1}/{total}")


def play_until_one_stake(page: Page) -> None:
    """On the play page: set up the default table, announce a bank, stake once."""
    engine_ready(page)
    page.locator("#lq-seed").fill("7")
    page.locator("#lq-banker").select_option(index=1)
    page.locator("#lq-setup [type=submit]").click()
    game = page.locator("#lq-game")
    expect(game).to_be_visible()
    page.locator("#lq-amount").fill("10")
    page.locator('#lq-moves [data-move="bank"]').click()
    expect(page.locator('#lq-moves [data-move="stake"]')).to_be_visible()
    expect(page.locator("#lq-play")).to_have_attribute("aria-busy", "false")
    page.locator("#lq-amount").fill("4")
    page.locator('#lq-moves [data-move="stake"]').click()
    expect(page.locator("#lq-play")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#lq-situation")).to_contain_text(re.compile(r"\b6\b"))
    expect(page.locator("#lq-figure svg")).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_play_page_mid_deal_has_no_axe_violation(page: Page, browser_log: Any, lang: str) -> None:
    path = address("play/", lang)
    open_in(page, path, "light", browser_log)
    play_until_one_stake(page)
    assert_none_in_either_palette(page, f"{path} mid-deal")


# --- colours that axe does not reach --------------------------------------------------


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""
    a, b = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_contrast_formula() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48


def diagram_texts(svg: str) -> list[tuple[str, str, float, float]]:
    """Each text of a diagram: (fill, the fill of what lies under it, x, y).

    A text's fill is its own or, where it has none, the nearest enclosing element's (the
    drawing's own ink, a card's colour): SVG's inheritance. A text inside a group with a
    rect (a seat, a card, a note) lies on that rect; any other text lies on the felt
    ellipse (checked from the coordinates) or else on the page.
    """
    root = ElementTree.fromstring(svg)
    svg_ns = "{http://www.w3.org/2000/svg}"
    felt = root.find(f"{svg_ns}ellipse")
    assert felt is not None and felt.get("fill"), "the diagram draws its felt"
    cx, cy, rx, ry = (float(felt.get(k) or 0) for k in ("cx", "cy", "rx", "ry"))
    found: list[tuple[str, str, float, float]] = []

    def walk(element: ElementTree.Element, fill: str | None, ground: str | None) -> None:
        fill = element.get("fill") or fill
        if element.tag == f"{svg_ns}g":
            rect = element.find(f"{svg_ns}rect")
            if rect is not None:
                assert rect.get("fill"), ElementTree.tostring(element)
                ground = rect.get("fill")
        if element.tag == f"{svg_ns}text":
            assert fill, f"a text with no fill of its own or inherited: {ElementTree.tostring(element)!r}"
            x, y = float(element.get("x") or 0), float(element.get("y") or 0)
            if ground is None:
                inside = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 1
                assert inside, f"text at {x},{y} lies off the felt, on the page's own background"
            found.append((fill, ground or str(felt.get("fill")), x, y))
            return
        for child in element:
            walk(child, fill, ground)

    walk(root, None, None)
    return found


def _full(colour: str) -> str:
    colour = colour.lstrip("#")
    return "#" + ("".join(c * 2 for c in colour) if len(colour) == 3 else colour)


def test_svg_suit_colours_contrast() -> None:
    """The suits are #b00020 (red) and #111 (black) on white cards: both at least 4.5:1."""
    assert contrast("#b00020", "#ffffff") >= 4.5
    assert contrast("#111111", "#ffffff") >= 4.5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_diagram_text_contrasts_with_what_lies_under_it(lang: str) -> None:
    """axe checks HTML text only; the diagram's SVG text is checked here, at every step
    of every bundled scenario: red and black suits, names, counters, the bank, the
    direction of covering, each on its card, seat or the felt, at least 4.5:1."""
    import lansquenet
    from lansquenet.diagram import diagram

    pairs: set[tuple[str, str]] = set()
    suits = set()
    for name in lansquenet.names():
        for step in lansquenet.trace(lansquenet.load(name), lang):
            svg = diagram(step["state"], lang)
            for fill, under, _x, _y in diagram_texts(svg):
                pairs.add((_full(fill), _full(under)))
            suits |= {_full(f) for f in re.findall(r'<g class="lq-card[^"]*"[^>]*>.*?fill="(#\w+)">', svg)}
    assert {"#b00020", "#111111"} <= {fill for fill, _ in pairs}, pairs
    low = {pair: round(contrast(*pair), 2) for pair in pairs if contrast(*pair) < 4.5}
    assert not low, f"SVG text below 4.5:1 (fill, background): {low}"


@PHONE
@pytest.mark.parametrize("lang", LANGS)
def test_what_the_site_keeps_is_reached_by_keyboard_on_a_phone_and_axe_clean(
    page: Page, browser_log: Any, lang: str
) -> None:
    """The footer's control (forget.js) on a 360 px phone: reached with Tab, opened with
    Enter, its dialog holding the focus, its buttons 44 px tall, no sideways scroll, axe
    clean in both palettes; Escape closes it and gives the focus back."""
    path = address("rules/covering/", lang)
    open_in(page, path, "light", browser_log)
    opener = page.locator("footer [data-lq-forget-open]")
    expect(opener).to_have_text(WORDS(lang, "forget.open"))
    for _ in range(200):  # Tab through the page until the footer's control has the focus
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.hasAttribute('data-lq-forget-open')"):
            break
    expect(opener).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.locator("#lq-forget")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text(WORDS(lang, "forget.open"))
    expect(dialog.locator("[data-lq-kept=worker]")).to_have_text(
        WORDS(lang, "forget.none")
    )  # workers blocked here
    assert page.evaluate("() => document.getElementById('lq-forget').contains(document.activeElement)")
    for button in [opener, *dialog.get_by_role("button").all()]:
        box = button.bounding_box()
        assert box and box["height"] >= 44, button
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert_no_violations(page, f"{path} with what the site keeps open (light)")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    # The dark palette (its toggle is under the modal dialog: closed first), colours only.
    page.locator("form[data-md-component=palette] label:visible").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES["dark"])
    opener.click()
    expect(dialog).to_be_visible()
    assert_no_violations(page, f"{path} with what the site keeps open (dark)", COLOUR_RULES)
