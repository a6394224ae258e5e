"""``lansquenet``: what the site's other plugins share (..site.Site), made once per build,
and the site's words where Material's templates lack them."""

from __future__ import annotations

from pathlib import Path
from types import CodeType

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from .. import languages, render
from ..page import partials
from ..site import Site
from ..words import Words

log = get_plugin_logger(__name__)


class TemplatesInMemory(BytecodeCache):
    """Compiled templates kept in this process only, each checked against its source:
    Material's templates, compiled for the first language's build, serve the others'
    (static-i18n builds each language with a new Jinja environment), and ours are
    compiled once. Nothing is kept between two runs of ``mkdocs build``: a fresh build
    compiles every template once (benchmarks figure 6 measures fresh builds)."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self.kept.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self.kept[bucket.key] = (bucket.checksum, bucket.code)


TEMPLATES_CACHE = TemplatesInMemory()


class SiteConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    locales = c.Type(str, default="locales")  # the catalogues' folder, beside mkdocs.yml


class SitePlugin(BasePlugin[SiteConfig]):  # type: ignore[no-untyped-call]
    """The site's languages, words, wheel, pages' contexts and kept HTML."""

    site: Site | None = None

    def on_config(self, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        repo = Path(config.config_file_path).parent
        found = languages.read(config)
        if self.site is None or self.site.repo != repo or self.site.languages != found:
            self.site = Site(repo, found, Words(repo / self.config.locales, found.all), partials(repo))
        # Each template compiled once per build, not once per language (benchmarks figure 6).
        self.site.templates.bytecode_cache = TEMPLATES_CACHE

    @event_priority(100)  # after every on_config, static-i18n's included: the theme's language is set
    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if self.site is None or not self.config.enabled:
            return
        self.site.started(str(config.theme.get("language") or self.site.languages.default))
        if self.site.wheel is not None:
            log.debug("engine wheel %s", self.site.wheel.url)

    def on_env(self, env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
        site = self.site
        if site is not None and self.config.enabled:
            # Material's own words that its translations miss ("Made with", in
            # overrides/partials/copyright.html), in the language being built.
            env.globals["site_word"] = lambda key: site.words(site.language, key)
            env.bytecode_cache = TEMPLATES_CACHE
        return env

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if self.site is not None and self.config.enabled:
            # The headings' "Permanent link" (the toc extension's, Markdown's English) in
            # the page's language: mkdocs makes each page's Markdown from these options.
            toc = config.mdx_configs.setdefault("toc", {})
            toc["permalink_title"] = self.site.words(self.site.context(page).lang, "chrome.permalink")
        return markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        # MkDocs checks links to anchors against the ids Markdown saw; the HTML kept aside
        # (render.keep: the lessons' sections, #lecon-cover) has its ids too.
        if self.site is not None and self.config.enabled and page.present_anchor_ids is not None:
            page.present_anchor_ids |= render.stashed_ids(html, self.site.stash)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if self.site is None or not self.config.enabled:
            return output
        return render.unstash(output, self.site.stash)

    @event_priority(-300)  # after every other plugin's end of this build
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.site is not None and self.config.enabled:
            self.site.ended()
