"""The play page's address (docs/assets/js/permalink.js), in Node.js: a game's link
followed one action at a time is, after every push and pop, exactly the link of the
whole scenario (what a reader shares, what the engine opens: CONFORMANCE.md's
``#scenario=``), from a game opened with no action and from one opened with many.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PERMALINK = REPO / "docs" / "assets" / "js" / "permalink.js"

# Random pushes and pops (seeded), each followed by a comparison with encode().
CHECK = """
import { encode, gameLink } from %s;
let seed = 7;
const random = function (n) { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed %% n; };
const table = { players: ["Zoé", "Bob", "Çà"], balances: { "Zoé": 100, "Bob": 100, "Çà": 100 }, banker: "Zoé" };
const checked = [];
for (const opening of [0, 1, 2, 3, 500]) {
  const actions = [];
  for (let i = 0; i < opening; i++) actions.push({ by: "Bob", do: "stake", amount: i });
  const link = gameLink(table, actions);
  for (let step = 0; step < 400; step++) {
    if (actions.length && random(3) === 0) { actions.pop(); link.pop(); }
    else {
      const action = { by: ["Zoé", "Bob", "Çà"][random(3)], do: "stake", amount: random(1000) };
      if (random(4) === 0) action.note = "é".repeat(random(5));
      actions.push(action); link.push(action);
    }
    const ended = random(5) === 0;
    const want = encode(Object.assign({}, table, { actions: actions }, ended ? { ended: true } : {}));
    if (link.text(ended) !== want) { console.log(JSON.stringify({ opening, step, got: link.text(ended), want })); process.exit(1); }
    checked.push(actions.length);
  }
}
console.log(JSON.stringify({ checked: checked.length, longest: Math.max(...checked) }));
"""


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    assert found, "Node.js is needed (README: make setup)"
    return found


def test_a_link_followed_action_by_action_is_the_whole_scenarios_link(node: str, tmp_path: Path) -> None:
    script = tmp_path / "check.mjs"
    script.write_text(CHECK % json.dumps(PERMALINK.as_uri()), "utf-8")
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout)
    assert result["checked"] == 5 * 400 and result["longest"] > 500
