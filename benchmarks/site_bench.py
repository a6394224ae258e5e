"""The site's cost at build time: ``mkdocs build`` with our plugin against without it.

Three projects, each made in a temporary folder:

- **ours**: the repository's own mkdocs.yml (both languages, our plugin and its site
  chrome), built as ``make build`` does;
- **unplugged**: the same mkdocs.yml and docs without our plugins (``lansquenet`` and
  ``lansquenet/…``) and without the ```` ```lansquenet… ```` fences (which only they
  understand);
- **plain**: a minimal mkdocs.yml, mkdocs-material's default theme (``font: false``),
  the search plugin, the pages of one language (French unless asked) with the fences
  removed: the same Markdown as a plain Material site would have. The page-weight
  benchmark and the Lighthouse audit (audit.py) compare against it.

Build time: both builds alternate, ``repeats`` times each, in fresh site folders (a
clean build copies Pyodide), best time of each, as CPU time (user + system of the
``mkdocs`` process) and as wall time. The build is one single-threaded process, so on
an idle machine the two agree; on a shared one, other processes stretch the wall time
and not the CPU time: the goal is judged on CPU time. Goal: ours / unplugged <= 1.5.

Each build is a fresh ``mkdocs build`` process, as a first build is: no compiled template
is kept from one build to the next (the ``lansquenet`` plugin keeps them in memory, for
the build's other languages only). What the runtime plugin makes from Pyodide's files and
the engine's wheel, Python's snapshot (Node.js, seconds of CPU) and the trimmed standard
library, and the wheel itself, are kept in ``node_modules/.cache/lansquenet`` by a digest
of their inputs, as for ``make build``: the figure is that of a build whose engine did not
change since the last. So is Python's bytecode of our code (the engine and the plugins),
written before the builds are timed (compileall, only what is stale): pip wrote that of
the packages both builds import (MkDocs, Material…) when it installed them, and Python
keeps a module's bytecode beside its source unless told not to (``PYTHONDONTWRITEBYTECODE``,
which some machines set: there, every build compiled our sources again, about 0.08 s of
CPU that a build elsewhere pays once; benchmarks/README.md, issue 54).

    python benchmarks/site_bench.py [repeats]
"""

from __future__ import annotations

import compileall
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
GOAL = 1.5

# Any fence our plugin renders: ```lansquenet, ```lansquenet-play, ```lansquenet-odds…
FENCE = re.compile(
    r"^(?P<fence>```|~~~)lansquenet[\w-]*[ \t]*\n(?:.*?\n)?(?P=fence)[ \t]*$", re.MULTILINE | re.DOTALL
)
# Our plugins in mkdocs.yml (lansquenet, lansquenet/render…), with their options if any.
PLUGIN_LINE = re.compile(r"^  - lansquenet(?:/[\w-]+)?:?[ \t]*\n(?:^    .*\n)*", re.MULTILINE)

PLAIN_CONFIG = """\
site_name: Lansquenet
site_url: {site_url}
theme:
  name: material
  language: {language}
  font: false
plugins:
  - search
markdown_extensions:
  - attr_list
  - md_in_html
  - admonition
  - pymdownx.details
  - pymdownx.superfences
  - tables
  - meta
  - toc:
      permalink: true
"""


def strip_fences(markdown: str) -> str:
    """The Markdown without the fences that only our plugin renders."""
    return FENCE.sub("", markdown)


def included(markdown: str, english: bool) -> str:
    """The page's Markdown with the texts its ``lansquenet-include`` fences name put in
    (site_plugins/lansquenet_site/include.py), as our build reads it: words, not our
    plugin's work, so a plain or unplugged site has them too (the bans' texts: the
    plain site's search index held them before they were written once)."""
    if "lansquenet-include" not in markdown:
        return markdown
    if str(REPO / "site_plugins") not in sys.path:
        sys.path.insert(0, str(REPO / "site_plugins"))
    from lansquenet_site.include import include
    from lansquenet_site.languages import Languages

    return include(markdown, REPO / "includes", "en" if english else "fr", Languages({"fr": "", "en": "en/"}))


def _copy_docs(target: Path, language: str | None = None) -> None:
    """docs/ without fences; for a plain site, only the pages of ``language`` (English
    pages renamed covering.en.md -> covering.md), without assets."""
    source = REPO / "docs"
    for path in source.rglob("*"):
        rel = path.relative_to(source)
        if path.is_dir():
            continue
        english = path.name.endswith(".en.md")
        if language and (rel.parts[0] == "assets" or english != (language == "en")):
            continue
        if english and language:
            rel = rel.with_name(path.name.removesuffix(".en.md") + ".md")
        out = target / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".md":
            out.write_text(strip_fences(included(path.read_text("utf-8"), english)), "utf-8")
        else:
            shutil.copy2(path, out)


