#!/usr/bin/env bash
# The fleet across machines (issue 20), on this one machine: PostgreSQL + Redis, the API
# only relaying, separate worker processes, photos either in a folder every process
# shares (the old way: one host only) or in an S3-compatible store (s3s-fs, from
# crates.io; workers then share nothing on disk with the API). For each store, 1 then 2
# worker processes: upload-to-complete p50 and images per minute with 8 clients
# (recognition_load, the web app's upload + analysis stream), and the API's own CPU time
# per analysis (it only uploads and relays). Needs make models,
# ../shared/data, and s3s-fs (cargo install s3s-fs --version 0.14.1 --features binary).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
PORT=${PORT:-18120}
S3_PORT=$((PORT + 5))
PHOTOS=${PHOTOS:-60}
CLIENTS=${CLIENTS:-8}
command -v s3s-fs >/dev/null || { echo "s3s-fs is not installed (see the header)" >&2; exit 1; }
make models >/dev/null
ROOT=$(pwd)
# BIN_DIR: binaries (api, worker, examples/recognition_load) built elsewhere, say from
# another commit, to compare on the same machine; else this checkout's release build.
if [ -n "${BIN_DIR:-}" ]; then
  BIN=$(cd "$BIN_DIR" && pwd)
else
  cargo build --release -p api -p worker --bins --example recognition_load
  BIN=$(cd "$TARGET" && pwd)/release
fi

DATA=$(mktemp -d)
PIDS=()
DB=calorie_bench_fleet_$$
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $DB with (force)" >/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT
TICKS=$(getconf CLK_TCK)
# A process's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
wait_ready() {
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$PORT/api/v1/health/ready" >/dev/null && return; sleep 0.2; done
  echo "the api did not start" >&2; tail -20 "$DATA"/*.log >&2; exit 1
}

mkdir -p "$DATA/s3/photos"
s3s-fs --host 127.0.0.1 --port $S3_PORT --access-key bench --secret-key bench-secret "$DATA/s3" \
  > "$DATA/s3s-fs.log" 2>&1 &
PIDS+=($!)
S3_URL="s3://photos?endpoint=http://127.0.0.1:$S3_PORT&region=us-east-1&allow_http=true&access_key_id=bench&secret_access_key=bench-secret"

for store in dir s3; do
  psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $DB with (force)" -c "create database $DB" >/dev/null
  FLEET=(DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB REDIS_URL=redis://127.0.0.1:6379
         REDIS_NAMESPACE=bench-fleet-$$-$store JWT_SECRET=bench-signing-secret-of-at-least-32-chars
         RUST_LOG=warn WORKER_CONCURRENCY=2 RECOGNITION_THREADS=1 UPLOADS_PER_10_MIN=100000
         REGISTER_LIMIT_PER_HOUR=100000)
  # The shared folder: every process's DATA_DIR is the same. The store: each its own.
  if [ "$store" = dir ]; then place=(DATA_DIR="$DATA/shared"); else place=(BLOB_URL="$S3_URL" DATA_DIR="$DATA/api"); fi
  env "${FLEET[@]}" "${place[@]}" EMBEDDED_WORKERS=false \
      BIND_ADDR=127.0.0.1:$PORT ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1)) WEB_DIR="$DATA/no-web" \
      "$BIN/api" > "$DATA/api-$store.log" 2>&1 &
  API=$!
  PIDS+=($API)
  wait_ready
  WORKERS=()
  for workers in 1 2; do
    home="$DATA/worker-$store-$workers"
    mkdir -p "$home"
    if [ "$store" = dir ]; then wplace=(DATA_DIR="$DATA/shared"); else wplace=(BLOB_URL="$S3_URL" DATA_DIR="$home/data"); fi
    (cd "$home" && exec env "${FLEET[@]}" "${wplace[@]}" HOSTNAME=worker-$workers \
       MODELS_DIR="$ROOT/.models" ORT_DYLIB_PATH="$ROOT/.ort/libonnxruntime.so.1.31.1" \
       "$BIN/worker") > "$DATA/worker-$store-$workers.log" 2>&1 &
    WORKERS+=($!)
    PIDS+=($!)
    sleep 1
    echo "-- photos in $store, $workers worker process(es)"
    before=$(cpu_ticks "$API")
    "$BIN/examples/recognition_load" "http://127.0.0.1:$PORT" "$PHOTOS" "$CLIENTS"
    after=$(cpu_ticks "$API")
    # The API's own CPU (user + system) over the round, per photo: upload and relay only.
    echo "API CPU per analysis: $(( (after - before) * 1000 / TICKS / PHOTOS )) ms ($(( (after - before) * 1000 / TICKS )) ms for $PHOTOS photos)"
  done
  kill "$API" "${WORKERS[@]}" 2>/dev/null || true
  wait "$API" "${WORKERS[@]}" 2>/dev/null || true
done
echo "== objects left in the store after the run: $(find "$DATA/s3/photos" -type f | wc -l) (photos are kept until deleted or pruned)"
