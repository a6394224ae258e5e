"""The benchmarks still run: ``python -m benchmarks --quick`` (tiny sizes, RESULTS.md
written to a temporary file), and RESULTS.md's rendering.

The figures of a quick run mean nothing; only that every one of them is a number. The
run is a separate process: the browser benchmarks start their own Playwright, which
cannot share a thread with the browser tests' one. Those (figures 3, 4, 5 and 9) start
Python about ten times, plainly, for a minute and a half of the machine's two cores:
``make test`` leaves them out, ``LQ_FULL=1 make test`` runs them too (as it runs every
browser flow in both languages, tests/browser/conftest.py), and Lighthouse's run in small.
"""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from runs import FULL

REPO = Path(__file__).resolve().parents[1]
# Under pytest-xdist the module stays on one worker: one quick benchmark run serves the module.
pytestmark = pytest.mark.xdist_group("bench-smoke")
QUICK = ("odds", "deals", "bots", "session", "build") + (
    ("browser", "play", "first", "rules") if FULL else ()
)

NUMBERS = {
    "odds": ["ours_deals_per_s", "minimal_deals_per_s", "ratio"],
    "deals": ["cpython_deals_per_s", "pyodide_deals_per_s", "ratio"],
    "build": ["ours_s", "unplugged_s", "ours_cpu_s", "unplugged_cpu_s", "ratio", "wall_ratio"],
    "bots": ["decision_us", "apply_us", "decisions"],
    "session": ["ratio", "open_pyodide_s", "bytes"],
}
BROWSER = {
    "engine": ["ready_ms", "bare_ms", "ratio", "longest_task_ms"],
    "stepper": ["after_dcl_ms"],
    "weight": ["ours_bytes", "plain_bytes", "ratio", "python_bytes"],
    "return": ["plain_ms", "first_ms", "return_ms", "ratio", "first_ratio"],
    "bytes": ["ours_bytes", "before_bytes", "ratio"],
}


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> dict[str, Any]:
    """The quick run's figures and RESULTS.md, made once per test run: kept in the run's
    common folder under a file lock, as the built site is (tests/conftest.py). A
    module's fixture ran again on each worker when the group was split (pytest 9.2 and
    pytest-xdist 3.8: tests/conftest.py), about 4 minutes each time."""
    common = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        common = common.parent
    folder = common / "bench"
    with (common / "bench.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "r.json").is_file():
            folder.mkdir(exist_ok=True)
            run(
                "-m",
                "benchmarks",
                "--quick",
                *("--only", *QUICK),
                *("--out", str(folder / "RESULTS.md"), "--json", str(folder / "r.json.part")),
            )
            (folder / "r.json.part").rename(folder / "r.json")
    data: dict[str, Any] = json.loads((folder / "r.json").read_text("utf-8"))
    data["markdown"] = (folder / "RESULTS.md").read_text("utf-8")
    return data


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python *args`` in the repository's folder, in its own process; it must succeed."""
    done = subprocess.run(
        [sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


def test_every_benchmark_returns_numbers(quick_run: dict[str, Any]) -> None:
    figures = quick_run["figures"]
    for name, keys in NUMBERS.items():
        for key in keys:
            assert is_number(figures[name][key]), (name, key, figures[name])
    if not FULL:
        assert "browser" not in figures and "play" not in figures and "first" not in figures
        assert "rules" not in figures
        return
    for part, keys in BROWSER.items():
        for key in keys:
            assert is_number(figures["browser"][part][key]), (part, key, figures["browser"][part])
    assert figures["browser"]["weight"]["python_bytes"] == 0  # a rule page loads no Python
    for part in ("move", "undo", "switch"):  # figure 9, the play page
        for key in ("short_ms", "long_ms", "ratio"):
            assert is_number(figures["play"][part][key]), (part, key, figures["play"][part])
    assert is_number(figures["play"]["switch"]["first_ratio"])
    for key in ("longest_ms", "after_ready_ms"):  # figure 9d, a long link opened
        assert is_number(figures["play"]["open"][key]), (key, figures["play"]["open"])
    for key in ("snapshot_ms", "plain_ms", "ratio"):  # figure 3e, a first visit
        assert is_number(figures["first"]["fast"][key]), (key, figures["first"]["fast"])
    assert figures["first"]["fast"]["right_paths"] and figures["first"]["bytes"]["save_data_same"]
    rules = figures["rules"]  # figure 10, the historical variants
    for key in ("standard_ms", "six_packs_ms", "ratio"):
        assert is_number(rules["move"][key]), (key, rules["move"])
    assert is_number(rules["wheel"]["bytes"]) and is_number(rules["wheel"]["base_bytes"])
    assert "skipped" in rules["snapshot"] or is_number(rules["snapshot"]["bytes"])


def test_results_md_lists_every_figure(quick_run: dict[str, Any]) -> None:
    text = quick_run["markdown"]
    rows = [
        line for line in text.splitlines() if line.startswith("| ") and not line.startswith(("| #", "| ---"))
    ]
    numbers = [row.split("|")[1].strip() for row in rows]
    figures = ["1", "2a", "2b", "3a", "3b", "3c", "3d", "3e", "3f", "3g", "4", "5a", "5b"]
    figures += ["6", "7", "8a", "8b", "8c", "8d"]
    assert numbers == [*figures, "9a", "9b", "9c", "9d", "10a", "10b", "10c", "11a", "11b"]
    unmeasured = [number for number, row in zip(numbers, rows, strict=True) if "not measured" in row]
    browser = run("-c", "from benchmarks import results; print(*results.BROWSER_FIGURES)").stdout.split()
    # make check's own figures (11) are left out of the quick run: it would run make check
    # three times inside make test
    assert unmeasured == ([] if FULL else browser) + ["11a", "11b"]
    for field in ("date:", "commit:", "cores (`nproc`)", "memory"):
        assert field in text


def test_results_md_renders_without_figures() -> None:
    # In its own process: the tests never import the benchmarks.
    render = "from benchmarks import results; print(results.render({}, results.machine_info()))"
    done = run("-c", render)
    assert done.stdout.count("not measured in this run") == 28
    assert "- none: every figure measured in this run is within its goal." in done.stdout


# Lighthouse (a Chromium of its own, two pages, about 40 s of a core) with the browser
# benchmarks: LQ_FULL=1 make test runs it, make test leaves it to make audit, as it leaves
# them; the axe tests (tests/browser/test_accessibility.py) hold every page's accessibility.
if FULL:

    def test_lighthouse_scores_a_rule_page_100_but_for_performance(tmp_path: Path, built_site: Any) -> None:
        """`make audit` in small: one Lighthouse run on a rule page of the site the tests
        built, and one on the same page of a plain Material build beside it. Accessibility,
        best practices and SEO do not depend on the machine's speed: ours must be 100.
        Performance does, and is only reported (benchmarks/AUDIT.md)."""
        run(
            "benchmarks/audit.py",
            *("--site", str(built_site.path)),
            *("--pages", "/rules/settlement/", "--form-factors", "desktop", "--runs", "1"),
            *("--out", str(tmp_path / "AUDIT.md"), "--json", str(tmp_path / "audit.json")),
        )
        rows = {row["build"]: row for row in json.loads((tmp_path / "audit.json").read_text("utf-8"))}
        assert set(rows) == {"ours", "plain Material"}
        for row in rows.values():
            assert not row["error"], row["error"]
            assert isinstance(row["scores"]["performance"], int)
        scores = rows["ours"]["scores"]
        assert (scores["accessibility"], scores["best-practices"], scores["seo"]) == (100, 100, 100), (
            tmp_path / "AUDIT.md"
        ).read_text("utf-8")
        assert "| plain Material |" in (tmp_path / "AUDIT.md").read_text("utf-8")


def test_a_figure_short_of_its_goal_is_said_in_its_own_line() -> None:
    """RESULTS.md says under its table, one line each, which figures missed their goals
    (here figure 1, from made-up figures), and that the run was one whole run."""
    made = (
        "from benchmarks import results; m = results.machine_info(); m['run'] = 'one run';"
        " o = {'ratio': 0.3, 'ours_deals_per_s': 30, 'minimal_deals_per_s': 100, 'ok': False, 'deals': 9};"
        " print(results.render({'odds': o}, m))"
    )
    text = run("-c", made).stdout
    short = text.split("## Short of their goals", 1)[1].split("##", 1)[0]
    lines = [line for line in short.splitlines() if line.startswith("- ")]
    assert [line.split("**")[1] for line in lines] == ["1"]
    assert "≥ 0.5×" in lines[0] and "0.3×" in lines[0]
    assert "- run: one run" in text


def test_make_checks_time_is_judged_against_its_two_goals() -> None:
    """Figure 11 (issue 54): make check within 45 s quiet and 90 s beside a browser test,
    the slower run of each kind judged (here made-up figures: the quiet ones met, the
    loaded ones not)."""
    made = (
        "from benchmarks import results; m = results.machine_info();"
        " c = {'repeats': 2, 'quiet_all_s': [31.0, 44.0], 'beside_all_s': [70.0, 95.5], 'quiet_s': 44.0,"
        " 'beside_s': 95.5, 'quiet_ok': True, 'beside_ok': False};"
        " print(results.render({'check': c}, m))"
    )
    text = run("-c", made).stdout
    rows = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| 11")}
    assert set(rows) == {"11a", "11b"}
    assert "44.0 s" in rows["11a"] and "≤ 45 s" in rows["11a"] and "**yes**" in rows["11a"]
    assert "95.5 s" in rows["11b"] and "≤ 90 s" in rows["11b"] and "**no**" in rows["11b"]
    short = text.split("## Short of their goals", 1)[1].split("##", 1)[0]
    assert "**11b**" in short and "**11a**" not in short


def test_results_md_is_written_by_a_whole_run_only() -> None:
    """A partial run never writes RESULTS.md (it would mix runs): it is refused, the file
    left as it was."""
    before = (REPO / "benchmarks" / "RESULTS.md").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--only", "bots", "--quick"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0 and "--out" in done.stderr
    assert (REPO / "benchmarks" / "RESULTS.md").read_bytes() == before


def test_the_plain_site_has_the_words_our_pages_include() -> None:
    """Figure 5a's plain Material site has the same words as ours: the texts our pages
    include (includes/ban.md, in the teachers' and the pupils' pages) are put in, not
    stripped with our fences (its search index lost them when they were written once)."""
    made = (
        "import pathlib, tempfile; from benchmarks import site_bench;"
        " d = pathlib.Path(tempfile.mkdtemp()); site_bench.plain_project(d, language='fr');"
        " print((d / 'docs' / 'class.md').read_text('utf-8'))"
    )
    page = run("-c", made).stdout
    shared = (REPO / "includes" / "ban.md").read_text("utf-8")
    line = next(line for line in shared.splitlines() if len(line) > 40)
    assert line in page and "lansquenet-include" not in page
