#!/usr/bin/env bash
# Photo recognition figures (make models first; needs ../shared/data):
#   1. in process: detection quality against the ground-truth boxes, and the detection
#      stage per image (decode, letterbox, infer, decode boxes) for each installed model;
#   2. the embedded default (SQLite, in-process workers) against the running server:
#      time to the first streamed event and upload to complete, one photo at a time;
#   3. fleet mode (PostgreSQL + Redis, the API only relaying) with 1 and then 2 worker
#      processes: images per minute with 8 clients.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
PORT=${PORT:-18094}
PHOTOS=${PHOTOS:-60}
make models >/dev/null
cargo build --release -p api -p worker --bins --example recognition_bench --example recognition_load

echo "== 1. in process"
for model in yolox-nano yolov8n-int8; do
  "$TARGET/release/examples/recognition_bench" "$model" 2 | grep -E "precision|p50"
done

DATA=$(mktemp -d)
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$DATA"; }
trap cleanup EXIT
wait_ready() {
  until curl -sf "http://127.0.0.1:$PORT/api/v1/health/ready" >/dev/null; do sleep 0.2; done
}

echo "== 2. embedded default (SQLite, workers in the API process)"
env DATABASE_URL="sqlite://$DATA/embedded.db" DATA_DIR="$DATA/embedded" BIND_ADDR=127.0.0.1:$PORT \
    ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1)) RUST_LOG=warn REDIS_URL= UPLOADS_PER_10_MIN=100000 \
    "$TARGET/release/api" > "$DATA/embedded.log" 2>&1 &
PIDS+=($!)
wait_ready
"$TARGET/release/examples/recognition_load" "http://127.0.0.1:$PORT" 30 1
kill "${PIDS[-1]}"; wait "${PIDS[-1]}" 2>/dev/null || true

echo "== 3. fleet (PostgreSQL + Redis), 1 then 2 worker processes"
DB=calorie_bench_recognition
psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $DB" -c "create database $DB" >/dev/null
FLEET=(DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB REDIS_URL=redis://127.0.0.1:6379
       REDIS_NAMESPACE=bench-recognition-$$ JWT_SECRET=bench-signing-secret-of-at-least-32-chars
       DATA_DIR="$DATA/fleet" RUST_LOG=warn WORKER_CONCURRENCY=2 RECOGNITION_THREADS=1
       UPLOADS_PER_10_MIN=100000)
env "${FLEET[@]}" EMBEDDED_WORKERS=false BIND_ADDR=127.0.0.1:$PORT ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1)) \
    "$TARGET/release/api" > "$DATA/fleet-api.log" 2>&1 &
PIDS+=($!)
wait_ready
for workers in 1 2; do
  env "${FLEET[@]}" "$TARGET/release/worker" > "$DATA/worker-$workers.log" 2>&1 &
  PIDS+=($!)
  sleep 1
  echo "-- $workers worker process(es)"
  "$TARGET/release/examples/recognition_load" "http://127.0.0.1:$PORT" "$PHOTOS" 8
done
