"""What every plugin of the site shares, made once per build by the ``lansquenet``
plugin (plugins/site.py) and read by the others (:func:`of`).

- the site's languages, from mkdocs-static-i18n's configuration only (languages.py:
  each one's folder is its ``link``);
- the site's words (``locales/<lang>/site.po``, words.py);
- the engine's wheel, built once per build (wheel.py): its digest goes into the pages
  and the runtime plugin writes the same bytes;
- each page's context (page.py) and the stash of HTML kept aside until the page is
  built (render.keep);
- the language being built. The default language is built first; static-i18n builds
  the others from inside that build's ``on_post_build`` (priority -100), so the builds
  nest: ``started`` notes the language a build starts, ``ended`` ends the innermost one,
  and the outermost one's end is when the whole site is written (:attr:`Site.last`).
  Plugins that act once the site is written run their ``on_post_build`` at -200, after
  static-i18n's; the ``lansquenet`` plugin ends the build last (-300).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

from .languages import Languages
from .page import PageContext
from .snapshot import CACHE
from .wheel import Wheel, build_engine_wheel
from .words import Words

NAME = "lansquenet"  # the plugin that makes it, in mkdocs.yml


@dataclass
class Site:
    repo: Path  # the repository's top folder (mkdocs.yml's)
    languages: Languages
    words: Words
    templates: jinja2.Environment
    wheel: Wheel | None = None  # the engine's wheel, built once per build
    stash: dict[str, str] = field(default_factory=dict)  # render.keep
    building: list[str] = field(default_factory=list)  # the languages whose build is under way
    pages: dict[str, PageContext] = field(default_factory=dict)  # each page's context, by its file

    def started(self, language: str) -> None:
        """A language's build starts (the default language's: a new build of the site)."""
        if language == self.languages.default or not self.building:
            self.building = []
            self.stash.clear()
            self.wheel = build_engine_wheel(self.repo, self.repo.joinpath(*CACHE))
        self.building.append(language)
        self.pages = {}

    def ended(self) -> None:
        self.building.pop()

    @property
    def language(self) -> str:
        """The language of the innermost build under way."""
        return self.building[-1]

    @property
    def last(self) -> bool:
        """Whether the build ending now is the outermost one: the whole site is written."""
        return len(self.building) == 1

    def context(self, page: Page) -> PageContext:
        """The page's context, made once: its language is mkdocs-static-i18n's locale,
        else its file's suffix."""
        found = self.pages.get(page.file.src_uri)
        if found is None:
            locale = getattr(page.file, "locale", None)
            lang = locale if isinstance(locale, str) and locale else self.languages.of_file(page.file.src_uri)
            found = PageContext(
                lang, self.words, self.languages, page.url, self.wheel, self.stash, self.templates
            )
            self.pages[page.file.src_uri] = found
        return found


def of(config: MkDocsConfig, needed_by: str) -> Site:
    """The build's shared :class:`Site`, or a build error saying that ``needed_by`` (a
    plugin's name) needs the ``lansquenet`` plugin."""
    plugin = config.plugins.get(NAME)
    site = getattr(plugin, "site", None)
    if plugin is None or not getattr(plugin, "config", {}).get("enabled", False) or site is None:
        raise PluginError(
            f"{needed_by} needs the '{NAME}' plugin, enabled and listed before it in mkdocs.yml: "
            "it holds the site's languages, words and the engine's wheel"
        )
    assert isinstance(site, Site)
    return site