def unplugged_project(folder: Path) -> Path:
    """mkdocs.yml and docs as ours, less the plugin and its fences; returns mkdocs.yml."""
    shutil.copytree(REPO / "overrides", folder / "overrides")
    _copy_docs(folder / "docs")
    config = (REPO / "mkdocs.yml").read_text("utf-8")
    stripped = PLUGIN_LINE.sub("", config)
    if stripped == config:
        raise RuntimeError("mkdocs.yml: no '  - lansquenet' lines in plugins")
    (folder / "mkdocs.yml").write_text(stripped, "utf-8")
    return folder / "mkdocs.yml"


def plain_project(folder: Path, site_url: str = "http://127.0.0.1:8000/", language: str = "fr") -> Path:
    """A plain mkdocs-material project with our pages of ``language``, fences removed."""
    _copy_docs(folder / "docs", language)
    (folder / "mkdocs.yml").write_text(PLAIN_CONFIG.format(site_url=site_url, language=language), "utf-8")
    return folder / "mkdocs.yml"


def build(config: Path, site: Path, site_url: str | None = None, strict: bool = False) -> float:
    """Run ``mkdocs build`` (a fresh process, as ``make build``); its wall time in s."""
    return timed_build(config, site, site_url, strict)[0]


def on_a_fresh_build(measure: Any, argv: list[str], name: str) -> int:
    """A browser benchmark's command line: ``measure(site, repeats)`` on this tree's site,
    built into a temporary folder; its figures printed as JSON."""
    repeats = int(argv[0]) if argv else 5
    with tempfile.TemporaryDirectory(prefix=f"lq-{name}-bench-") as tmp:
        site = Path(tmp) / "site"
        build(REPO / "mkdocs.yml", site)
        print(json.dumps(measure(site, repeats), indent=2))
    return 0


def timed_build(
    config: Path, site: Path, site_url: str | None = None, strict: bool = False
) -> tuple[float, float]:
    """Run ``mkdocs build``; (wall time, CPU time) in s."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if site_url:
        env["SITE_URL"] = site_url
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(config), "--site-dir", str(site)]
    if strict:
        command.insert(4, "--strict")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=config.parent, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"mkdocs build -f {config} failed:\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, cpu


# Our Python packages: what the unplugged build never imports.
SOURCES = ("engine/lansquenet", "site_plugins/lansquenet_site")


def compiled_sources() -> None:
    """Python's bytecode of our packages written where Python looks for it (their
    ``__pycache__``), as pip writes that of the packages it installs."""
    for package in SOURCES:
        if not compileall.compile_dir(REPO / package, quiet=1):
            raise RuntimeError(f"{package}: a module does not compile")


def build_times(repeats: int = 3, keep: Path | None = None) -> dict[str, Any]:
    """Best build time of ours and of the unplugged project, alternating, our code's
    bytecode written first; ``keep`` receives the last build of ours (for the browser
    benchmarks)."""
    compiled_sources()
    ours: list[tuple[float, float]] = []
    unplugged: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory(prefix="lq-bench-build-") as tmp:
        base = Path(tmp)
        config = unplugged_project(base / "unplugged")
        for i in range(repeats):
            site = keep if (keep is not None and i == repeats - 1) else base / f"ours-{i}"
            ours.append(timed_build(REPO / "mkdocs.yml", site))
            unplugged.append(timed_build(config, base / f"unplugged-{i}"))
    cpu_ratio = min(c for _, c in ours) / min(c for _, c in unplugged)
    wall_ratio = min(w for w, _ in ours) / min(w for w, _ in unplugged)
    return {
        "repeats": repeats,
        "ours_cpu_s": round(min(c for _, c in ours), 2),
        "unplugged_cpu_s": round(min(c for _, c in unplugged), 2),
        "ours_s": round(min(w for w, _ in ours), 2),
        "unplugged_s": round(min(w for w, _ in unplugged), 2),
        "ours_all_s": [round(w, 2) for w, _ in ours],
        "unplugged_all_s": [round(w, 2) for w, _ in unplugged],
        "ours_all_cpu_s": [round(c, 2) for _, c in ours],
        "unplugged_all_cpu_s": [round(c, 2) for _, c in unplugged],
        "ratio": round(cpu_ratio, 2),
        "wall_ratio": round(wall_ratio, 2),
        "goal": GOAL,
        "ok": cpu_ratio <= GOAL,
    }


if __name__ == "__main__":
    print(json.dumps(build_times(int(sys.argv[1]) if len(sys.argv) > 1 else 3), indent=2))
