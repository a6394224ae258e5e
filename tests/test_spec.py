"""spec/ is the specification the tests read; a ``shared`` folder beside the repository,
where there is one, is where the specification is written. When that folder holds a
newer RULES.md, CONFORMANCE.md, conformance case or seed, the test below names each
file that differs, so that it is noticed and copied in (spec/README.md says how).
A clone with nothing beside it has nothing to compare: the test passes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from spec_cases import REPO, SPEC, spec_differences, spec_files

BESIDE = REPO.parent / "shared"


def test_spec_holds_the_whole_specification() -> None:
    files = spec_files(SPEC)
    assert {"RULES.md", "CONFORMANCE.md", "seeds/rules.fr.txt", "seeds/rules.en.txt"} <= files
    assert any(name.startswith("conformance/") and name.endswith(".expected.json") for name in files)


def test_spec_is_the_shared_specification_when_it_is_beside_the_repository() -> None:
    if not BESIDE.is_dir():
        return  # a clone on its own: spec/ is the only specification there is
    differing = spec_differences(SPEC, BESIDE)
    assert not differing, (
        f"spec/ differs from {BESIDE} in: {', '.join(differing)}. "
        "Copy the newer files into spec/ (spec/README.md)."
    )


def test_every_differing_file_is_named(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shutil.copytree(SPEC, shared)
    (shared / "README.md").write_text("not part of the specification", "utf-8")  # ignored
    assert spec_differences(SPEC, shared) == []

    rules = shared / "RULES.md"
    rules.write_text(rules.read_text("utf-8") + "\n- R-X1 A new clause.\n", "utf-8")
    (shared / "conformance" / "new-case.json").write_text("{}", "utf-8")
    (shared / "seeds" / "rules.en.txt").unlink()
    assert spec_differences(SPEC, shared) == [
        "RULES.md",
        "conformance/new-case.json (only in shared/)",
        "seeds/rules.en.txt (only in spec/)",
    ]
