"""The engine as it travels (DESIGN: the wheel is unpacked into Pyodide as is): a pure
``py3-none-any`` wheel that really holds the catalogues and the shipped scenarios, and
works from the wheel alone."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from helpers import run

import lansquenet

REPO = Path(__file__).resolve().parents[2]
# Under pytest-xdist the module stays on one worker: one build of the package serves the module.
pytestmark = pytest.mark.xdist_group("engine-package")
SHIPPED = (
    "lansquenet/locales/en/lansquenet.po",
    "lansquenet/locales/fr/lansquenet.po",
    "lansquenet/scenarios/worked-example.json",
    "lansquenet/scenarios/worked-example-bank-wins.json",
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built by pip from a copy of engine/ and locales/ (the copy keeps the
    locales symlink as it is, and keeps build/ and egg-info out of the work tree)."""
    work = tmp_path_factory.mktemp("build")
    junk = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__")
    shutil.copytree(REPO / "engine", work / "engine", symlinks=True, ignore=junk)
    shutil.copytree(REPO / "locales", work / "locales", symlinks=True, ignore=junk)
    assert (work / "engine" / "lansquenet" / "locales").is_symlink()
    out = work / "dist"
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(work / "engine"), "-w", str(out), "--no-deps", "-q"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    wheels = list(out.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.mark.slow  # the wheel's build
def test_the_wheel_is_pure_python(wheel):
    assert wheel.name == f"lansquenet-{lansquenet_version()}-py3-none-any.whl"


def lansquenet_version() -> str:
    for line in (REPO / "engine" / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version"):
            return line.split("=")[1].strip().strip('"')
    raise AssertionError("no version in engine/pyproject.toml")


@pytest.mark.slow
@pytest.mark.parametrize("member", SHIPPED)
def test_the_wheel_holds_the_file_itself_not_a_link(wheel, member):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert member in names, f"{member} is not in the wheel: {sorted(names)}"
        info = archive.getinfo(member)
        mode = info.external_attr >> 16
        assert not stat.S_ISLNK(mode), f"{member} is a symbolic link in the wheel"
        data = archive.read(member)
    source = REPO / "engine" / member
    assert data == source.read_bytes() and len(data) > 100


@pytest.mark.slow
def test_the_wheel_works_alone(wheel, tmp_path):
    # Unpacked as Pyodide's unpackArchive does, with nothing of the work tree in reach:
    # the shipped scenarios replay to section 06's numbers and narrate in French.
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    code = """
import json, lansquenet
print(json.dumps({
    "file": lansquenet.__file__,
    "names": lansquenet.names(),
    "players_win": lansquenet.replay(lansquenet.load("worked-example")),
    "bank_wins": lansquenet.replay(lansquenet.load("worked-example-bank-wins")),
    "fr": [s["text"] for s in lansquenet.trace(lansquenet.load("worked-example"), "fr")],
}))
"""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(site)}
    done = run([sys.executable, "-c", code], cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert Path(out["file"]).is_relative_to(site)
    assert {"worked-example", "worked-example-bank-wins"} <= set(out["names"])
    # Section 06: bank 12, B covers 5, C covers 7; the players win: the banker -12, B +5, C +7.
    assert out["players_win"]["deals"][0]["change"] == {"A": -12, "B": 5, "C": 7}
    assert out["players_win"]["balances"] == {"A": 88, "B": 105, "C": 107}
    # Had 7♦ come first, the bank would have won 12 and continued at 24.
    assert out["bank_wins"]["deals"][0]["change"] == {"A": 12, "B": -5, "C": -7}
    assert out["bank_wins"]["bank"]["amount"] == 24
    assert any("La carte de banque" in line and "7♠" in line for line in out["fr"])


@pytest.mark.parametrize("name", ["worked-example", "worked-example-bank-wins"])
def test_the_shipped_scenarios_are_the_conformance_cases(name, spec_dir):
    # The scenarios the site shows are the ones every build must replay exactly.
    with open(spec_dir / "conformance" / f"{name}.json", encoding="utf-8") as handle:
        assert lansquenet.load(name) == json.load(handle)
