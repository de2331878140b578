#!/usr/bin/env bash
# A mixed load against the running release server (issue 9): 64 connections for 60 s,
# half food searches, a fifth meal saves, a fifth 30-day statistics, a tenth photo
# uploads (a 480 x 640 COCO photo of a plate from ../shared/data), every client its own
# user. ENGINE=sqlite (default) runs the embedded default (SQLite, in-process workers);
# ENGINE=fleet runs PostgreSQL + Redis with the API and 2 separate worker processes.
# Each run starts on a fresh database holding the built-in catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINE=${ENGINE:-sqlite}
TARGET=${CARGO_TARGET_DIR:-target}
CONNECTIONS=${CONNECTIONS:-64}
SECONDS_RUN=${SECONDS_RUN:-60}
PHOTO=${PHOTO:-../shared/data/images/food/coco_000000000142.jpg}
PORT=${PORT:-18100}
[ -f "$PHOTO" ] || { echo "missing $PHOTO (../shared/data)" >&2; exit 1; }

cargo build --release -p api -p worker --bins --example mixed_load
DATA=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$DATA"; }
trap cleanup EXIT
COMMON=(DATA_DIR="$DATA" BIND_ADDR=127.0.0.1:$PORT ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1))
        WEB_DIR="$DATA/no-web" RUST_LOG=warn REGISTER_LIMIT_PER_HOUR=100000 UPLOADS_PER_10_MIN=100000
        JWT_SECRET=bench-signing-secret-of-at-least-32-chars)
case "$ENGINE" in
  sqlite)
    env "${COMMON[@]}" DATABASE_URL="sqlite://$DATA/calorie.db?mode=rwc" \
      "$TARGET/release/api" > "$DATA/api.log" 2>&1 & PIDS+=($!) ;;
  fleet)
    DB=calorie_mixed_$$
    psql -h 127.0.0.1 -U postgres -d test -qc "create database $DB" >/dev/null
    trap 'cleanup; psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $DB with (force)" >/dev/null' EXIT
    FLEET=(DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DB" REDIS_URL=redis://127.0.0.1:6379
           REDIS_NAMESPACE=mixed-$$)
    env "${COMMON[@]}" "${FLEET[@]}" EMBEDDED_WORKERS=false "$TARGET/release/api" > "$DATA/api.log" 2>&1 & PIDS+=($!)
    for w in 1 2; do
      env "${COMMON[@]}" "${FLEET[@]}" HOSTNAME=worker-$w "$TARGET/release/worker" > "$DATA/worker-$w.log" 2>&1 & PIDS+=($!)
    done ;;
  *) echo "ENGINE is sqlite or fleet" >&2; exit 1 ;;
esac
BASE=http://127.0.0.1:$PORT/api/v1
for _ in $(seq 150); do curl -sf "$BASE/health/ready" >/dev/null && break; sleep 0.2; done
curl -sf "$BASE/health/ready"; echo
echo "== $ENGINE: $CONNECTIONS connections, $SECONDS_RUN s, on $(nproc) cores shared with the load generator"
BASE=$BASE CONNECTIONS=$CONNECTIONS SECONDS=$SECONDS_RUN PHOTO=$PHOTO "$TARGET/release/examples/mixed_load"
echo "== resident memory: api $(( $(grep VmRSS /proc/${PIDS[0]}/status | awk '{print $2}') / 1024 )) MiB"
