"""``lansquenet/render``: the fences of the site's prose pages, rendered by the engine in
the page's language, and the cards' shared drawings on every page that draws cards.

A fence is rendered by the function its name maps to in :data:`FENCES` (the page's
Markdown and context in, the Markdown with its fences replaced out): a new kind of
fence is one line there. Before them, ```` ```lansquenet-include ```` fences bring in the
Markdown several pages share (..include.py: the folder ``includes``, beside mkdocs.yml),
whose own fences are then rendered as the page's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from .. import class_plan, include, montmort, render, site, timeline
from ..page import PageContext

if TYPE_CHECKING:  # mkdocs serve's server: importing it (watchdog, http.server…) costs every build
    from mkdocs.livereload import LiveReloadServer

NAME = "lansquenet/render"


def scenarios(markdown: str, page: PageContext) -> str:
    """```` ```lansquenet ````: a scenario's steps (render.py)."""
    return render.render_fences(markdown, page.lang, page.words, page.stash)


# Each fence's renderer, by the fence's name: the longer names first (``lansquenet``
# is a prefix of the others).
FENCES: dict[str, Callable[[str, PageContext], str]] = {
    "lansquenet-timeline": timeline.render_timeline,
    "lansquenet-montmort": montmort.render_montmort,
    "lansquenet-plan": class_plan.render_plan,
    "lansquenet-ticket": class_plan.render_ticket,
    "lansquenet": scenarios,
}


class RenderConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    includes = c.Type(str, default="includes")  # the shared Markdown's folder, beside mkdocs.yml


class RenderPlugin(BasePlugin[RenderConfig]):  # type: ignore[no-untyped-call]
    def _includes(self, config: MkDocsConfig) -> Path:
        return Path(config.config_file_path).parent / self.config.includes

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., Any]
    ) -> LiveReloadServer:
        # `mkdocs serve` builds again when a shared text changes, as when a page does.
        folder = self._includes(config)
        if self.config.enabled and folder.is_dir():
            server.watch(str(folder))
        return server

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if not self.config.enabled:
            return markdown
        context = site.of(config, NAME).context(page)
        if "lansquenet-include" in markdown:
            try:
                markdown = include.include(markdown, self._includes(config), context.lang, context.languages)
            except include.IncludeError as error:
                raise PluginError(f"{page.file.src_uri}: {error}") from None
        for name, fence in FENCES.items():
            if "```" + name in markdown or "~~~" + name in markdown:
                try:
                    markdown = fence(markdown, context)
                except render.ScenarioError as error:
                    raise PluginError(f"{page.file.src_uri}: {error}") from None
        return class_plan.render_framed(markdown, context)

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return render.with_sprite(output) if self.config.enabled else output
