# Lansquenet. `make serve` previews the site, `make test` checks everything.
# Set-up is incremental: stamps in .venv/ are redone only when requirements*.txt,
# the packages' pyproject.toml or package-lock.json change.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.stamp-python
NPM_STAMP := $(VENV)/.stamp-npm

# Python sources that are linted, and those type-checked strictly (mypy.ini: the test
# modules need not annotate their functions; see there).
LINT_PATHS := engine site_plugins tests localsite benchmarks
TYPED_PATHS := engine/lansquenet site_plugins/lansquenet_site localsite tests benchmarks

# Material for MkDocs prints a banner on every build; it is noise here.
export NO_MKDOCS_2_WARNING := 1

.PHONY: help setup prepare serve build build-properdocs test check lint bridge chromium bench audit

help:
	@echo "make serve   set up, then preview the site on http://127.0.0.1:8000/ (live reload)"
	@echo "make test    set up, lint, type-check (Python and JavaScript), then run every test (engine, site, pyodide, browser)"
	@echo "make check   the edit-test loop: lint, types, the engine's and the site's tests without a browser (its time: README.md)"
	@echo "make bridge  write types/bridge.d.ts from the bridge's declaration (engine/lansquenet/protocol.py)"
	@echo "make build   build the site into site/ (mkdocs build --strict)"
	@echo "make build-properdocs   build it with ProperDocs too (own venv), compare with MkDocs's build"
	@echo "make bench   run the benchmarks, write benchmarks/RESULTS.md"
	@echo "make audit   Lighthouse scores of every rule page and the play page beside plain Material, write benchmarks/AUDIT.md"

setup: $(PY_STAMP) $(NPM_STAMP)

$(PY_STAMP): requirements.txt requirements.lock engine/pyproject.toml site_plugins/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		-r requirements.txt -c requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		-c requirements.lock -e ./engine -e ./site_plugins
	touch $@

# Redone too when node_modules/ is gone.
$(NPM_STAMP): package.json package-lock.json $(if $(wildcard node_modules),,FORCE)
	npm ci --no-audit --no-fund --loglevel=error
	mkdir -p $(VENV) && touch $@

# The three set-ups at once (their downloads and unpacking overlap), each one's output
# kept together where make can (GNU make 4.0 and later).
prepare:
	@$(MAKE) --no-print-directory -j3 $(if $(filter output-sync,$(.FEATURES)),--output-sync=target) \
		setup chromium

.PHONY: FORCE
FORCE:

serve: setup
	$(BIN)/mkdocs serve -a 127.0.0.1:8000

build: setup
	$(BIN)/mkdocs build --strict

# types/bridge.d.ts, the pages' types of the bridge, written from the one declaration of its
# requests and answers (engine/lansquenet/protocol.py); tests/site/test_bridge.py fails
# when the committed file is not what this writes.
bridge: setup
	$(BIN)/python -m lansquenet_site.bridge

# The fallback for MkDocs 1.6.1, unmaintained (README, "What the site depends on"):
# ProperDocs, its maintained fork, a drop-in (it answers `import mkdocs`, reads
# mkdocs.yml), in an environment of its own with the site's own pins (requirements.txt's
# and the lock's) and without MkDocs itself; both builds are compared file by file
# (localsite/builds.py: only the differences it explains are allowed).
PROPERDOCS := properdocs==1.6.7
PD_VENV := .venv-properdocs
PD_STAMP := $(PD_VENV)/.stamp
SITE_PINS := ^(mkdocs-material|mkdocs-static-i18n|pymdown-extensions|markdown|babel|zstandard)==

