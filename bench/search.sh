#!/usr/bin/env bash
# Search under load against the running release server with 1,000,000 foods
# (`make bench-search`; ENGINE=postgres for PostgreSQL). Needs `oha` (cargo install oha)
# and ../shared/data. Seeds a database once (kept in ~/.cache/calorie-tracker), starts
# target/release/api on it, then measures with oha:
#   1. one search at a time (1 connection, 10 s)             -> single-search latency
#   2. a steady 500 searches/s, open loop (-q 500), 20 s       -> p99 at that rate
#   3. 32 connections as fast as they go, 15 s                 -> saturation throughput
# The queries rotate through a fixed list of English, Chinese, pinyin, typo and prefix
# searches (bench/search-queries.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
FOODS=${FOODS:-1000000}
ENGINE=${ENGINE:-sqlite}
PORT=${PORT:-18090}
TARGET=${CARGO_TARGET_DIR:-target}
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/calorie-tracker
mkdir -p "$CACHE"
command -v oha >/dev/null || { echo "oha is missing: cargo install oha" >&2; exit 1; }

# BIN_DIR: the binaries of another build (api and examples/seed_foods), to compare builds.
if [ -n "${BIN_DIR:-}" ]; then
  mkdir -p "$CACHE/bin-dir" && ln -sfn "$(cd "$BIN_DIR" && pwd)" "$CACHE/bin-dir/release" && TARGET="$CACHE/bin-dir"
else
  cargo build --release -p api --bin api --example seed_foods
fi
case "$ENGINE" in
  sqlite) DB="sqlite://$CACHE/bench-foods-$FOODS.db?mode=rwc"; EXTRA=() ;;
  postgres)
    psql -h 127.0.0.1 -U postgres -d test -tc "select 1 from pg_database where datname = 'calorie_bench_$FOODS'" | grep -q 1 \
      || psql -h 127.0.0.1 -U postgres -d test -c "create database calorie_bench_$FOODS" >/dev/null
    DB="postgres://postgres@127.0.0.1:5432/calorie_bench_$FOODS"
    EXTRA=(REDIS_URL=redis://127.0.0.1:6379 REDIS_NAMESPACE=bench-search EMBEDDED_WORKERS=true
           JWT_SECRET=bench-signing-secret-of-at-least-32-chars) ;;
  *) echo "ENGINE is sqlite or postgres" >&2; exit 1 ;;
esac

echo "== seeding $FOODS foods into $ENGINE (once)"
time DATABASE_URL="$DB" "$TARGET/release/examples/seed_foods" "$FOODS"

DATA=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
env DATABASE_URL="$DB" BIND_ADDR=127.0.0.1:$PORT ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1)) \
    DATA_DIR="$DATA" RUST_LOG=warn,api=info "${EXTRA[@]}" "$TARGET/release/api" > "$DATA/server.log" 2>&1 &
SERVER=$!
START=$(date +%s.%N)
until curl -sf "http://127.0.0.1:$PORT/api/v1/health/ready" >/dev/null; do
  kill -0 $SERVER 2>/dev/null || { cat "$DATA/server.log"; exit 1; }
  sleep 0.2
done
echo "== server ready after $(echo "$(date +%s.%N) - $START" | bc) s"
grep -o 'food search index built.*' "$DATA/server.log" | sed 's/\x1b\[[0-9;]*m//g' || true
mib() { echo $(( $(grep "$1" /proc/$SERVER/status | awk '{print $2}') / 1024 )); }
# Peak (VmHWM): the most the server held while it loaded and indexed the foods.
echo "== resident memory: $(mib VmRSS) MiB now, peak $(mib VmHWM) MiB while loading and indexing"

URLS="$DATA/urls.txt"
python3 - "$PORT" > "$URLS" <<'PY'
import sys, urllib.parse
port = sys.argv[1]
for q in open("bench/search-queries.txt", encoding="utf-8").read().splitlines():
    if q.strip():
        print(f"http://127.0.0.1:{port}/api/v1/foods/search/?query={urllib.parse.quote(q)}&page_size=20")
PY
echo "== 1. one search at a time"
oha --no-tui -c 1 -z 10s --urls-from-file "$URLS" | grep -E 'Requests/sec|Slowest|Fastest|Average|50.00%|99.00%|Success rate|\[200\]|\[[45]'
echo "== 2. steady 500 searches/s (open loop)"
oha --no-tui -c 64 -q 500 --latency-correction -z 20s --urls-from-file "$URLS" | grep -E 'Requests/sec|Slowest|Average|50.00%|99.00%|99.90%|Success rate|\[200\]|\[[45]'
echo "== 3. 32 connections, as fast as they go"
oha --no-tui -c 32 -z 15s --urls-from-file "$URLS" | grep -E 'Requests/sec|Average|50.00%|99.00%|Success rate|\[200\]|\[[45]'
echo "== resident memory after: $(( $(grep VmRSS /proc/$SERVER/status | awk '{print $2}') / 1024 )) MiB"
