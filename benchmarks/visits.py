"""What the Chromium benchmarks share: the probe installed before a page's scripts, and
one first visit to the play page (browser_bench's 3c and first_visit_bench's 3e–3g
both make them). Both modules import this one, never each other."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Route

from localsite.serve import Handler

# Python's files, by their address on the server: the runtime, the snapshot and the wheel.
PYTHON_FILES = re.compile(r"/assets/(pyodide|wheels)/")

# A phone's network (3f): 150 ms and 9 Mbit/s each way (CDP Network.emulateNetworkConditions).
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}

# Installed before any script of the page: long tasks, the engine's and the stepper's
# readiness, each as performance.now() (ms from navigation start).
PROBE = """
window.__lqb = { long: [], ready: null, stepper: null, status: {} };
try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      const where = (e.attribution || []).map(function (a) { return a.containerSrc || a.containerName || a.name; });
      window.__lqb.long.push({ start: e.startTime, duration: e.duration, where: where.join(" ") });
    });
  }).observe({ type: "longtask", buffered: true });
} catch (error) {}
new MutationObserver(function (records) {
  records.forEach(function (r) {
    const value = r.target.getAttribute && r.target.getAttribute(r.attributeName);
    if (r.attributeName === "data-status" && !(value in window.__lqb.status)) {
      window.__lqb.status[value] = performance.now();
    }
    if (r.attributeName === "data-status" && value === "ready" && window.__lqb.ready === null) {
      window.__lqb.ready = performance.now();
    }
    if (r.attributeName === "data-stepper" && value === "ready" && window.__lqb.stepper === null) {
      window.__lqb.stepper = performance.now();
    }
  });
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-status", "data-stepper"] });
"""


def first_visit(browser: Browser, url: str, path: str, network: bool = False) -> dict[str, Any]:
    """One first visit: ``path`` is "build-snapshot", "plain" (Save-Data) or "no-snapshot"
    (a build without a snapshot: runtime.mjs without it). ms until ready, bytes, how;
    and ``python_bytes``, those of Python's files alone (assets/pyodide/, assets/wheels/:
    the page's other files, such as the search's language scripts, may come before or
    after ready from one visit to the next)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        if path == "plain":
            cdp.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
        if network:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", NETWORK)
        if path == "no-snapshot":

            def strip(route: Route) -> None:
                response = route.fetch()
                text = response.text().removeprefix("export default ").rstrip().removesuffix(";")
                facts = json.loads(text)
                facts.pop("snapshot", None)
                route.fulfill(response=response, body=f"export default {json.dumps(facts)};\n")

            page.route("**/assets/pyodide/runtime.mjs", strip)
        page.add_init_script(PROBE)
        Handler.sent.clear()
        page.goto(url + "play/")
        page.wait_for_function("() => window.__lqb && window.__lqb.ready !== null", timeout=600_000)
        ms: float = page.evaluate("() => window.__lqb.ready")
        sent = sum(size for _, size in Handler.sent)
        python = sum(size for where, size in Handler.sent if PYTHON_FILES.search(where))
        how = page.locator("#lq-play").get_attribute("data-lq-python")
        return {"ms": ms, "bytes": sent, "python_bytes": python, "how": how}
    finally:
        context.close()