$(PD_STAMP): requirements.txt requirements.lock engine/pyproject.toml site_plugins/pyproject.toml Makefile
	test -x $(PD_VENV)/bin/python || $(PYTHON) -m venv $(PD_VENV)
	grep -E '$(SITE_PINS)' requirements.txt | $(PD_VENV)/bin/python -m pip install --quiet \
		--disable-pip-version-check $(PROPERDOCS) -r /dev/stdin -c requirements.lock
	$(PD_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e ./engine -e ./site_plugins
	$(PD_VENV)/bin/python -m pip uninstall --quiet -y mkdocs  # Material's dependency: ProperDocs stands in
	touch $@

build-properdocs: setup $(PD_STAMP)
	$(BIN)/mkdocs build --strict --quiet -d build/mkdocs
	$(PD_VENV)/bin/properdocs build --strict --quiet -f mkdocs.yml -d build/properdocs
	$(BIN)/python -m localsite.builds build/mkdocs build/properdocs

# Debian's Chromium for the browser tests (its headless shell) and for the benchmarks
# and the audit (the full browser), when missing and we may install them. Elsewhere (a
# developer's laptop, GitHub's runners) Playwright's own Chromium is used
# (localsite/chromium.py chooses).
chromium:
	@if { ! command -v chromium >/dev/null || ! command -v chromium-headless-shell >/dev/null; } \
		&& [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium-headless-shell \
			|| echo "no chromium-headless-shell here: the tests drive the full Chromium"; \
	fi

# The pages' JavaScript too: every module under `// @ts-check`, its JSDoc types checked
# by TypeScript (pinned in package.json), nothing emitted (tsconfig.json: the pages;
# tsconfig.worker.json: the workers, which have no DOM).
lint: setup
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)
	$(BIN)/mypy --strict $(TYPED_PATHS)
	node_modules/.bin/tsc --noEmit -p tsconfig.json
	node_modules/.bin/tsc --noEmit -p tsconfig.worker.json

# The edit-test loop: the lint and the types, then the engine's and the site's tests on
# two processes, without a browser, Pyodide, the engine's property tests (Hypothesis's:
# hundreds of random sessions each, a minute and more of a core) or the tests marked
# `slow` (pytest.ini: a build or a wheel of their own, thousands of sessions: make test
# runs them all). The site's tests share one build of the site. Its time: README.md.
check: setup
	@$(MAKE) --no-print-directory lint
	$(BIN)/pytest tests/engine tests/site tests/test_spec.py tests/test_localsite.py \
		-m "not hypothesis and not slow" -n 2 -q --durations=5

# Two pytest runs at once. The engine's own tests under coverage (branch, at least 95%),
# in one process (in two, the whole took 12 min, not 10), their report printed at the end;
# and everything else spread over $(WORKERS) processes (pytest-xdist): the engine's property
# tests (coverage's tracing would double their time; tests/engine/conftest.py), the
# conformance cases, the site build, Pyodide, the browser. Those workers share one build
# of the site (tests/conftest.py) and each drive one Chromium against one local server; a
# module whose tests share a browser page (one Pyodide start) stays on one worker
# (loadgroup). The engine's run fills the moments the other one waits (its build, its
# Python snapshot, the ends of its workers), where one after the other left the two cores
# idle, and it starts before the lint, which keeps one core busy. The 25 slowest steps are
# listed at the end, and what failed there is printed again after the engine's report (the last
# lines a CI log keeps). A test of that run that fails is run once more (pytest-rerunfailures):
# on two shared cores a browser test can lose a race once in many runs; a test that fails twice
# fails the run, and every test that needed its second run is named in the summary ("RERUN"). An interrupt stops both (a shell's background job ignores Ctrl-C).
WORKERS ?= 3
ENGINE_LOG := $(VENV)/engine-tests.log
SITE_LOG := $(VENV)/site-tests.log
test: prepare
	@rm -f $(SITE_LOG)
	@echo "the engine's tests run meanwhile (lint first, then the rest), under coverage: their report comes at the end"
	@$(BIN)/pytest tests/engine -m covered --cov=lansquenet --cov-branch \
		--cov-report=term-missing:skip-covered --cov-fail-under=95 >$(ENGINE_LOG) 2>&1 & engine=$$!; \
	trap 'kill $$engine 2>/dev/null; exit 130' INT TERM; \
	status=0; \
	if $(MAKE) --no-print-directory lint; then \
		set -o pipefail; $(BIN)/pytest tests -m "not covered" -n $(WORKERS) --dist loadgroup --durations=25 --reruns 1 -rfER \
			2>&1 | tee $(SITE_LOG) || status=$$?; \
	else status=$$?; kill $$engine 2>/dev/null || true; fi; \
	wait $$engine || status=$$((status ? status : $$?)); \
	echo "--- the engine's tests, with coverage (pytest tests/engine -m covered --cov=lansquenet --cov-branch):"; \
	cat $(ENGINE_LOG); \
	if grep -q -E "(short|rerun) test summary info" $(SITE_LOG) 2>/dev/null; then \
		echo "--- again, what failed or needed a second run in the other run (pytest tests -m 'not covered'; the whole in $(SITE_LOG)):"; \
		sed -n -E '/(short|rerun) test summary info/,$$p' $(SITE_LOG); fi; \
	exit $$status

# `python -m benchmarks`: every figure of benchmarks/README.md, into benchmarks/RESULTS.md.
bench: prepare
	$(BIN)/python -m benchmarks

# Lighthouse (npm, pinned) on every rule page and the play page, on a phone, each beside
# a plain Material build of the same page: builds the site, serves it on 127.0.0.1,
# writes benchmarks/AUDIT.md. Slow (about half an hour), so not part of `make test`.
audit: prepare
	$(BIN)/python benchmarks/audit.py
