"""Built pages that draw cards hold the cards' shared drawings once (diagram.sprite)."""

from __future__ import annotations

import re


def test_pages_with_diagrams_hold_the_sprite_once_and_french_pages_say_dame(built_site):
    pages = [p for p in built_site.path.rglob("*.html") if 'class="lq-diagram"' in p.read_text("utf-8")]
    assert len(pages) >= 8
    for page in pages:
        html = page.read_text("utf-8")
        assert html.count('id="lq-pip"') == 1, page
        assert set(re.findall(r'href="#(lq-[\w-]+)"', html)) <= set(re.findall(r'id="(lq-[\w-]+)"', html))
    settlement = (built_site.path / "rules/settlement/index.html").read_text("utf-8")
    english = (built_site.path / "en/rules/settlement/index.html").read_text("utf-8")
    queen = r'data-card="QH"[^>]*>(?:(?!</g>).)*?<text[^>]*>(\w+)</text>'
    assert set(re.findall(queen, settlement)) == {"D"}
    assert set(re.findall(queen, english)) == {"Q"}
