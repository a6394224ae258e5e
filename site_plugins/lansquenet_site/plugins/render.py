"""``lansquenet/render``: the fences of the site's prose pages, rendered by the engine in
the page's language, and the cards' shared drawings on every page that draws cards.

A fence is rendered by the function its name maps to in :data:`FENCES` (the page's
Markdown and context in, the Markdown with its fences replaced out): a new kind of
fence is one line there."""

from __future__ import annotations

from collections.abc import Callable

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from .. import class_plan, montmort, render, site, timeline
from ..page import PageContext

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


class RenderPlugin(BasePlugin[RenderConfig]):  # type: ignore[no-untyped-call]
    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if not self.config.enabled:
            return markdown
        context = site.of(config, NAME).context(page)
        for name, fence in FENCES.items():
            if "```" + name in markdown or "~~~" + name in markdown:
                try:
                    markdown = fence(markdown, context)
                except render.ScenarioError as error:
                    raise PluginError(f"{page.file.src_uri}: {error}") from None
        return class_plan.render_framed(markdown, context)

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return render.with_sprite(output) if self.config.enabled else output
