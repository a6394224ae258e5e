"""Every page describes itself to search engines, in its own words and language."""

from __future__ import annotations

import re
from html import unescape


def descriptions(built_site) -> dict[str, str]:
    found = {}
    for page in built_site.path.rglob("index.html"):
        rel = page.relative_to(built_site.path).as_posix()
        if rel.startswith(("search/", "en/search/")):
            continue
        match = re.search(r'<meta name="description" content="([^"]*)"', page.read_text("utf-8"))
        assert match, rel
        found[rel] = unescape(match[1])
    return found


def test_each_page_has_its_own_description(built_site):
    # A front matter YAML cannot read is dropped silently: the page then shows the site's.
    found = descriptions(built_site)
    home = {found["index.html"], found["en/index.html"]}
    for rel, text in found.items():
        if rel not in ("index.html", "en/index.html"):
            assert text not in home, f"{rel} has the site-wide description"
    assert len(set(found.values())) == len(found)
