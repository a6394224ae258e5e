"""The built site as a whole: both languages, the chrome on every page, nothing remote.

French pages live at the site root, English ones under en/; a page and its twin share
the same path otherwise (docs/rules/covering.md -> /rules/covering/, covering.en.md ->
/en/rules/covering/).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from configured import DEFAULT, PREFIX
from configured import LANGUAGES as LANGS

REMOTE = re.compile(r"cdn|googleapis|gstatic|unpkg|jsdelivr", re.IGNORECASE)
NOT_PAGES = {"404.html"}


@dataclass
class Head:
    """What one HTML page says about itself (parsed with the standard library)."""

    lang: str = ""
    description: str | None = None
    canonical: str | None = None
    csp: str | None = None
    csp_before_scripts: bool = False
    hreflang: dict[str, str] = field(default_factory=dict)
    exact_alternate_links: list[str] = field(default_factory=list)
    switcher: dict[str, str] = field(default_factory=dict)
    inline_scripts: list[str] = field(default_factory=list)
    urls: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attr, url)
    config: dict[str, object] = field(default_factory=dict)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.head = Head()
        self._script: dict[str, str] | None = None
        self._text: list[str] = []
        self._seen_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        h = self.head
        if tag == "html":
            h.lang = a.get("lang", "")
        elif tag == "meta" and a.get("name") == "description":
            h.description = a.get("content")
        elif tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy":
            h.csp = a.get("content")
            h.csp_before_scripts = not self._seen_script
        elif tag == "link":
            rel = a.get("rel", "")
            if rel == "alternate":
                h.exact_alternate_links.append(a.get("href", ""))
            if "alternate" in rel.split() and "hreflang" in a:
                h.hreflang[a["hreflang"]] = a.get("href", "")
            if "canonical" in rel.split():
                h.canonical = a.get("href")
        elif tag == "a" and "md-select__link" in a.get("class", "").split():
            h.switcher[a.get("hreflang", "")] = a.get("href", "")
        elif tag == "script":
            self._seen_script = True
            self._script = a
            self._text = []
        for attr in ("src", "href", "action", "poster", "data"):
            if attr in a:
                h.urls.append((tag, attr, a[attr]))

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            body = "".join(self._text)
            if self._script.get("id") == "__config":
                self.head.config = json.loads(body)
            elif "src" not in self._script and self._script.get("type") != "application/json":
                self.head.inline_scripts.append(body)
            self._script = None


def parse(path: Path) -> Head:
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.head


def pages_of(site: Path, lang: str) -> set[str]:
    """Site-relative URL paths of a language's pages, without the language prefix."""
    root = site / PREFIX[lang] if PREFIX[lang] else site
    found = set()
    for html in root.rglob("*.html"):
        rel = html.relative_to(root).as_posix()
        if rel in NOT_PAGES or rel.startswith(("assets/", "search/")):
            continue
        if lang == DEFAULT and rel.startswith(tuple(p for p in PREFIX.values() if p)):
            continue  # another language's page, under the default's root
        found.add(rel.removesuffix("index.html"))
    return found


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return built_site.path


@pytest.fixture(scope="module")
def site_url(site: Path) -> str:
    """The site's address as the build knows it (the French home page's canonical)."""
    canonical = parse(site / "index.html").canonical
    assert canonical and canonical.endswith("/"), canonical
    return canonical


@pytest.fixture(scope="module")
def pages(site: Path) -> list[str]:
    found = pages_of(site, "fr")
    assert "" in found and len(found) > 1, found
    return sorted(found)


def every_page(site: Path, pages: list[str]) -> list[tuple[str, str, Path]]:
    return [(lang, p, site / PREFIX[lang] / p / "index.html") for lang in LANGS for p in pages]


def test_build_is_strict_and_quiet(built_site: Any) -> None:
    assert (built_site.path / "index.html").is_file()
    assert (built_site.path / "en" / "index.html").is_file()
    assert "WARNING" not in built_site.log, built_site.log
    # Nor INFO lines about anchors that the built pages do have (the lessons' sections)
    # or that are no anchors (the play page's #scenario=…): `make serve` prints them.
    assert "contains a link" not in built_site.log, built_site.log


def test_both_languages_have_the_same_pages(site: Path) -> None:
    for lang in LANGS:
        assert pages_of(site, lang) == pages_of(site, DEFAULT), lang


