"""Lighthouse scores of the built site: every rule page (in French, and the worked
example's in English too) and the play page in both languages, on a phone, each beside
the same page of a plain Material build of the same Markdown. ``make audit`` runs it; it writes benchmarks/AUDIT.md.

The site is built (``mkdocs build --strict``) with ``SITE_URL`` set to the address it
is then served at (localsite/serve.py: 127.0.0.1, gzip like a static host), so that
canonical and hreflang links point where Lighthouse looks. Lighthouse is the npm package
pinned in package.json, run with Node.js against the browser tests' Chromium
(localsite/chromium.py), headless, no network but 127.0.0.1. Mobile is Lighthouse's
default (a mid-range phone, simulated slow 4G); desktop is its ``--preset=desktop``.

The baseline: ``site_bench.plain_project``, mkdocs-material's defaults and our pages of
one language with the fences removed (a French and an English build), served by the same
server. Each page's runs alternate between ours and the baseline, so that both see the
same machine.

    python benchmarks/audit.py [--site DIR] [--out benchmarks/AUDIT.md] [--pages PATH ...]

Goals: rule pages 100 for accessibility, best practices and SEO, and on mobile a
performance at least the baseline's; the play page 100 for accessibility, best practices
and SEO, performance as high as Pyodide allows.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from benchmarks import site_bench
from localsite import chromium
from localsite.serve import free_port, serve

LIGHTHOUSE = REPO / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = ["--headless=new", *chromium.ARGS]
RULE_PAGES = ("history", "preparing", "covering", "which-value", "keeping-the-bank", "settlement")
PAGES = (*(f"/rules/{name}/" for name in RULE_PAGES), "/en/rules/settlement/", "/play/", "/en/play/")
FORM_FACTORS = ("mobile",)  # desktop (--form-factors mobile desktop) scores 100 on every page
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


@dataclass
class Audit:
    page: str
    form_factor: str
    build: str
    scores: dict[str, int | None]
    metrics: dict[str, str] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)  # audits under 1 that weigh on a score
    error: str = ""
    all_performance: list[int | None] = field(default_factory=list)  # every run's
    benchmark_index: float | None = None  # Lighthouse's measure of the machine's speed


def build(site: Path, site_url: str) -> None:
    env = {**os.environ, "SITE_URL": site_url, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"mkdocs build failed:\n{done.stdout}{done.stderr}")


def lighthouse(url: str, form_factor: str, out: Path) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None or not LIGHTHOUSE.is_file():
        raise SystemExit("Lighthouse needs Node.js and `npm ci` (node_modules/lighthouse)")
    command = [
        node,
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(CHROME_FLAGS)}",
        "--max-wait-for-load=60000",
    ]
    if form_factor == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": chromium.executable_or_playwrights()}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0 or not out.is_file():
        raise RuntimeError(f"lighthouse exited {done.returncode}: {done.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return report


def summarise(report: dict[str, Any], page: str, form_factor: str) -> Audit:
    categories = report["categories"]
    scores = {
        c: (round(categories[c]["score"] * 100) if categories[c]["score"] is not None else None)
        for c in CATEGORIES
    }
    audits = report["audits"]
    metrics = {
        METRICS[k]: audits[k]["displayValue"] for k in METRICS if audits.get(k, {}).get("displayValue")
    }
    failed = []
    for c in CATEGORIES:
        for ref in categories[c]["auditRefs"]:
            result = audits.get(ref["id"], {})
            if ref.get("weight", 0) > 0 and result.get("score") is not None and result["score"] < 1:
                failed.append(f"{c}: {ref['id']} ({result.get('displayValue') or result['score']})")
    return Audit(page, form_factor, "ours", scores, metrics, failed)


def median(audits: list[Audit], build: str) -> Audit:
    """The run with the median performance score (its scores and metrics all come from
    that one run, as Lighthouse's docs advise)."""
    audits = sorted(audits, key=lambda a: a.scores["performance"] or 0)
    chosen = audits[len(audits) // 2]
    chosen.build = build
    chosen.all_performance = [a.scores["performance"] for a in audits]
    return chosen


def side_by_side(urls: dict[str, str], form_factor: str, folder: Path, page: str, runs: int) -> list[Audit]:
    """Lighthouse ``runs`` times on each build's ``urls[build]``, the builds alternating;
    the median run of each."""
    done: dict[str, list[Audit]] = {build: [] for build in urls}
    for i in range(runs):
        for build, url in urls.items():
            name = f"{build}-{page.strip('/').replace('/', '_') or 'home'}-{form_factor}-{i}.json"
            report = lighthouse(url, form_factor, folder / name)
            done[build].append(summarise(report, page, form_factor))
            done[build][-1].benchmark_index = report.get("environment", {}).get("benchmarkIndex")
    return [median(audits, build) for build, audits in done.items()]


def plain_page(plain: dict[str, str], page: str) -> str:
    """The same page in the plain build of its language: /en/x/ is /x/ of the English one."""
    if page.startswith("/en/"):
        return plain["en"] + page.removeprefix("/en/")
    return plain["fr"] + page.lstrip("/")


def run(site: Path | None, pages: list[str], form_factors: list[str], runs: int = 3) -> list[Audit]:
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory(prefix="lq-audit-") as tmp:
        folder = site or Path(tmp) / "site"
        if site is None:
            build(folder, base)
        # A plain build of each language the pages are in (/en/... English, the rest French).
        langs = sorted({"en" if page.startswith("/en/") else "fr" for page in pages})
        plain_ports = {lang: free_port() for lang in langs}
        for lang, plain_port in plain_ports.items():
            project = site_bench.plain_project(
                Path(tmp) / f"plain-{lang}", f"http://127.0.0.1:{plain_port}/", lang
            )
            site_bench.build(project, Path(tmp) / f"plain-{lang}-site")
        results: list[Audit] = []
        with contextlib.ExitStack() as servers:
            url = servers.enter_context(serve(folder, port))
            plain = {
                lang: servers.enter_context(serve(Path(tmp) / f"plain-{lang}-site", plain_port))
                for lang, plain_port in plain_ports.items()
            }
            for page in pages:
                for form_factor in form_factors:
                    urls = {"ours": url + page.lstrip("/"), "plain Material": plain_page(plain, page)}
                    try:
                        rows = side_by_side(urls, form_factor, Path(tmp), page, runs)
                    except (RuntimeError, KeyError, subprocess.TimeoutExpired) as error:
                        empty = dict.fromkeys(CATEGORIES)
                        rows = [
                            Audit(page, form_factor, build, dict(empty), error=str(error)) for build in urls
                        ]
                    print(table(rows, header=not results), flush=True)
                    results += rows
    return results


def table(results: list[Audit], header: bool = True) -> str:
    lines = []
    if header:
        lines += [
            "| page | device | build | performance | accessibility | best practices | SEO | metrics (median run) |",
            "| --- | --- | --- | ---: | ---: | ---: | ---: | --- |",
        ]
    for r in results:
        cells = ["–" if r.scores[c] is None else str(r.scores[c]) for c in CATEGORIES]
        if len(r.all_performance) > 1:
            cells[0] += " (" + ", ".join(str(p) for p in r.all_performance) + ")"
        metrics = ", ".join(f"{k} {v}" for k, v in r.metrics.items()) or r.error[:120]
        lines.append(f"| {r.page} | {r.form_factor} | {r.build} | {' | '.join(cells)} | {metrics} |")
    return "\n".join(lines)


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "unknown"


def markdown(results: list[Audit], runs: int = 3, load: str = "", built: str = "") -> str:
    indexes = [r.benchmark_index for r in results if r.benchmark_index]
    bench = f"{min(indexes):.0f}–{max(indexes):.0f}" if indexes else "unknown"
    version = json.loads((REPO / "node_modules" / "lighthouse" / "package.json").read_text())["version"]
    chrome = subprocess.run(
        [chromium.executable_or_playwrights(), "--version"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    lines = [
        "# Lighthouse audit",
        "",
        (
            f"`make audit` ({datetime.date.today().isoformat()}, commit {built or commit()}; Lighthouse {version},"
            f" {chrome or 'Chromium'}, headless; the site served on 127.0.0.1 with gzip by"
            " localsite/serve.py). Mobile is Lighthouse's default emulation (simulated slow 4G,"
            " 4× CPU slowdown); desktop is `--preset=desktop`. Each page is measured beside"
            " the same page of a *plain Material* build of the same Markdown (mkdocs-material's"
            " defaults, the search plugin, the page's language only, the fences that only our"
            " plugin renders removed: `site_bench.plain_project`), same server. Each page and"
            f" device ran {runs} times on each build, the two alternating: the scores are those"
            " of the run with the median performance (every run's performance in brackets)."
            f" The machine is shared and noisy (load average at the start: {load}; Lighthouse's"
            f" benchmark index {bench}): performance, which counts main-thread time, moves from"
            " run to run; the other three do not."
        ),
        "",
        table(results),
        "",
        (
            "Goals: rule pages 100 for accessibility, best practices and SEO, and on mobile a"
            " performance at least the plain Material page's; the play page 100 for accessibility,"
            " best practices and SEO, performance as high as Pyodide allows (its plain Material"
            " twin is the page's text alone)."
        ),
        "",
    ]
    below = [r for r in results if r.failed]
    if below:
        lines += ["## What kept a score under 100", ""]
        for r in below:
            lines.append(f"- {r.page} ({r.form_factor}, {r.build}): " + "; ".join(r.failed))
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=HERE / "AUDIT.md")
    parser.add_argument("--pages", nargs="*", default=list(PAGES))
    parser.add_argument("--form-factors", nargs="*", default=list(FORM_FACTORS))
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page and device")
    parser.add_argument("--json", type=Path, help="also write every page's scores as JSON here")
    args = parser.parse_args()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    built = commit()  # the commit the site is built from, not the one when the runs end
    results = run(args.site, args.pages, args.form_factors, args.runs)
    text = markdown(results, args.runs, load, built)
    args.out.write_text(text, "utf-8")
    if args.json:
        rows = [
            {
                "page": r.page,
                "form_factor": r.form_factor,
                "build": r.build,
                "scores": r.scores,
                "error": r.error,
            }
            for r in results
        ]
        args.json.write_text(json.dumps(rows, indent=2), "utf-8")
    print()
    print(text)


if __name__ == "__main__":
    main()
