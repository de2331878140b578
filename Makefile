# The README's two commands: `make run` and `make test`.

CARGO_TARGET_DIR ?= $(CURDIR)/target
export CARGO_TARGET_DIR
NPM_INSTALL = npm ci --prefer-offline --no-audit --no-fund

.PHONY: run build web models test lint api-types test-rust test-fleet-suite soak fuzz test-web test-e2e bench lighthouse clean

## Build everything (web app included) and start the embedded default on :8080.
run: build models
	$(CARGO_TARGET_DIR)/release/api

## The recognition models (checked against their sha256) and the ONNX Runtime library.
models:
	scripts/install-models.sh

build: web
	cargo build --release --bins

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && $(NPM_INSTALL)
	touch $@

web: web/node_modules/.installed
	cd web && npm run build

## Every test: lints, Rust on SQLite, the API suite again on PostgreSQL + Redis,
## web unit tests, browser end-to-end.
test: models lint test-rust test-fleet-suite soak fuzz test-web test-e2e

lint: web/node_modules/.installed
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	# The fleet's API, built without the in-process workers, links no model runtime.
	cargo clippy -p api --no-default-features -- -D warnings
	! cargo tree -p api --no-default-features -e normal --prefix none | grep -E '^(ort|rxing|worker) v'
	# The Kubernetes manifests, against the schemas kubernetes-validate (PyPI) carries.
	python3 -c 'import kubernetes_validate' 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check 'kubernetes-validate==1.37.0'
	python3 scripts/validate-k8s.py
	# The Grafana dashboards read only metrics the code records.
	python3 scripts/check-dashboards.py
	# No source file over 600 lines without a reason at its top.
	python3 scripts/check-file-lengths.py
	# The web app's API types are what the API's OpenAPI document says (make api-types);
	# built as test-rust builds it, so the build is shared.
	cargo build -q --workspace --bins
	$(CARGO_TARGET_DIR)/debug/api openapi > $(CARGO_TARGET_DIR)/openapi.json
	cd web && node scripts/gen-api-types.mjs $(CARGO_TARGET_DIR)/openapi.json --check
	cd web && npm run typecheck
	cd web && npm run lint

## The web app's API types (web/src/types/api.gen.ts), from the API's OpenAPI document.
api-types: web/node_modules/.installed
	cargo build -q --workspace --bins
	$(CARGO_TARGET_DIR)/debug/api openapi > $(CARGO_TARGET_DIR)/openapi.json
	cd web && node scripts/gen-api-types.mjs $(CARGO_TARGET_DIR)/openapi.json

# The API's integration tests are one binary (api/tests/api/main.rs), a module an area:
# these filters pick its modules.
SOAK_TESTS = binary_id(api::api) and test(/^soak::/)
FLEET_TESTS = binary_id(api::api) and test(/^fleet::/)

test-rust:
	cargo build --workspace --bins
	cargo nextest run --workspace -E 'not ($(SOAK_TESTS))'

# On PostgreSQL and Redis the suite mostly waits on them (70 % of two cores busy with two
# tests at a time): six at a time take 135 s instead of 225 s here.
test-fleet-suite:
	cargo build --workspace --bins
	TEST_ENGINE=postgres cargo nextest run --test-threads 6 -p api -E 'not ($(FLEET_TESTS)) and not ($(SOAK_TESTS))'

## Reliability under faults (api/tests/api/soak.rs): kill -9 of the server and of a worker,
## restarts of a private Redis and a private PostgreSQL, racing clients.
soak:
	cargo build --workspace --bins
	cargo nextest run -p api -E '$(SOAK_TESTS)'

## Property-based fuzzing of the whole API from its OpenAPI document (schemathesis from
## PyPI) against the real server: no 5xx, every answer the documented envelope.
fuzz:
	cargo build --workspace --bins
	scripts/fuzz.sh

test-web: web/node_modules/.installed
	cd web && npm run test:unit

# The API as test-rust built it: `-p api` alone unifies other features and builds it again.
test-e2e: web
	cargo build --workspace --bins
	cd web && npm run test:e2e

## Load figures (see BENCHMARKS.md): the HTTP paths against a running release server,
## the search index in process, search and meals under load on SQLite and PostgreSQL.
bench: build
	cargo run --release -p api --example loadgen
	cargo bench -p search --bench search
	cargo run --release -p models --example import_read
	cargo run --release -p worker --example barcode_bench
	cargo run --release -p worker --example recognition_eval
	cargo run --release -p worker --example label_bench
	cargo bench -p worker --bench normalise
	bench/search.sh
	cargo bench -p api --bench search_path
	bench/fts5.py
	ENGINE=postgres bench/search.sh
	bench/meals.sh
	ENGINE=postgres bench/meals.sh
	bench/mixed.sh
	ENGINE=fleet bench/mixed.sh
	bench/fleet.sh
	bench/gpu.sh
	$(MAKE) lighthouse

## The web app on a phone: Lighthouse (mobile) on the search page and the dashboard against
## the release server (performance, accessibility, best practices >= 95, installable), and
## the first-load JavaScript (<= 150 KB gzip).
lighthouse: build
	cd web && node scripts/first-load.mjs
	cd web && node scripts/lighthouse.mjs

clean:
	cargo clean
	rm -rf web/dist web/node_modules
