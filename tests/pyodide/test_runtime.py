"""What the site ships to the browser: the engine's wheel and the Pyodide runtime.

The wheel is built in pure Python by the site plugin (lansquenet_site.wheel): a proper
py3-none-any wheel that pip accepts, whose RECORD hashes match, the same bytes at every
build. The runtime copy takes only Pyodide's five files, once, into the top site folder,
skips what is already there, and says to run ``npm ci`` when node_modules is missing.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from lansquenet_site import runtime
from lansquenet_site.wheel import LEFT_OUT, build_engine_wheel

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "engine" / "lansquenet"


def test_the_wheel_holds_the_engine_and_only_the_engine() -> None:
    wheel = build_engine_wheel(REPO)
    assert wheel.filename == "lansquenet-1.0.0-py3-none-any.whl"
    names = zipfile.ZipFile(io.BytesIO(wheel.data)).namelist()
    # Sorted: the package's files, then its dist-info, RECORD last (as wheels put it).
    package = [n for n in names if n.startswith("lansquenet/")]
    assert names == sorted(package) + sorted(set(names) - set(package) - {names[-1]}) + [names[-1]]
    assert names[-1] == "lansquenet-1.0.0.dist-info/RECORD"
    modules = {f"lansquenet/{p.name}" for p in PACKAGE.glob("*.py") if p.name not in LEFT_OUT}
    assert not any(name.endswith(tuple(LEFT_OUT)) for name in names)  # not run in a browser
    assert modules <= set(names) and "lansquenet/web.py" in names
    assert {
        "lansquenet/locales/en/lansquenet.po",
        "lansquenet/locales/fr/lansquenet.po",
        "lansquenet/py.typed",
        "lansquenet/scenarios/worked-example.json",
        "lansquenet-1.0.0.dist-info/METADATA",
        "lansquenet-1.0.0.dist-info/WHEEL",
    } <= set(names)
    assert not [n for n in names if "site.po" in n or "__pycache__" in n or n.endswith(".pyc")]


def test_the_wheel_record_matches_its_files() -> None:
    archive = zipfile.ZipFile(io.BytesIO(build_engine_wheel(REPO).data))
    record = archive.read("lansquenet-1.0.0.dist-info/RECORD").decode().splitlines()
    listed = {}
    for line in record:
        name, digest, size = line.rsplit(",", 2)
        listed[name] = (digest, size)
    assert set(listed) == set(archive.namelist())
    for name, (digest, size) in listed.items():
        if name.endswith("RECORD"):
            assert (digest, size) == ("", "")
            continue
        data = archive.read(name)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, size) == (f"sha256={expected}", str(len(data))), name
    wheel = archive.read("lansquenet-1.0.0.dist-info/WHEEL").decode()
    assert "Root-Is-Purelib: true" in wheel and "Tag: py3-none-any" in wheel


def test_the_wheel_is_the_same_at_every_build() -> None:
    first, second = build_engine_wheel(REPO), build_engine_wheel(REPO)
    assert first.data == second.data
    times = {info.date_time for info in zipfile.ZipFile(io.BytesIO(first.data)).infolist()}
    assert times == {(1980, 1, 1, 0, 0, 0)}


def test_a_kept_wheel_is_the_engine_as_it_is_now(tmp_path: Path) -> None:
    # The build keeps the wheel by a digest of what it is made from (benchmarks figure 6):
    # read again, it is the bytes a build makes; the engine changed, the site gets the new one.
    cache = tmp_path / "cache"
    made = build_engine_wheel(REPO, cache)
    assert made == build_engine_wheel(REPO) and len(list(cache.glob("wheel-*.whl"))) == 1
    kept = next(cache.glob("wheel-*.whl"))
    kept.write_bytes(made.data + b"read again")  # what the cache holds is what a build gets
    assert build_engine_wheel(REPO, cache).data == made.data + b"read again"
    kept.write_bytes(made.data)
    root = tmp_path / "repo"
    shutil.copytree(
        REPO / "engine", root / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    changed_file = root / "engine" / "lansquenet" / "limits.py"
    changed_file.write_text(changed_file.read_text("utf-8") + "CHANGED = 1\n", "utf-8")
    changed = build_engine_wheel(root, cache)
    assert changed.data != made.data and changed == build_engine_wheel(root)
    inside = zipfile.ZipFile(io.BytesIO(changed.data)).read("lansquenet/limits.py").decode("utf-8")
    assert inside.endswith("CHANGED = 1\n") and len(list(cache.glob("wheel-*.whl"))) == 2


def test_pip_installs_the_wheel(tmp_path: Path) -> None:
    wheel = tmp_path / build_engine_wheel(REPO).filename
    wheel.write_bytes(build_engine_wheel(REPO).data)
    target = tmp_path / "target"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--target",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    replay = subprocess.run(
        [sys.executable, "-m", "lansquenet", "replay", "worked-example"],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(target), "PATH": os.defpath},
        cwd=tmp_path,
    )
    assert replay.returncode == 0, replay.stderr
    assert '"B": 105' in replay.stdout


def test_the_runtime_copy_takes_five_files_once(tmp_path: Path) -> None:
    site = tmp_path / "site"
    wheel = runtime.copy_runtime(REPO, site)
    shipped = sorted((*runtime.PYODIDE_FILES, runtime.RUNTIME_MODULE))
    assert sorted(p.name for p in (site / "assets" / "pyodide").iterdir()) == shipped
    assert (site / "assets" / "wheels" / wheel.filename).read_bytes() == wheel.data
    assert runtime.copy_pyodide(REPO, site) == []  # already there: nothing copied again
    (site / "assets" / "pyodide" / "pyodide.mjs").write_text("stale")
    (site / "assets" / "pyodide" / runtime.STDLIB).write_text("stale")
    assert sorted(p.name for p in runtime.copy_pyodide(REPO, site)) == ["pyodide.mjs", runtime.STDLIB]
    # The worker's facts: the trimmed standard library's digest, the bytes it downloads.
    facts = (site / "assets" / "pyodide" / runtime.RUNTIME_MODULE).read_text("utf-8")
    stdlib = (site / "assets" / "pyodide" / runtime.STDLIB).read_bytes()
    assert f'"stdlib_digest": "{hashlib.sha256(stdlib).hexdigest()[:16]}"' in facts
    fetched = sum((site / "assets" / "pyodide" / n).stat().st_size for n in runtime.FETCHED)
    assert f'"bytes": {fetched + len(wheel.data)}' in facts


def test_a_missing_node_modules_says_to_run_npm_ci(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match="npm ci"):
        runtime.copy_runtime(tmp_path, tmp_path / "site")


def test_the_built_site_ships_the_runtime_once_at_its_top(built_site: Any) -> None:
    site = built_site.path
    # Pyodide's files, runtime.mjs and the one Python snapshot it names (snapshot.py),
    # with the standard library a restore of it loads and the snapshot's decoder.
    text = (site / runtime.PYODIDE_DIR / runtime.RUNTIME_MODULE).read_text("utf-8")
    snapshot = json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))["snapshot"]
    named = (snapshot["file"], snapshot["stdlib"], snapshot["decoder"])
    shipped = sorted((*runtime.PYODIDE_FILES, runtime.RUNTIME_MODULE, *named))
    assert sorted(p.name for p in (site / "assets" / "pyodide").iterdir()) == shipped
    wheels = list((site / "assets" / "wheels").iterdir())
    assert [p.name for p in wheels] == [build_engine_wheel(REPO).filename]
    assert not list(site.glob("*/assets/pyodide")) and not list(site.glob("**/en/assets"))
    # The play pages name that very wheel, with its digest; rule pages name none.
    digest = hashlib.sha256(wheels[0].read_bytes()).hexdigest()[:16]
    for page, root in (("play/index.html", "../"), ("en/play/index.html", "../../")):
        html = (site / page).read_text("utf-8")
        assert f'data-lq-wheel="{root}assets/wheels/{wheels[0].name}?v={digest}"' in html
        assert f'<script type="module" src="{root}assets/js/play.js">' in html
    for page in ("rules/settlement/index.html", "en/rules/settlement/index.html", "index.html"):
        html = (site / page).read_text("utf-8")
        assert "play.js" not in html and "data-lq-wheel" not in html and "pyodide" not in html
