"""``lansquenet/minify``: mkdocs.yml's ``extra_css`` served as one stylesheet; the site's
own CSS and JavaScript and its pages without their comments or indentation, and
Material's palette stylesheet with only the site's colours, served at the head of that
one stylesheet, its own link taken out of the pages (..minify.py). Under
``mkdocs serve``, only the stylesheet is made."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .. import minify, site

NAME = "lansquenet/minify"


class MinifyConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    bundle = c.Type(str, default=minify.BUNDLE)  # the stylesheet made of extra_css
    palette = c.Type(bool, default=True)  # Material's palette stylesheet, only the site's colours


class MinifyPlugin(BasePlugin[MinifyConfig]):  # type: ignore[no-untyped-call]
    serving = False
    stylesheets: list[str]

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        if config.extra_css != [self.config.bundle]:  # static-i18n's builds share this config
            self.stylesheets = [str(sheet) for sheet in config.extra_css]
            config.extra_css = [self.config.bundle]

    @event_priority(-100)  # the page's last change: scripts untouched, their hashes hold
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if self.serving or not self.config.enabled:
            return output
        if self.config.palette and config.theme.get("palette"):
            output = minify.without_palette_link(output)  # it comes inside the bundle
        return minify.html(output)

    @event_priority(-200)  # after static-i18n's (-100): once every language is written
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled or not site.of(config, NAME).last:
            return  # the languages share the top folder's assets: written once, at the end
        folder, docs = Path(config.site_dir), Path(config.docs_dir)
        sheet = folder / self.config.bundle
        sheet.parent.mkdir(parents=True, exist_ok=True)
        sheet.write_text(minify.bundle(docs, self.stylesheets), "utf-8")
        if not self.serving:
            minify.minify_assets(folder)
            if self.config.palette and config.theme.get("palette"):
                minify.trim_palette(folder, minify.palette_colours(config.theme["palette"]))
                minify.palette_into_bundle(folder, self.config.bundle)
