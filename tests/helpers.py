"""Helpers the test modules share (a test module never imports another one)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

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


AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_outside_frames(page: Page) -> list[str]:
    """axe-core's violations on the page as it is now, its frames left out (a frame is a
    page of the site, checked on its own); each as "rule: targets"."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")  # outside the page's CSP
    found: list[str] = page.evaluate(
        """async (tags) => (await axe.run(document, { iframes: false,
            runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })).violations
          .map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", "))""",
        AXE_TAGS,
    )
    return found
