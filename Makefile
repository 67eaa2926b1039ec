# Longhaul developer commands. `make up` runs the platform; `make test` runs the test suite.
SHELL := /bin/bash
PY := .venv/bin/python
RUN_EXTRAS := inference,embeddings,documents,three-d,finance
TEST_EXTRAS := $(RUN_EXTRAS),test,dev

.PHONY: up test fuzz lint audit format install install-test bench eval clean-data frontend screenshots

up: install
	./deploy/system-packages.sh run
	$(PY) manage.py up

# Two worker processes (pytest-xdist), a test file each at a time, files with slow tests first
# (tests/conftest.py): most tests wait on a real server, worker, sandbox or model, so two cores
# run two files at once. PYTEST_WORKERS=0 runs the suite in one process.
PYTEST_WORKERS ?= 2
test: install-test
	./deploy/system-packages.sh
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# The long fuzz profile (docs/testing.md): schemathesis over /api/ and /v1 with its coverage phase
# and credential probes, and the property tests with many more examples, drawn anew each run.
# `make test` runs the same tests in a bounded, derandomized profile.
fuzz: install-test
	./deploy/system-packages.sh
	LONGHAUL_FUZZ=long $(PY) -m pytest tests/fuzz -o timeout=3600 $(PYTEST_ARGS)

lint: install-test
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy platform agents tests
	PYTHONPATH=platform:. .venv/bin/lint-imports --no-cache
	$(PY) deploy/audit.py --unreachable-ok

# The dependency audit alone, strict: fails where pypi.org cannot be reached.
audit: install-test
	$(PY) deploy/audit.py

format: install-test
	.venv/bin/ruff check --fix .
	.venv/bin/ruff format .

install:
	./deploy/install.sh $(RUN_EXTRAS)

install-test:
	./deploy/install.sh $(TEST_EXTRAS)

# Refreshes the hashed lock files in deploy/lock/ after a change to pyproject.toml's
# dependencies (install refuses a stale lock), or to take newer releases; needs the package
# index. Commit what it writes.
lock:
	./deploy/lock.sh $(TEST_EXTRAS)

bench:
	./deploy/install.sh $(TEST_EXTRAS),bench
	for b in bench/*.py; do $(PY) $$b; done

# The full code suite on both tiers with the bundled model (docs/evals.md): runs the platform
# here for the eval's length and writes the report to .data/evals/. EVAL_ARGS adds options, e.g.
# EVAL_ARGS="--repeat 3" or "--resume <eval id>".
EVAL_ARGS ?=
eval: install
	./deploy/system-packages.sh run
	mkdir -p .data/evals
	$(PY) manage.py eval code --tier standard,fast --local --concurrency 2 --max-steps 20 \
		--json .data/evals/report.json --html .data/evals/report.html $(EVAL_ARGS)

# Refreshes the dashboard's vendored front-end libraries from frontend/package-lock.json (needs
# Node and the npm registry; running the platform needs neither: the results are committed).
frontend:
	cd frontend && npm ci --no-audit --no-fund && node build.mjs

# Deletes the embedded database, uploaded files and run workspaces.
clean-data:
	rm -rf .data

# Refreshes docs/screenshots/ from the browser tests.
screenshots: install-test
	./deploy/system-packages.sh
	LONGHAUL_UPDATE_SCREENSHOTS=1 $(PY) -m pytest tests/browser

# The 3D brief reader on its generated corpus (docs/evals.md): every brief checked in this
# process, no platform or model; the accuracy per kind and per split and every miss go to
# .data/evals/reader.json and reader.html.
.PHONY: eval-reader
eval-reader: install
	mkdir -p .data/evals
	$(PY) manage.py eval three_d_reader --local \
		--json .data/evals/reader.json --html .data/evals/reader.html $(EVAL_ARGS)
