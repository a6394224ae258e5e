"""Words written once and read on several pages: a ```` ```lansquenet-include ```` fence
whose body is a name (``ban``) is replaced by the Markdown of that name in the folder
``includes/`` beside mkdocs.yml (the render plugin's option ``includes``), in the page's
language, named as the pages are: ``ban.md`` in the default language, ``ban.en.md`` in
English. The teachers' page and the pupils' page both include the bans' texts and
questions (issue 52: the whole on the pupils' phones), each page adding its own words
around them (the teachers' answer key stays on the teachers' page).

The text included is the including page's Markdown, read after this: its fences, its
figures (``{{ variant(6x52).bank_edge }}``) and its links are the page's own (a link
goes from the page's folder, as the page's own links do). One level: an included text
includes nothing.

>>> import pathlib, tempfile
>>> from lansquenet_site.languages import Languages
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "includes"
>>> folder.mkdir()
>>> _ = (folder / "a.md").write_text("Bonjour.\\n", "utf-8")
>>> _ = (folder / "a.en.md").write_text("Hello.\\n", "utf-8")
>>> site = Languages({"fr": "", "en": "en/"})
>>> include("x\\n\\n```lansquenet-include\\na\\n```\\n\\ny\\n", folder, "en", site)
'x\\n\\nHello.\\n\\ny\\n'
>>> include("```lansquenet-include\\na\\n```\\n", folder, "fr", site)
'Bonjour.\\n'
>>> include("```lansquenet-include\\n../a\\n```\\n", folder, "fr", site)
Traceback (most recent call last):
...
lansquenet_site.include.IncludeError: lansquenet-include fence: '../a' is no name of includes/ (letters, digits, - and _)
"""

from __future__ import annotations

import re
from pathlib import Path

from .languages import Languages
from .markup import fence

FENCE = fence("lansquenet-include")
NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")


class IncludeError(ValueError):
    """A fence that names no text of the folder in the page's language (the build stops
    with this message and the page's name)."""


def source(folder: Path, name: str, lang: str, languages: Languages) -> Path:
    """The file of the text ``name`` in ``lang``: ``ban.md`` (the default language),
    ``ban.en.md``."""
    suffix = "" if lang == languages.default else f".{lang}"
    return folder / f"{name}{suffix}.md"


def include(markdown: str, folder: Path, lang: str, languages: Languages) -> str:
    """Replace each ``lansquenet-include`` fence of a page's Markdown with the text it
    names, in ``lang``."""

    def one(match: re.Match[str]) -> str:
        name = match["body"].strip()
        if not NAME.fullmatch(name):
            raise IncludeError(
                f"lansquenet-include fence: {name!r} is no name of {folder.name}/ (letters, digits, - and _)"
            )
        path = source(folder, name, lang, languages)
        if not path.is_file():
            raise IncludeError(
                f"lansquenet-include fence: no {folder.name}/{path.name} for {name!r} in {lang}"
            )
        text = path.read_text("utf-8")
        if FENCE.search(text):
            raise IncludeError(f"lansquenet-include fence: {folder.name}/{path.name} includes another text")
        return text.rstrip("\n")

    return FENCE.sub(one, markdown)
