"""``lansquenet/csp``: every HTML page gets a Content-Security-Policy meta tag right
after its charset, listing the sha256 of each of its inline scripts (..chrome.py); under
``mkdocs serve``, inline scripts are allowed instead (the live-reload script changes)."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .. import chrome

NAME = "lansquenet/csp"


class CspConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class CspPlugin(BasePlugin[CspConfig]):  # type: ignore[no-untyped-call]
    serving = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    @event_priority(-50)  # after every plugin that writes a script into the page
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return chrome.with_csp(output, self.serving) if self.config.enabled else output

    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
        if not self.config.enabled or not template_name.endswith(".html"):
            return output_content
        return chrome.with_csp(output_content, self.serving)
