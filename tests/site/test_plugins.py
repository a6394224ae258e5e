"""The site's plugins, one job each (site_plugins/lansquenet_site/plugins/): a small
bilingual site (a rule page's scenario, the play page, French prose) built with each
plugin switched off in turn (``enabled: false``). The others still do their job and the
one switched off does not; a plugin that another needs is named in the build's error.

The builds run in this process, one after the other, with mkdocs.yml's plugins and
options as they are, only the pages fewer (about a second each).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

REPO = Path(__file__).resolve().parents[2]
# Under pytest-xdist the module stays on one worker: its builds share one project.
# Slow: twelve builds of their own (make test runs them; make check leaves them out).
pytestmark = [pytest.mark.xdist_group("plugins-off"), pytest.mark.slow]

PAGES = {
    "index.md": "# Lansquenet\n\nVoici une donne : la banque gagne !\n\n```lansquenet\nworked-example\n```\n",
    "index.en.md": "# Lansquenet\n\nHere is a deal: the bank wins!\n\n```lansquenet\nworked-example\n```\n",
    "play.md": "# Jouer\n\n```lansquenet-play\n```\n",
    "play.en.md": "# Play\n\n```lansquenet-play\n```\n",
}
NAV = "nav:\n  - index.md\n  - play.md\n"


def _read(site: Path, path: str) -> str:
    file = site / path
    return file.read_text("utf-8") if file.is_file() else ""


# What each plugin does, seen in the built site.
DOES: dict[str, Callable[[Path], bool]] = {
    "lansquenet/render": lambda site: 'class="lansquenet-scenario"' in _read(site, "index.html"),
    "lansquenet/pages": lambda site: 'id="lq-play"' in _read(site, "play/index.html"),
    "lansquenet/typography": lambda site: (
        "Voici une donne\u00a0: la banque gagne\u202f!" in _read(site, "index.html")
    ),
    "lansquenet/search": lambda site: (site / "en" / "search" / "search_index.json").is_file(),
    "lansquenet/not-found": lambda site: (site / "en" / "404.html").is_file(),
    "lansquenet/offline": lambda site: (
        (site / "sw.js").is_file() and "offline.js" in _read(site, "index.html")
    ),
    "lansquenet/csp": lambda site: 'http-equiv="Content-Security-Policy"' in _read(site, "en/index.html"),
    "lansquenet/minify": lambda site: (site / "assets" / "css" / "bundle.css").is_file(),
    "lansquenet/runtime": lambda site: (site / "assets" / "pyodide" / "runtime.mjs").is_file(),
}
# A plugin that others need: switched off, the build stops and says who needs it.
NEEDED = {
    "lansquenet": "needs the 'lansquenet' plugin",
    "lansquenet/render": "lansquenet/pages needs 'lansquenet/render'",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("plugins")
    shutil.copytree(REPO / "overrides", folder / "overrides")
    shutil.copytree(REPO / "locales", folder / "locales")
    shutil.copytree(REPO / "docs" / "assets", folder / "docs" / "assets")
    for name in ("engine", "node_modules"):
        (folder / name).symlink_to(REPO / name)
    for name, text in PAGES.items():
        (folder / "docs" / name).write_text(text, "utf-8")
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    config = re.sub(r"^nav:\n(?:  .*\n)+", NAV, config, flags=re.MULTILINE)
    assert NAV in config
    (folder / "mkdocs.yml").write_text(config, "utf-8")
    return folder


def plugins_listed() -> list[str]:
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    return re.findall(r"^  - (lansquenet(?:/[\w-]+)?)\s*$", config, re.MULTILINE)


def build_without(project: Path, off: str | None, site: Path) -> None:
    """``mkdocs build --strict`` of ``project`` with the plugin ``off`` switched off."""
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=True)
    if off is not None:
        config.plugins[off].config["enabled"] = False
    build(config)


def test_every_plugin_is_listed_and_does_its_job(project: Path, tmp_path: Path) -> None:
    assert plugins_listed() == ["lansquenet", *DOES], "each plugin of mkdocs.yml has its job in DOES"
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    build_without(project, None, tmp_path / "all")
    assert {name for name, does in DOES.items() if not does(tmp_path / "all")} == set()


@pytest.mark.parametrize("off", [name for name in DOES if name not in NEEDED])
def test_each_plugin_switched_off_the_others_still_work(project: Path, tmp_path: Path, off: str) -> None:
    site = tmp_path / "site"
    build_without(project, off, site)
    assert not DOES[off](site), f"{off} is off, yet its job is done"
    failing = [name for name, does in DOES.items() if name != off and not does(site)]
    assert failing == [], f"with {off} off, these no longer do their job: {failing}"


@pytest.mark.parametrize("off", list(NEEDED))
def test_a_needed_plugin_switched_off_is_named(
    project: Path, tmp_path: Path, off: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR), pytest.raises(Abort):
        build_without(project, off, tmp_path / "site")
    assert NEEDED[off] in caplog.text
