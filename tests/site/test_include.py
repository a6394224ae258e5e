"""Words written once, read on several pages (issue 52: the whole on the pupils' phones):
a ```` ```lansquenet-include ```` fence brings in the Markdown of ``includes/`` in the
page's language (site_plugins/lansquenet_site/include.py). The bans' texts and questions
are that: one text per language, included by the teachers' page and the pupils' page,
neither of which writes them again; a fence naming no text stops the build."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from configured import LANGUAGES

from lansquenet_site import include
from lansquenet_site.languages import Languages

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "includes"
SITE = Languages({lang: "" for lang in LANGUAGES})  # the default first, as mkdocs.yml lists them
# The pages that include the bans' texts: the teachers' (its answer key after them) and the
# pupils' (class/#ban, the part's QR code).
INCLUDING = ("teach", "class")


def test_the_include_examples_hold() -> None:
    result = doctest.testmod(include)
    assert result.attempted >= 6 and result.failed == 0


def page(name: str, lang: str) -> Path:
    return ROOT / "docs" / (f"{name}.md" if lang == SITE.default else f"{name}.{lang}.md")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bans_texts_are_written_once_and_included_by_both_pages(lang: str) -> None:
    shared = include.source(FOLDER, "ban", lang, SITE)
    assert shared.is_file(), shared
    lines = [line.strip() for line in shared.read_text("utf-8").splitlines()]
    # Its lines long enough to be a text's own (not "</div>"), none repeated in a page.
    own = [line for line in lines if len(line) > 40]
    assert len(own) > 40
    for name in INCLUDING:
        markdown = page(name, lang).read_text("utf-8")
        assert len(re.findall(r"^```lansquenet-include\nban\n```$", markdown, re.MULTILINE)) == 1, name
        written = {line.strip() for line in markdown.splitlines()}
        assert not [line for line in own if line in written], name


def test_a_fence_naming_no_text_is_refused(tmp_path: Path) -> None:
    for body in ("nothing", "../docs/teach", "ban/../ban"):
        with pytest.raises(include.IncludeError):
            include.include(f"```lansquenet-include\n{body}\n```\n", FOLDER, LANGUAGES[0], SITE)
    # A text in one language only is missing in the other: the build stops, it does not
    # fall back on another language.
    (tmp_path / "only.md").write_text("Seulement.\n", "utf-8")
    for lang in LANGUAGES[1:]:
        with pytest.raises(include.IncludeError):
            include.include("```lansquenet-include\nonly\n```\n", tmp_path, lang, SITE)


def test_the_preview_builds_again_when_a_shared_text_changes() -> None:
    # `make serve` (mkdocs serve) watches includes/ as it watches docs/.
    from mkdocs.config import load_config

    watched: list[str] = []

    class Server:
        def watch(self, path: str) -> None:
            watched.append(path)

    config = load_config(str(ROOT / "mkdocs.yml"))
    plugin = config.plugins["lansquenet/render"]
    plugin.on_serve(Server(), config=config, builder=lambda: None)  # type: ignore[arg-type]
    assert [Path(path) for path in watched] == [FOLDER]
