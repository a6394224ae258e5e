"""Browser tests: Playwright's pytest plugin driving Chromium against the built site.

What every test in this folder gets for free:

- ``site_server`` (session): the site built by ``built_site`` (tests/conftest.py), served
  on 127.0.0.1 on a free port by a threaded ``http.server``. Like a static host, a
  missing address answers 404 with the site's 404.html. ``site_server.url`` ends with /.
- ``base_url`` (session): that same address, so ``page.goto("/en/")`` works.
- Chromium: the machine's when there is one, else Playwright's own, launched so that it
  cannot reach any host but 127.0.0.1 and makes no background traffic
  (localsite/chromium.py, shared with the benchmarks and the audit).
- ``browser_log`` (autouse): records every request of the test's browser context
  (workers included), every response, every console error and every uncaught page
  error, and FAILS the test at teardown if a request went anywhere but 127.0.0.1, a
  response was 4xx/5xx, or anything was logged as an error. A test that expects an
  error response says so first: ``browser_log.allow_status(404, "/no-such-page/")``.
  Before its checks it waits until every request made has its answer's status
  (``BrowserLog.settle``; not the whole body of a large download, and not
  Playwright's ``networkidle``, which waits half a second of silence every time).

To add a browser test, write ``def test_x(page: Page) -> None`` in tests/browser/ and
use ``page.goto("/path/")``: the checks above run without asking.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Request, Response

from localsite import chromium
from localsite.serve import serve

LOCAL_HOSTS = {"127.0.0.1"}


@dataclass(frozen=True)
class SiteServer:
    root: Path
    url: str  # http://127.0.0.1:PORT/


@pytest.fixture(scope="session")
def site_server(built_site: Any) -> Iterator[SiteServer]:
    # As a static host serves it (gzip, the site's 404.html): localsite/serve.py.
    with serve(built_site.path) as url:
        yield SiteServer(root=built_site.path, url=url)


@pytest.fixture(scope="session")
def base_url(site_server: SiteServer) -> str:
    return site_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **chromium.launch_options()}


@dataclass
class BrowserLog:
    """Everything a test's browser context asked for or complained about."""

    requests: list[str] = field(default_factory=list)  # every request, the service worker's too
    page_requests: list[str] = field(default_factory=list)  # what the pages and their workers asked
    errors: list[str] = field(default_factory=list)  # 4xx/5xx responses, console, page errors
    allowed: list[tuple[int, str]] = field(default_factory=list)
    in_flight: set[Request] = field(default_factory=set)  # asked for, no answer's status yet

    def allow_status(self, status: int, path: str) -> None:
        """Expect this error status for URLs whose path ends with ``path``."""
        self.allowed.append((status, path))

    def _is_allowed(self, status: int, url: str) -> bool:
        path = urlsplit(url).path
        return any(status == s and path.endswith(p) for s, p in self.allowed)

    def on_request(self, request: Request) -> None:
        self.in_flight.add(request)
        self.requests.append(request.url)
        if request.service_worker is None:  # the offline worker fills its cache on its own
            self.page_requests.append(request.url)

    def on_done(self, request: Request) -> None:
        self.in_flight.discard(request)

    def watch(self, context: BrowserContext) -> None:
        """Record everything ``context`` asks for and complains about."""
        context.on("request", self.on_request)
        context.on("requestfinished", self.on_done)
        context.on("requestfailed", self.on_done)
        context.on("response", self.on_response)
        context.on("console", self.on_console)
        context.on("weberror", lambda web_error: self.on_page_error(web_error.error))

    def settle(self, page: Page, timeout_s: float = 120) -> None:
        """Until every request of the context has its answer's status (or failed): late
        ones (scripts run after the load event) have been answered and checked."""
        deadline = time.monotonic() + timeout_s
        while self.in_flight:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"still loading after {timeout_s} s: {sorted(r.url for r in self.in_flight)}"
                )
            page.wait_for_timeout(25)  # Playwright delivers the context's events meanwhile

    def on_response(self, response: Response) -> None:
        self.in_flight.discard(response.request)
        if response.status >= 400 and not self._is_allowed(response.status, response.url):
            self.errors.append(f"HTTP {response.status} {response.url}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        url = message.location.get("url", "")
        # Chromium also logs each failed response; an expected one is not an error.
        if "status of" in message.text and any(
            f"status of {s}" in message.text and urlsplit(url).path.endswith(p) for s, p in self.allowed
        ):
            return
        self.errors.append(f"console error: {message.text} ({url})")

    def on_page_error(self, error: Error) -> None:
        self.errors.append(f"page error: {error}")

    def outside_requests(self) -> list[str]:
        return [
            url
            for url in self.requests
            if urlsplit(url).scheme not in ("data", "blob", "about")
            and urlsplit(url).hostname not in LOCAL_HOSTS
        ]


@pytest.fixture(autouse=True)
def browser_log(context: BrowserContext) -> Iterator[BrowserLog]:
    log = BrowserLog()
    log.watch(context)
    yield log
    if context.pages:  # let late requests (scripts run after load) arrive
        log.settle(context.pages[0])
    problems = [f"request outside 127.0.0.1: {url}" for url in log.outside_requests()] + log.errors
    assert not problems, "\n".join(problems)
