#!/usr/bin/env bash
# CPU against GPU on one machine (issue 29): the embedded default (SQLite, workers in the
# API process) with RECOGNITION_EP=cpu, then cuda, each at 1, 16 and 64 clients that
# upload the shared dish photos (40 of ../shared/data/images/chinesefoodnet20/val) and
# read each analysis stream to `complete` (the example recognition_load). Prints images
# per minute, p50 and p95, and for cuda the GPU's memory in use at its highest
# (nvidia-smi).
#
# Needs only: the release binaries (cargo build --release -p api --bins --example
# recognition_load, or BIN_DIR with api and examples/recognition_load), make models,
# and for cuda the onnxruntime-gpu 1.31.1 wheel's libraries with CUDA 13 and cuDNN 9:
#   ORT_GPU_DIR   a folder with libonnxruntime.so.1.31.1 and its providers (_shared, _cuda),
#                 or ORT_GPU_WHEEL, the onnxruntime_gpu-1.31.1-*.whl to take them from;
#   CUDA and cuDNN are found in the nvidia-* Python packages (nvidia-cuda-runtime,
#                 nvidia-cublas, nvidia-cudnn…) of python3 when they are installed, else
#                 where the system's loader already finds them.
# Without a GPU or those libraries the cuda rounds are skipped with the reason.
# EPS picks the execution providers (default "cpu cuda"). METRICS_DIR, when set, keeps
# each round's /metrics (sessions, batch sizes, batch waits) and the foods each photo got
# (foods-EP-CLIENTS.txt: diff the cpu and cuda files to see that both find the same).
#
#   CLIENTS="1 16 64" SLOTS=16 PHOTOS=200 bench/gpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET=${CARGO_TARGET_DIR:-target}
BIN=${BIN_DIR:-$TARGET/release}
CLIENTS=${CLIENTS:-1 16 64}
SLOTS=${SLOTS:-16}
PHOTOS=${PHOTOS:-200}
PORT=${PORT:-18160}
export PHOTOS_DIR=${PHOTOS_DIR:-$ROOT/../shared/data/images/chinesefoodnet20/val}

[ -x "$BIN/api" ] && [ -x "$BIN/examples/recognition_load" ] \
  || { echo "build first: cargo build --release -p api --bins --example recognition_load (or set BIN_DIR)" >&2; exit 1; }
[ -d "$PHOTOS_DIR" ] || { echo "no photos at $PHOTOS_DIR" >&2; exit 1; }
# MODELS_DIR and ORT_DIR name models and a CPU ONNX Runtime installed elsewhere (by
# make models on another machine); without them make models installs both here.
if [ -z "${MODELS_DIR:-}" ]; then make models >/dev/null; fi
MODELS=${MODELS_DIR:-$ROOT/.models}
ORT_CPU=${ORT_DIR:-$ROOT/.ort}
EPS=${EPS:-cpu cuda}

WORK=$(mktemp -d)
SERVER=
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

# The CUDA provider's libraries, and CUDA's and cuDNN's from the nvidia-* packages.
ORT_GPU=
if [ -n "${ORT_GPU_DIR:-}" ]; then
  ORT_GPU=$ORT_GPU_DIR
elif [ -n "${ORT_GPU_WHEEL:-}" ]; then
  ORT_GPU="$WORK/ort-gpu"; mkdir -p "$ORT_GPU"
  python3 - "$ORT_GPU_WHEEL" "$ORT_GPU" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if "/capi/libonnxruntime" in name:
            with z.open(name) as src, open(os.path.join(sys.argv[2], os.path.basename(name)), "wb") as dst:
                dst.write(src.read())
PY
fi
NVIDIA_LIBS=$(python3 - <<'PY' 2>/dev/null || true
import glob, os, site
roots = site.getsitepackages() + [site.getusersitepackages()]
print(":".join(sorted({d for r in roots for d in glob.glob(os.path.join(r, "nvidia", "*", "lib"))})))
PY
)
cuda_ready() {
  command -v nvidia-smi >/dev/null || { echo "no nvidia-smi: no GPU here"; return 1; }
  nvidia-smi -L >/dev/null 2>&1 || { echo "nvidia-smi sees no GPU"; return 1; }
  [ -n "$ORT_GPU" ] && [ -f "$ORT_GPU/libonnxruntime_providers_cuda.so" ] \
    || { echo "no CUDA provider (set ORT_GPU_DIR or ORT_GPU_WHEEL)"; return 1; }
}