def test_every_markdown_page_has_its_twin(repo_root: Path) -> None:
    # Suffix layout: covering.md is French, covering.en.md English. With a twin missing,
    # static-i18n would quietly serve the French text under /en/.
    docs = repo_root / "docs"
    french, english = set(), set()
    for md in docs.rglob("*.md"):
        rel = md.relative_to(docs).as_posix()
        assert not rel.endswith(".fr.md"), f"{rel}: French pages carry no suffix"
        if rel.endswith(".en.md"):
            english.add(rel.removesuffix(".en.md"))
        else:
            french.add(rel.removesuffix(".md"))
    assert french == english, {"French only": french - english, "English only": english - french}


def test_pages_declare_their_language(site: Path, pages: list[str]) -> None:
    for lang, page, path in every_page(site, pages):
        assert parse(path).lang == lang, f"/{PREFIX[lang]}{page}"


def test_language_switcher_links_to_the_twin(site: Path, pages: list[str], site_url: str) -> None:
    base = urlsplit(site_url).path  # "/" unless the site lives in a sub-folder
    for lang, page, path in every_page(site, pages):
        here = f"http://host{base}{PREFIX[lang]}{page}"
        links = parse(path).switcher
        assert set(links) == set(LANGS), (path, links)
        for other in LANGS:
            target = urlsplit(urljoin(here, links[other])).path
            assert target == f"{base}{PREFIX[other]}{page}", (f"/{PREFIX[lang]}{page}", other)


def test_meta_description_in_the_page_language(site: Path, pages: list[str]) -> None:
    for page in pages:
        fr = parse(site / page / "index.html").description
        en = parse(site / "en" / page / "index.html").description
        assert fr and en, page
        assert fr != en, f"{page}: the same description in both languages"


def test_no_link_makes_material_fetch_a_sitemap_beside_the_page(site: Path, pages: list[str]) -> None:
    # Material's selector script fetches "sitemap.xml" beside every <link rel=alternate>:
    # beside a twin page that is a 404. The hreflang alternates live in sitemap.xml.
    for lang, page, path in every_page(site, pages):
        head = parse(path)
        assert head.exact_alternate_links == [] and head.hreflang == {}, f"/{PREFIX[lang]}{page}"


def test_nothing_comes_from_another_host(site: Path, site_url: str) -> None:
    host = urlsplit(site_url).netloc
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for url in re.findall(r"""(?:https?:)?//[^\s"'<>)]+""", text):
            assert not REMOTE.search(url), (path, url)
        for tag, attr, url in parse(path).urls:
            if tag == "a":
                continue  # a link the reader may follow, not something the page loads
            netloc = urlsplit(url).netloc
            assert netloc in ("", host), (path, tag, attr, url)


def test_sitemap_gives_each_page_its_twins_as_hreflang_alternates(
    site: Path, pages: list[str], site_url: str
) -> None:
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.parse(site / "sitemap.xml").getroot()
    urls = root.findall("s:url", ns)
    locs = [u.findtext("s:loc", default="", namespaces=ns) for u in urls]
    assert sorted(locs) == sorted(f"{site_url}{PREFIX[lang]}{page}" for lang in LANGS for page in pages)
    for url in urls:
        loc = str(url.findtext("s:loc", namespaces=ns))
        page = loc.removeprefix(site_url).removeprefix("en/")
        links = url.findall("x:link", ns)
        alternates = {link.get("hreflang"): link.get("href") for link in links}
        expected = {other: f"{site_url}{PREFIX[other]}{page}" for other in LANGS}
        expected["x-default"] = expected["fr"]
        assert alternates == expected, loc
        assert len(links) == len(expected), f"{loc}: duplicates"


def test_not_found_page_in_both_languages(site: Path, site_url: str) -> None:
    # Hosts serve the root 404.html for any missing address: its text is bilingual.
    base = urlsplit(site_url).path
    homes = {lang: f"{base}{PREFIX[lang]}" for lang in LANGS}
    for lang in LANGS:
        path = site / PREFIX[lang] / "404.html"
        head = parse(path)
        assert head.lang == lang
        text = path.read_text(encoding="utf-8")
        assert "Page introuvable" in text and "Page not found" in text
        # Not a page: its switcher goes to the home pages, not to some page's twin.
        assert {k: urlsplit(v).path for k, v in head.switcher.items()} == homes, lang


