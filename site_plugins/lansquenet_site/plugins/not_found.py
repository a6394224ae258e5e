"""``lansquenet/not-found``: a 404 page per language. static-i18n renders 404.html once per
language into the same file, so the last language built would win: the default
language's stays at /404.html (the page static hosts serve for any missing address; its
text is bilingual, see overrides/404.html) and each other one goes to its own folder
(/en/404.html)."""

from __future__ import annotations

import os

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority

from .. import site

NAME = "lansquenet/not-found"
PAGE = "404.html"


class NotFoundConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class NotFoundPlugin(BasePlugin[NotFoundConfig]):  # type: ignore[no-untyped-call]
    pages: dict[str, str]

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if self.config.enabled and len(site.of(config, NAME).building) == 1:
            self.pages = {}

    @event_priority(-100)  # after the Content-Security-Policy (0): the page as served
    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
        if self.config.enabled and template_name == PAGE:
            self.pages[site.of(config, NAME).language] = output_content
        return output_content

    @event_priority(-200)  # after static-i18n's (-100): every language is written
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        shared = site.of(config, NAME) if self.config.enabled else None
        if shared is None or not shared.last:
            return
        for language, html in self.pages.items():
            path = os.path.join(config.site_dir, shared.languages.prefix(language), PAGE)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(html)
