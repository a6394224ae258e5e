"""What a rule page downloads besides Material's own files stays small
(benchmarks/RESULTS.md, figure 5a: at most 1.1× a plain Material page): the site's
stylesheets come as one, its CSS and JavaScript without their comments
(lansquenet_site/minify.py), the teaching pages' stylesheet only on those pages, and
the icon is a small SVG."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

from lansquenet_site import minify, render

TEACHING = (
    "parallel",
    "sheet",
    "score",
    "handout",
    "ticket",
)  # the pages that list teaching.css in their front matter


def test_the_minify_examples_hold() -> None:
    result = doctest.testmod(minify)
    assert result.attempted >= 3 and result.failed == 0


def test_the_render_examples_hold() -> None:
    # with_sprite: only the drawings of the ranks a page shows; keep/unstash.
    result = doctest.testmod(render)
    assert result.attempted >= 8 and result.failed == 0


def test_pages_are_served_without_the_templates_indentation(built_site: Any) -> None:
    page = (built_site.path / "rules" / "settlement" / "index.html").read_text("utf-8")
    assert "\n " not in minify._VERBATIM.sub("", page)


def test_the_site_css_and_scripts_are_served_without_comments(built_site: Any, repo_root: Path) -> None:
    site = built_site.path
    css = sorted((site / "assets" / "css").glob("*.css"))
    scripts = sorted((site / "assets" / "js").glob("*.js"))
    assert {p.name for p in css} >= {"site.css", "lansquenet.css", "print.css", "teaching.css"}
    assert {p.name for p in scripts} >= {"stepper.js", "offline.js"}
    for path in css:
        text = path.read_text("utf-8")
        assert "/*" not in text, path.name
        source = repo_root / "docs" / "assets" / "css" / path.name
        if source.is_file():  # not the bundle, which the build writes
            assert len(text) < len(source.read_text("utf-8")), path.name
    for path in scripts:
        assert not re.search(r"^\s*//", path.read_text("utf-8"), re.MULTILINE), path.name


def test_the_scripts_are_served_without_their_jsdoc_types(built_site: Any, repo_root: Path) -> None:
    # The sources carry JSDoc types for `tsc --noEmit` (make lint); a reader's browser
    # gets none of them, and the same statements.
    site = built_site.path / "assets" / "js"
    sources = repo_root / "docs" / "assets" / "js"
    scripts = sorted([*site.glob("*.js"), *site.glob("*.mjs")])
    assert {p.name for p in scripts} >= {"play.js", "viewer.js", "engine-worker.mjs"}
    for path in scripts:
        text = path.read_text("utf-8")
        assert "@type {" not in text and "@param {" not in text and "@typedef" not in text, path.name
        source = (sources / path.name).read_text("utf-8")
        assert source.startswith("// @ts-check\n"), path.name
        assert "@type {" not in text and "@param {" not in text and "@typedef" not in text, path.name
        assert len(text) < len(source), path.name
    assert "@param {" in (sources / "play.js").read_text("utf-8")


def test_every_page_links_one_site_stylesheet_holding_them_all(built_site: Any, repo_root: Path) -> None:
    site = built_site.path
    for page in ("index.html", "rules/covering/index.html", "en/rules/settlement/index.html", "404.html"):
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', (site / page).read_text("utf-8"))
        ours = [link for link in links if "/assets/css/" in "/" + link]
        assert [link.rsplit("/", 1)[-1] for link in ours] == ["bundle.css"], (page, links)
    bundle = (site / "assets" / "css" / "bundle.css").read_text("utf-8")
    for rule in (":root > * {", ".lansquenet-scenario {", "@media print {"):  # site, lansquenet, print
        assert rule in bundle, rule


def test_only_the_teaching_pages_load_the_teaching_stylesheet(built_site: Any) -> None:
    site = built_site.path
    for prefix in ("", "en/"):
        for page in site.joinpath(prefix or ".").glob("**/index.html"):
            rel = page.relative_to(site).as_posix()
            if prefix == "" and rel.startswith("en/"):
                continue
            loads = "assets/css/teaching.css" in page.read_text("utf-8")
            name = rel.removeprefix(prefix).split("/")[0]
            assert loads == (name in TEACHING), rel


def test_the_icon_is_a_small_svg(built_site: Any) -> None:
    home = (built_site.path / "index.html").read_text("utf-8")
    assert '<link rel="icon" href="assets/images/favicon.svg">' in home
    assert (built_site.path / "assets" / "images" / "favicon.svg").stat().st_size < 600