def search_index(site: Path, lang: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((site / PREFIX[lang] / "search" / "search_index.json").read_text())
    return data


def test_search_index_per_language(site: Path, pages: list[str]) -> None:
    # Every page is found in its own language, the score sheet and the parallel page too.
    assert {"parallel/", "score/"} <= set(pages)
    for lang in LANGS:
        index = search_index(site, lang)
        assert index["config"]["lang"] == [lang]  # type: ignore[index]
        located = {doc["location"].split("#")[0] for doc in index["docs"]}  # type: ignore[attr-defined]
        assert located == set(pages), lang


def test_the_parallel_page_is_searched_in_its_own_language_only(site: Path) -> None:
    # Its other language's column is left out (data-search-exclude): no English words in
    # the French index, no French in the English one.
    others = {"fr": "A historical banking game", "en": "Un ancien jeu de banque"}
    for lang in LANGS:
        docs: list[dict[str, str]] = search_index(site, lang)["docs"]  # type: ignore[assignment]
        parallel = " ".join(d["title"] + d["text"] for d in docs if d["location"].startswith("parallel/"))
        assert others[lang] not in parallel and others["en" if lang == "fr" else "fr"] in parallel


def test_search_finds_prose_not_controls(site: Path) -> None:
    # The play page's buttons and labels and the scenarios' steps are not prose: a
    # search for "Annuler" or "Jetons en main" must not land on an empty control.
    from lansquenet_site.words import Words

    words = Words(Path(__file__).resolve().parents[2] / "locales")
    for lang in LANGS:
        docs: list[dict[str, str]] = search_index(site, lang)["docs"]  # type: ignore[assignment]
        controls = [words(lang, key) for key in ("play.pace", "play.export_csv", "steps.balances")]
        for doc in docs:
            assert "#lq-" not in doc["location"], doc["location"]
            assert not [c for c in controls if c in doc["text"]], (lang, doc["location"])


def test_search_loads_the_index_of_the_page_language(site: Path, pages: list[str]) -> None:
    # Material loads search/search_index.json from the `base` of its __config.
    for lang, page, path in every_page(site, pages):
        here = f"http://host/{PREFIX[lang]}{page}"
        base = str(parse(path).config["base"])
        assert urljoin(here, base.rstrip("/") + "/") == f"http://host/{PREFIX[lang]}", (here, base)


def test_content_security_policy_allows_only_the_page_own_scripts(site: Path) -> None:
    for path in site.rglob("*.html"):
        head = parse(path)
        assert head.csp and head.csp_before_scripts, path
        directives = dict(d.strip().split(" ", 1) for d in head.csp.split(";"))
        assert directives["default-src"] == "'self'"
        script_src = directives["script-src"].split()
        assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
        assert [s for s in script_src if not s.startswith("'sha256-")] == ["'self'", "'wasm-unsafe-eval'"]
        for body in head.inline_scripts:
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in script_src, (path, body[:60])


def test_every_card_shown_has_its_drawing(site: Path, pages: list[str]) -> None:
    # A page carries the drawings of the ranks its cards show (the play and lesson
    # pages, whose cards come later from the engine, all of them): a card whose
    # symbol is missing would be drawn as an empty frame.
    for lang, page, path in every_page(site, pages):
        text = path.read_text(encoding="utf-8")
        drawn = set(re.findall(r'<symbol id="(lq-[\w]+)"', text))
        used = set(re.findall(r'href="#(lq-[\w]+)"', text))
        assert used <= drawn, (lang, page, used - drawn)
        if "data-lq-wheel" in text:
            assert {f"lq-r{rank}" for rank in ("2", "10", "A", "J", "Q", "K")} <= drawn, (lang, page)


@pytest.mark.slow  # a build of its own, both languages, twice
def test_a_second_build_in_the_same_process_writes_the_same_pages(tmp_path: Path, repo_root: Path) -> None:
    # `mkdocs serve` rebuilds in one process: nothing the plugin keeps between builds
    # (a counter, a cache of pages) may change what a page says the second time.
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    pages = (
        "rules/settlement/index.html",
        "en/rules/settlement/index.html",
        "odds/index.html",
        "play/index.html",
    )
    seen = []
    for n in (1, 2):
        config = load_config(str(repo_root / "mkdocs.yml"), site_dir=str(tmp_path / f"site-{n}"))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        config.plugins.on_shutdown()
        seen.append({p: (tmp_path / f"site-{n}" / p).read_text("utf-8") for p in pages})
    assert seen[0] == seen[1]