wait_ready() {
  for _ in $(seq 600); do curl -sf "http://127.0.0.1:$PORT/api/v1/health/ready" >/dev/null && return; sleep 0.2; done
  echo "the api did not start" >&2; tail -20 "$WORK/api.log" >&2; exit 1
}

# round EP CLIENTS: a fresh server with that execution provider, one load round.
round() {
  local ep=$1 clients=$2 library="$ORT_CPU/libonnxruntime.so.1.31.1" libs=${LD_LIBRARY_PATH:-}
  if [ "$ep" = cuda ]; then library="$ORT_GPU/libonnxruntime.so.1.31.1"; libs="$ORT_GPU:$NVIDIA_LIBS:$libs"; fi
  rm -rf "$WORK/data"; mkdir -p "$WORK/data"
  env LD_LIBRARY_PATH="$libs" DATABASE_URL="sqlite://$WORK/data/bench.db" DATA_DIR="$WORK/data" \
      BIND_ADDR=127.0.0.1:$PORT ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1)) WEB_DIR="$WORK/no-web" \
      MODELS_DIR="$MODELS" ORT_DYLIB_PATH="$library" RECOGNITION_EP="$ep" \
      WORKER_CONCURRENCY="$SLOTS" UPLOADS_PER_10_MIN=1000000 RUST_LOG=warn ADMIN_TOKEN=bench \
      REGISTER_LIMIT_PER_HOUR=100000 MAX_CONNECTIONS_PER_ADDRESS=4096 MAX_ARRIVING_PER_ADDRESS=4096 \
      "$BIN/api" > "$WORK/api.log" 2>&1 &
  SERVER=$!
  wait_ready
  local peak=0 sampler=
  if [ "$ep" = cuda ]; then
    ( while sleep 0.5; do nvidia-smi --query-gpu=memory.used,utilization.gpu --format=csv,noheader,nounits | head -1; done ) > "$WORK/gpu-memory" &
    sampler=$!
  fi
  printf '%-5s %3s clients: ' "$ep" "$clients"
  local foods=/dev/null
  if [ -n "${METRICS_DIR:-}" ]; then mkdir -p "$METRICS_DIR"; foods="$METRICS_DIR/foods-$ep-$clients.txt"; fi
  FOODS_OUT="$foods" "$BIN/examples/recognition_load" "http://127.0.0.1:$PORT" "$PHOTOS" "$clients" | sed 's/^[0-9]* photos, [0-9]* at a time: //'
  if [ -n "$sampler" ]; then
    kill "$sampler" 2>/dev/null || true
    peak=$(cut -d, -f1 "$WORK/gpu-memory" | sort -n | tail -1)
    busy=$(cut -d, -f2 "$WORK/gpu-memory" | sort -n | tail -1)
    echo "      GPU memory in use at its highest: ${peak:-?} MiB; GPU busy at most ${busy:-?} %"
  fi
  if [ -n "${METRICS_DIR:-}" ]; then
    mkdir -p "$METRICS_DIR"
    curl -sf -H 'Authorization: Bearer bench' "http://127.0.0.1:$((PORT + 1))/metrics" \
      | grep -E '^recognition_' > "$METRICS_DIR/$ep-$clients.txt" || true
  fi
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=
}

echo "== $(nproc) cores, $SLOTS worker slots, $PHOTOS analyses a round, photos from $PHOTOS_DIR"
for ep in $EPS; do
  if [ "$ep" = cuda ]; then
    if ! reason=$(cuda_ready); then echo "cuda: skipped ($reason)"; continue; fi
    nvidia-smi -L
  fi
  for clients in $CLIENTS; do round "$ep" "$clients"; done
done
