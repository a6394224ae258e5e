"""The lessons page, built: every lesson in both languages, readable as written."""

from __future__ import annotations

import re
from html import unescape

from lansquenet import lessons


def test_every_lesson_is_in_the_built_page_of_both_languages(built_site):
    for lang, path in (("fr", "learn/index.html"), ("en", "en/learn/index.html")):
        html = (built_site.path / path).read_text("utf-8")
        found = re.findall(r'<section class="lq-lesson" id="([\w-]+)" data-lesson="([\w-]+)"', html)
        assert [ident for _, ident in found] == [lesson.id for lesson in lessons.lessons()]
        assert all(anchor.startswith("lecon-" if lang == "fr" else "lesson-") for anchor, _ in found)
        text = unescape(html)
        for lesson in lessons.lessons():
            assert lessons.words(lesson, "intro", lang) in text
            assert lessons.words(lesson, "summary", lang) in text  # in its solution
            assert lessons.run(lesson, [], lang)["question"]["ask"] in text
        assert html.count('id="lq-pip"') == 1  # the cards' shared drawings, once
        assert 'src="../assets/js/learn.js"' in html or 'src="../../assets/js/learn.js"' in html
