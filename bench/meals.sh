#!/usr/bin/env bash
# Meals under load against the running release server: 1,000 users with two years of
# meals each (5 a day, 4 foods each: 3.65 million meals, 14.6 million lines), in the
# embedded default (SQLite) or, with ENGINE=postgres, on PostgreSQL + Redis. Needs `oha`
# (cargo install oha). Seeds a database once (kept in ~/.cache/calorie-tracker), starts
# target/release/api on it, signs in as one of the users and measures with oha:
#   1. 30-day statistics, one at a time (1 connection, 10 s)      -> single-request latency
#   2. 30-day statistics at a steady 200/s, open loop, 20 s        -> p99 at that rate
#   3. 30-day statistics, 32 connections as fast as they go, 15 s  -> saturation
#   4. meal saves (4 foods) at a steady 300/s, open loop, 20 s     -> p99 at that rate
#   5. meal saves, 32 connections as fast as they go, 15 s         -> saturation
# The statistics windows rotate through the user's two years.
set -euo pipefail
cd "$(dirname "$0")/.."
USERS=${USERS:-1000}
DAYS=${DAYS:-730}
ENGINE=${ENGINE:-sqlite}
PORT=${PORT:-18092}
TARGET=${CARGO_TARGET_DIR:-target}
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/calorie-tracker
mkdir -p "$CACHE"
command -v oha >/dev/null || { echo "oha is missing: cargo install oha" >&2; exit 1; }

# BIN_DIR: the binaries of another build (api and examples/seed_meals), to compare builds.
if [ -n "${BIN_DIR:-}" ]; then
  mkdir -p "$CACHE/bin-dir" && ln -sfn "$(cd "$BIN_DIR" && pwd)" "$CACHE/bin-dir/release" && TARGET="$CACHE/bin-dir"
else
  cargo build --release -p api --bin api --example seed_meals
fi
NAME="bench_meals_${USERS}x${DAYS}"
case "$ENGINE" in
  sqlite) DB="sqlite://$CACHE/$NAME.db?mode=rwc"; EXTRA=() ;;
  postgres)
    psql -h 127.0.0.1 -U postgres -d test -tc "select 1 from pg_database where datname = '$NAME'" | grep -q 1 \
      || psql -h 127.0.0.1 -U postgres -d test -c "create database $NAME" >/dev/null
    DB="postgres://postgres@127.0.0.1:5432/$NAME"
    EXTRA=(REDIS_URL=redis://127.0.0.1:6379 REDIS_NAMESPACE=bench-meals EMBEDDED_WORKERS=true
           JWT_SECRET=bench-signing-secret-of-at-least-32-chars) ;;
  *) echo "ENGINE is sqlite or postgres" >&2; exit 1 ;;
esac

echo "== seeding $USERS users x $DAYS days of meals into $ENGINE (once)"
time DATABASE_URL="$DB" "$TARGET/release/examples/seed_meals" "$USERS" "$DAYS"

DATA=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
env DATABASE_URL="$DB" BIND_ADDR=127.0.0.1:$PORT ADMIN_BIND_ADDR=127.0.0.1:$((PORT + 1)) \
    DATA_DIR="$DATA" RUST_LOG=warn "${EXTRA[@]}" "$TARGET/release/api" > "$DATA/server.log" 2>&1 &
SERVER=$!
until curl -sf "http://127.0.0.1:$PORT/api/v1/health/ready" >/dev/null; do
  kill -0 $SERVER 2>/dev/null || { cat "$DATA/server.log"; exit 1; }
  sleep 0.2
done
API="http://127.0.0.1:$PORT/api/v1"
token() {
  curl -sf "$API/auth/login/" -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"BenchPass2026\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["access"])'
}
# Statistics are read for one user; saves go to another, so reruns do not change what
# the statistics read.
WHO="bench_user_$(( USERS / 2 ))"
AUTH=(-H "Authorization: Bearer $(token "$WHO")" -H "X-Time-Zone: Asia/Shanghai")
SAVER=(-H "Authorization: Bearer $(token bench_user_1)" -H "X-Time-Zone: Asia/Shanghai")
echo "== statistics of $WHO: $(curl -sf "$API/meals/list/?page_size=1" "${AUTH[@]}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["total"])') meals"

URLS="$DATA/stats.txt"
python3 - "$API" "$DAYS" > "$URLS" <<'PY'
import sys, datetime
api, days = sys.argv[1], int(sys.argv[2])
today = datetime.date.today()
for back in range(0, days - 30, 29):
    end = today - datetime.timedelta(days=back)
    start = end - datetime.timedelta(days=29)
    print(f"{api}/meals/statistics/?start_date={start}&end_date={end}")
PY
BODY=$(python3 - "$API" <<'PY'
import json, sys, urllib.parse, urllib.request
api = sys.argv[1]
def first(query):
    with urllib.request.urlopen(f"{api}/foods/search/?query={urllib.parse.quote(query)}&page_size=1") as r:
        return json.load(r)["data"]["foods"][0]["id"]
foods = [(first("米饭"), 150), (first("egg"), 50), (first("broccoli"), 80), (first("tofu"), 120)]
print(json.dumps({"name": "Bench lunch", "meal_type": "lunch",
                  "foods": [{"food_id": f, "quantity": q} for f, q in foods]}))
PY
)
pick='Requests/sec|Slowest|Average|50.00%|99.00%|99.90%|Success rate|\[2[0-9][0-9]\]|\[[45]'
echo "== 1. 30-day statistics, one at a time"
oha --no-tui -c 1 -z 10s "${AUTH[@]}" --urls-from-file "$URLS" | grep -E "$pick"
echo "== 2. 30-day statistics, steady 200/s (open loop)"
oha --no-tui -c 32 -q 200 --latency-correction -z 20s "${AUTH[@]}" --urls-from-file "$URLS" | grep -E "$pick"
echo "== 3. 30-day statistics, 32 connections"
oha --no-tui -c 32 -z 15s "${AUTH[@]}" --urls-from-file "$URLS" | grep -E "$pick"
echo "== 4. meal saves, steady 300/s (open loop)"
oha --no-tui -c 32 -q 300 --latency-correction -z 20s -m POST -T application/json -d "$BODY" "${SAVER[@]}" "$API/meals/create/" | grep -E "$pick"
echo "== 5. meal saves, 32 connections"
oha --no-tui -c 32 -z 15s -m POST -T application/json -d "$BODY" "${SAVER[@]}" "$API/meals/create/" | grep -E "$pick"
echo "== resident memory after: $(( $(grep VmRSS /proc/$SERVER/status | awk '{print $2}') / 1024 )) MiB"
