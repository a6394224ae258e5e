"""Languages are data: a third language is its entry in mkdocs.yml's i18n list,
``locales/<lang>/`` and its pages, and nothing else.

A copy of the project gets a pseudo-language, ``de``, the way a translator would add
German: its i18n entry, its catalogues (site and engine) copied from English, its pages
copied from the English ones. ``mkdocs build --strict`` passes, and its rule pages'
steps, its lessons and its play page are rendered in it, at /de/.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LANG = "de"
# Under pytest-xdist the module stays on one worker: one build serves it.
pytestmark = pytest.mark.xdist_group("third-language")
ENTRY = f"        - locale: {LANG}\n          name: Pseudo\n          build: true\n"


@pytest.fixture(scope="module")
def third(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("third")
    for name in ("docs", "overrides", "locales"):
        shutil.copytree(REPO / name, project / name)
    shutil.copytree(
        REPO / "engine", project / "engine", symlinks=True, ignore=shutil.ignore_patterns("*.egg-info")
    )
    (project / "node_modules").symlink_to(REPO / "node_modules")
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    assert config.count("\n  - lansquenet\n") == 1, "the i18n list ends before the lansquenet plugin"
    (project / "mkdocs.yml").write_text(
        config.replace("\n  - lansquenet\n", "\n" + ENTRY + "  - lansquenet\n"), "utf-8"
    )
    shutil.copytree(project / "locales" / "en", project / "locales" / LANG)
    for page in (project / "docs").rglob("*.en.md"):
        shutil.copy(page, page.with_name(page.name.replace(".en.md", f".{LANG}.md")))
    site = project / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project / "engine")},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    assert "WARNING" not in done.stderr, done.stderr
    return site / LANG


def test_its_rule_pages_step_through_their_scenarios(third: Path) -> None:
    html = (third / "rules" / "settlement" / "index.html").read_text("utf-8")
    assert f'<html lang="{LANG}"' in html
    steps = re.findall(r'<li class="lq-step" data-step="(\d+)"', html)
    assert len(steps) > 5 and steps[:6] == ["0", "1", "2", "3", "4", "5"]
    assert "&quot;de&quot;:&quot;step&quot;" in html  # the stepper carries its step to this language too


def test_its_lessons_are_there_with_their_anchors(third: Path) -> None:
    from lansquenet import lessons

    html = (third / "learn" / "index.html").read_text("utf-8")
    found = re.findall(r'<section class="lq-lesson" id="([\w-]+)" data-lesson="([\w-]+)"', html)
    assert [lesson for _, lesson in found] == [lesson.id for lesson in lessons.lessons()]
    assert all(ident == f"lesson-{lesson}" for ident, lesson in found)  # learn.anchor, copied from English
    rule = re.search(r'<p class="lq-rule"><a href="([^"]+)"', html)
    assert rule and rule[1].startswith(f"../../{LANG}/rules/")  # its own rule pages


def test_its_play_page_loads_the_engine_in_its_language(third: Path) -> None:
    html = (third / "play" / "index.html").read_text("utf-8")
    assert f'<div class="lq-play" id="lq-play" lang="{LANG}" data-lq-wheel="../../assets/wheels/' in html
    assert 'id="lq-words"' in html and 'src="../../assets/js/play.js"' in html
    assert (third / "search" / "search_index.json").is_file()
