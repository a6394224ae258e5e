"""Helpers shared by test modules (a test module never imports another)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from html import unescape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lansquenet.__main__ import main

if TYPE_CHECKING:  # Playwright only where a browser runs (this module is read in Pyodide too)
    from playwright.sync_api import Locator, Page

REPO = Path(__file__).resolve().parents[1]

# --- the engine's command line (tests/engine) ---------------------------------------------


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


# --- axe-core, from the npm package (never a CDN): test_accessibility.py says how it runs --

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_violations(page: Page, rules: list[str] | None = None, frames: bool = True) -> list[dict[str, Any]]:
    """Run axe-core on the page as it is now (every rule of TAGS, or only ``rules``; with
    ``frames`` False, its frames left out: each is a page of the site, checked on its
    own); its violations."""
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
      const px = Math.round(parseFloat(style.fontSize) * 10) / 10;
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
    """The characters on the screen under ``view`` (its frames' too), by font size in px."""
    sizes: dict[str, int] = view.evaluate(PROJECTED_SIZES)
    return {float(px): chars for px, chars in sizes.items()}


# ---- built pages read as text (the history's and the sources' tests) ----
# (configured reads mkdocs.yml: imported where a built page is read, never in Pyodide.)

BLOCK = re.compile(r"<(p|li|td|tr|dd)\b[^>]*>(.*?)</\1>", re.DOTALL)


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
