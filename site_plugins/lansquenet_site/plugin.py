"""The ``lansquenet`` MkDocs plugin: engine and site tied together at build time.

- ``on_page_markdown``: render ```` ```lansquenet ```` fences with the engine, in the
  page's language, the play page's ```` ```lansquenet-play ```` fence (play.py) and the
  odds page's fences and figures (odds_page.py);
- ``on_post_page`` / ``on_post_template``: the script that registers the service worker
  (offline.py), the search ``base`` of a page of another language than the default and
  the Content-Security-Policy of every page (chrome.py);
- ``on_post_build``: copy the Pyodide runtime and the engine's wheel into the site,
  then, once every language is built, one search index and one 404 page per language
  (chrome.py), the ``extra_css`` stylesheets as one (``on_config`` links it in their
  place), the site's own CSS and JavaScript without their comments (minify.py) and the
  service worker (offline.py).

Languages come from mkdocs-static-i18n's documented options, read once (languages.py):
its ``languages`` (the one marked ``default``, each one's ``link``) and the theme
``language`` it sets for each language's build. Each page gets one context
(page.py: its language, its words, its way to the site root, the engine's wheel, built
once per build) that every renderer reads. The plugin logs through MkDocs's plugin
logger (``mkdocs.plugins.lansquenet``). The
default language is built first; static-i18n builds the others from inside that
build's ``on_post_build`` (priority -100), so ours runs after it (-200) and the builds
nest: ``on_pre_build`` notes the language a build starts, ``on_post_build`` ends the
innermost one, and the outermost one's end is when the whole site is written. Nothing
is kept from one build to the next (``mkdocs serve``): the default language's
``on_pre_build`` starts afresh.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from . import (
    chrome,
    class_plan,
    languages,
    learn_page,
    minify,
    odds_page,
    offline,
    play,
    render,
    typography,
    vendor,
)
from .page import PageContext, partials
from .wheel import build_engine_wheel
from .words import Words

log = get_plugin_logger(__name__)


class LansquenetConfig(Config):  # type: ignore[no-untyped-call]
    locales = c.Type(str, default="locales")


class LansquenetPlugin(BasePlugin[LansquenetConfig]):  # type: ignore[no-untyped-call]
    """Renders ```lansquenet fences and ships the engine to the browser."""

    serving = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.repo = Path(config.config_file_path).parent
        self.site_languages = languages.read(config)
        self.words = Words(self.repo / self.config.locales, self.site_languages.all)
        self.templates = partials(self.repo)
        self.stash: dict[str, str] = {}  # scenarios' HTML, until on_post_page puts it back
        if config.extra_css != [minify.BUNDLE]:  # static-i18n's builds share this config
            self.stylesheets = [str(sheet) for sheet in config.extra_css]
            config.extra_css = [minify.BUNDLE]
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        # After every on_config, static-i18n's included: the theme's language is set.
        default = self.site_languages.default
        language = str(config.theme.get("language") or default)
        if language == default or not hasattr(self, "chrome"):
            self.chrome = chrome.Chrome(default)  # a new build of the whole site starts
            self.languages: list[str] = []
            self.wheel = build_engine_wheel(self.repo)  # once per build
            log.debug("engine wheel %s", self.wheel.url)
        self.languages.append(language)
        self.pages: dict[str, PageContext] = {}  # each page's context, by its file

    def building(self) -> str:
        """The language of the innermost build under way."""
        return self.languages[-1]

    def context(self, page: Page) -> PageContext:
        """The page's context, made once: its language is mkdocs-static-i18n's locale,
        else its file's suffix."""
        found = self.pages.get(page.file.src_uri)
        if found is None:
            locale = getattr(page.file, "locale", None)
            lang = (
                locale
                if isinstance(locale, str) and locale
                else self.site_languages.of_file(page.file.src_uri)
            )
            found = PageContext(
                lang, self.words, self.site_languages, page.url, self.wheel, self.stash, self.templates
            )
            self.pages[page.file.src_uri] = found
        return found

    def on_env(self, env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
        # Material's own words that its translations miss ("Made with", in
        # overrides/partials/copyright.html), in the language being built.
        env.globals["site_word"] = lambda key: self.words(self.building(), key)
        return env

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        context = self.context(page)
        # The headings' "Permanent link" (the toc extension's, Markdown's English) in the
        # page's language: mkdocs makes each page's Markdown from these options.
        toc = config.mdx_configs.setdefault("toc", {})
        toc["permalink_title"] = self.words(context.lang, "chrome.permalink")
        markdown = play.render_play(markdown, context)
        markdown = odds_page.render_odds(markdown, context)
        markdown = learn_page.render_learn(markdown, context)
        markdown = class_plan.render_plan(markdown, context)
        try:
            return render.render_fences(markdown, context.lang, self.words, self.stash)
        except render.ScenarioError as error:
            raise PluginError(f"{page.file.src_uri}: {error}") from None

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        # MkDocs checks links to anchors against the ids Markdown saw; the HTML kept aside
        # (render.keep: the lessons' sections, #lecon-cover) has its ids too. And a play
        # page's #scenario=… is a game to replay, not an anchor (tests/site/test_teaching.py
        # replays every one).
        if page.present_anchor_ids is not None:
            page.present_anchor_ids |= render.stashed_ids(html, self.stash)
        for links in (page.links_to_anchors or {}).values():
            for anchor in [a for a in links if a.startswith("scenario=")]:
                del links[anchor]
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        html = render.with_sprite(render.unstash(output, self.stash))
        # French typography on French prose only: the French pages, and the French parts
        # of the others (the parallel page's French column) (typography.py)
        html = typography.fix_html(html, french=typography.is_french(self.context(page).lang))
        html = offline.register_script(html, page.url, self.serving)
        html = chrome.with_search_held(html, page.url)
        prefix = self.chrome.prefix(self.building())
        if prefix:
            html = chrome.with_base(html, prefix)
        html = chrome.with_csp(html, self.serving)
        return html if self.serving else minify.html(html)  # scripts untouched: same hashes

    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
        if not template_name.endswith(".html"):
            return output_content
        html = chrome.with_csp(output_content, self.serving)
        if template_name == "404.html":
            self.chrome.not_found[self.building()] = html
        return html

    @event_priority(-200)  # after mkdocs-static-i18n's (-100): see the module's docstring
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        from . import runtime

        runtime.copy_runtime(self.repo, Path(config.site_dir), self.wheel)
        vendor.copy_libraries(self.repo, Path(config.site_dir))
        language = self.languages.pop()
        if self.languages:
            self.chrome.language_built(language, config.site_dir)
            return  # a language built from inside the default one: not the end yet
        self.chrome.site_built(config.site_dir)
        bundle = Path(config.site_dir) / minify.BUNDLE
        bundle.parent.mkdir(parents=True, exist_ok=True)
        bundle.write_text(minify.bundle(Path(config.docs_dir), self.stylesheets), "utf-8")
        if not self.serving:
            minify.minify_assets(Path(config.site_dir))
            offline.write_service_worker(Path(config.site_dir), (language, *self.chrome.indexes))
