"""Helpers shared by test modules (a test module never imports another test module)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from configured import LANGUAGES, PREFIX

# ---- built pages read as text (the history's and the sources' tests) ----

BLOCK = re.compile(r"<(p|li|td|tr|dd)\b[^>]*>(.*?)</\1>", re.DOTALL)


def read(site: Path, lang: str, name: str) -> str:
    """The built page ``name`` (``"rules/history"``) of ``lang``, as HTML."""
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
    prefix = PREFIX[lang]
    others = [PREFIX[o] for o in LANGUAGES if o != lang and PREFIX[o]]
    found = []
    for path in sorted((site / prefix).rglob("index.html") if prefix else site.rglob("index.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith("assets/") or any(rel.startswith(o) for o in others):
            continue
        found.append(path)
    return found
