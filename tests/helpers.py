"""Helpers shared by test modules (a test module never imports another)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

from lansquenet.__main__ import main

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
