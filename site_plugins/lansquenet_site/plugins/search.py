"""``lansquenet/search``: a search index per language, and Material's search worker
held on the pages that start Python (..chrome.py says why and how).

static-i18n merges every language into one index: once a language other than the
default is written, its index (on disk then, and its alone) is kept; once the whole
site is written, each language gets its own, located under its folder (static-i18n's
``link``). A page of another language than the default has its ``base`` moved down to
its language's folder, where Material's script loads that language's index from."""

from __future__ import annotations

import json
import os
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .. import chrome, site

NAME = "lansquenet/search"
INDEX = os.path.join("search", "search_index.json")


def _write(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class SearchConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class SearchPlugin(BasePlugin[SearchConfig]):  # type: ignore[no-untyped-call]
    indexes: dict[str, dict[str, Any]]

    def on_config(self, config: MkDocsConfig) -> None:
        if self.config.enabled and "search" not in config.plugins and "material/search" not in config.plugins:
            raise PluginError(f"{NAME} needs Material's 'search' plugin: it splits that plugin's index")

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        shared = site.of(config, NAME) if self.config.enabled else None
        if shared is not None and len(shared.building) == 1:
            self.indexes = {}  # a new build of the whole site

    @event_priority(-10)
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if not self.config.enabled:
            return output
        shared = site.of(config, NAME)
        html = chrome.with_search_held(output, page.url)
        prefix = shared.languages.prefix(shared.language)
        return chrome.with_base(html, prefix) if prefix else html

    @event_priority(-200)  # after static-i18n's (-100): the languages built inside this one are written
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        shared = site.of(config, NAME)
        index = os.path.join(config.site_dir, INDEX)
        with open(index, encoding="utf-8") as f:
            data = json.load(f)
        if not shared.last:
            self.indexes[shared.language] = data  # another language than the default
            return
        links = shared.languages
        for language, found in self.indexes.items():
            prefix = links.prefix(language)
            _write(os.path.join(config.site_dir, prefix, INDEX), chrome.search_index(found, language, prefix))
        others = tuple(links.prefix(language) for language in self.indexes)
        _write(index, chrome.search_index(data, links.default, "", others))
