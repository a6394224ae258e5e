"""``lansquenet/offline``: the site offline after one visit (..offline.py): every page
loads the script that registers the service worker, and once the whole site is written,
``sw.js`` lists what the worker keeps. Under ``mkdocs serve`` the script removes any
worker instead, and no sw.js is written."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .. import offline, site

NAME = "lansquenet/offline"


class OfflineConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class OfflinePlugin(BasePlugin[OfflineConfig]):  # type: ignore[no-untyped-call]
    serving = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    @event_priority(-10)
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if not self.config.enabled:
            return output
        return offline.register_script(output, page.url, self.serving)

    @event_priority(-250)  # once every other plugin has written its files (-200)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        shared = site.of(config, NAME)
        if not shared.last:
            return
        offline.write_forget_dialogs(Path(config.site_dir), shared.words, shared.languages.all)
        if not self.serving:
            offline.write_service_worker(Path(config.site_dir), shared.languages.all)
