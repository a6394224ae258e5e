"""Smoke test of the site chrome in a real Chromium: languages, switcher, 404, search.

Every test here is also checked by ``browser_log`` (conftest.py): no request outside
127.0.0.1, no console error, no failed response.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import pick_language, search_for
from playwright.sync_api import Page, Route, expect

TWINS = [("/", "/en/"), ("/rules/covering/", "/en/rules/covering/")]


def switch_language(page: Page, lang: str) -> None:
    """Use the header's language selector as a reader would: open it, pick a language."""
    pick_language(page, lang)
    page.wait_for_load_state()


@pytest.mark.parametrize(("french", "english"), TWINS)
def test_language_switcher_goes_to_the_twin(page: Page, base_url: str, french: str, english: str) -> None:
    page.goto(french)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    switch_language(page, "en")
    expect(page).to_have_url(base_url.rstrip("/") + english)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch_language(page, "fr")
    expect(page).to_have_url(base_url.rstrip("/") + french)
    expect(page.locator("html")).to_have_attribute("lang", "fr")


@pytest.mark.parametrize("path", ["/", "/en/", "/rules/covering/", "/en/rules/covering/"])
def test_page_loads_nothing_but_its_own_files(page: Page, browser_log: Any, path: str) -> None:
    response = page.goto(path)
    assert response is not None and response.status == 200
    page.wait_for_load_state("networkidle")
    # Material fetches sitemap.xml only beside <link rel=alternate> (overrides/main.html).
    assert not [url for url in browser_log.requests if url.endswith("sitemap.xml")]


def test_missing_page_answers_in_both_languages(page: Page, browser_log: Any) -> None:
    browser_log.allow_status(404, "/en/no-such-page/")
    response = page.goto("/en/no-such-page/")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_contain_text("Page introuvable")
    expect(page.locator("h1")).to_contain_text("Page not found")
    # A static host serves this page at any depth: its language switcher's links are
    # absolute, on the site's own address (site_url, http://127.0.0.1:8000/ in a local
    # build), and lead to each language's home page. Followed here on the test server.
    for lang, home in (("fr", "/"), ("en", "/en/")):
        href = str(page.locator(f"a.md-select__link[hreflang={lang}]").get_attribute("href"))
        assert re.fullmatch(r"https?://[^/]+" + home, href), href
    origin = page.evaluate("() => location.origin")
    site = re.sub(r"/en/$", "", href)  # the site's own address
    page.route(site + "/**", lambda route: route.fulfill(status=302, headers={"location": origin + "/en/"}))
    switch_language(page, "en")
    expect(page).to_have_url(origin + "/en/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1").first).not_to_contain_text("Page not found")


@pytest.mark.search
@pytest.mark.parametrize(("path", "query", "lang"), [("/", "banque", "fr"), ("/en/", "bank", "en")])
def test_search_finds_pages_of_the_reader_language(
    page: Page, browser_log: Any, base_url: str, path: str, query: str, lang: str
) -> None:
    page.goto(path)
    hrefs = search_for(page, query)
    assert hrefs
    english = [h for h in hrefs if re.match(r"^/en/", h)]
    assert english == (hrefs if lang == "en" else []), hrefs
    # The search worker fetched this language's own index (lansquenet_site/chrome.py).
    indexes = [url for url in browser_log.page_requests if url.endswith("search_index.json")]
    assert indexes == [f"{base_url.rstrip('/')}{path}search/search_index.json"], indexes


# Whether, and when, Material's search worker was asked for (its script's resource
# timing), and when each value of <html data-lq-engine> (engine.js) first appeared, in
# the page's own clock.
SEARCH_ASKED = "() => performance.getEntriesByType('resource').some(e => e.name.includes('/workers/search.'))"
SEARCH_TIMES = """() => {
  const worker = performance.getEntriesByType("resource").find(e => e.name.includes("/workers/search."));
  return { worker: worker ? worker.startTime : null, engine: window.__lqEngine };
}"""
ENGINE_TIMES = """
window.__lqEngine = {};
new MutationObserver(function () {
  const value = document.documentElement.getAttribute("data-lq-engine");
  if (value && !(value in window.__lqEngine)) window.__lqEngine[value] = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-lq-engine"] });
"""


@pytest.mark.search
@pytest.mark.parametrize("path", ["/play/", "/en/learn/"])
def test_search_builds_its_index_once_python_has_started(page: Page, path: str) -> None:
    # search-wait.js (lansquenet_site/chrome.py): on a page that starts Python at once,
    # Material's search worker (its index: half a second of a processor) waits for Python.
    page.add_init_script(ENGINE_TIMES)
    page.goto(path)
    expect(page.locator("html")).to_have_attribute("data-lq-engine", "ready", timeout=90_000)
    page.wait_for_function(SEARCH_ASKED)
    times = page.evaluate(SEARCH_TIMES)
    assert times["engine"]["starting"] < times["engine"]["ready"] <= times["worker"], times
    # And the search answers as on any other page.
    assert "/rules/covering/" in [
        p.removeprefix("/en") for p in search_for(page, "bank" if "/en/" in path else "banque")
    ]


@pytest.mark.search
def test_search_answers_at_once_while_python_is_still_starting(page: Page) -> None:
    # Python's runtime held back until the end: the reader who opens the search meanwhile
    # gets it at once.
    held: list[Route] = []
    page.context.route("**/assets/pyodide/pyodide.mjs", lambda route: held.append(route))
    page.add_init_script(ENGINE_TIMES)
    page.goto("/play/")
    expect(page.locator("html")).to_have_attribute("data-lq-engine", "starting")
    page.wait_for_load_state("load")  # past the load event: still held
    assert page.evaluate(SEARCH_TIMES)["worker"] is None
    assert "/rules/covering/" in search_for(page, "banque")
    expect(page.locator("html")).to_have_attribute("data-lq-engine", "starting")
    for route in held:
        route.fallback()
    expect(page.locator("html")).to_have_attribute("data-lq-engine", "ready", timeout=90_000)


@pytest.mark.search
def test_search_is_not_held_on_a_page_without_the_engine(page: Page) -> None:
    page.goto("/rules/covering/")
    assert page.locator("script[src$='search-wait.js']").count() == 0
    page.wait_for_function(SEARCH_ASKED)
    # Asked for as Material's bundle runs, before the load event.
    loaded = page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventStart")
    worker = page.evaluate(SEARCH_TIMES)["worker"]
    assert worker < loaded or loaded == 0, (worker, loaded)


@pytest.mark.search
def test_search_is_released_at_load_on_a_page_that_starts_python_on_request(page: Page) -> None:
    # The odds page holds the engine (its simulation) but starts Python only when asked:
    # the search worker waits for the load event, not for a Python that never starts.
    page.add_init_script(ENGINE_TIMES)
    page.goto("/odds/")
    assert page.locator("script[src$='search-wait.js']").count() == 1
    page.wait_for_function(SEARCH_ASKED)
    times = page.evaluate(SEARCH_TIMES)
    assert times["engine"] == {}  # no Python started meanwhile
    loaded = page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventStart")
    assert 0 < loaded <= times["worker"], (loaded, times)
    assert "/rules/covering/" in search_for(page, "banque")
