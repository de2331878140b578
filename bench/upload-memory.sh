#!/usr/bin/env bash
# The server's peak resident memory while photos are uploaded at once (issue 18): starts an
# API binary (API=…, default the release build) on a fresh embedded data directory, signs
# up, uploads one small photo to warm up, then sends COUNT (default 8) uploads of each
# PHOTO at the same moment and reads the process's VmHWM (its peak, reset before each
# round through /proc/PID/clear_refs) against its resident memory just before.
#
#   bench/upload-memory.sh PHOTO...
#   API=target/debug/api COUNT=8 bench/upload-memory.sh worst.png phone-50mp.jpg
#
# Each round prints the HTTP statuses, the wall time and the peak above idle.
set -euo pipefail
cd "$(dirname "$0")/.."
API=${API:-${CARGO_TARGET_DIR:-target}/release/api}
COUNT=${COUNT:-8}
PORT=${PORT:-18093}
[ $# -gt 0 ] || { sed -n 2,11p "$0" >&2; exit 1; }

DATA=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
DATA_DIR="$DATA" DATABASE_URL="sqlite://$DATA/calorie.db?mode=rwc" \
  BIND_ADDR="127.0.0.1:$PORT" ADMIN_BIND_ADDR="127.0.0.1:$((PORT + 1))" \
  MODELS_DIR="$DATA/no-models" UPLOADS_PER_10_MIN=10000 RUST_LOG=warn \
  "$API" >"$DATA/server.log" 2>&1 &
PID=$!
BASE="http://127.0.0.1:$PORT/api/v1"
for _ in $(seq 100); do
  curl -fs "$BASE/health" >/dev/null 2>&1 && break
  sleep 0.2
done

kb() { awk -v f="$1:" '$1 == f { print $2 }' "/proc/$PID/status"; }
TOKEN=$(curl -fs "$BASE/auth/register/" -H 'content-type: application/json' \
  -d '{"username":"memory","email":"memory@example.com","password":"Sunrise2026","nickname":"m"}' |
  jq -r .data.access)
upload() {
  curl -s -o /dev/null -w '%{http_code}\n' "$BASE/images/upload/" \
    -H "authorization: Bearer $TOKEN" -F "image=@$1"
}
# Warm up: the first upload builds what every later one shares.
WARM="$DATA/warm.png"
python3 - "$WARM" <<'PY'
import struct, sys, zlib
w = h = 64
rows = b"".join(b"\x00" + bytes((x * 4, y * 4, 50)[c] for x in range(w) for c in range(3)) for y in range(h))
chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                              + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
echo "warm-up upload: $(upload "$WARM")"

for PHOTO in "$@"; do
  sleep 1
  IDLE=$(kb VmRSS)
  echo 5 >"/proc/$PID/clear_refs"
  STARTED=$(date +%s.%N)
  STATUSES=$(for _ in $(seq "$COUNT"); do upload "$PHOTO" & done; wait)
  ELAPSED=$(echo "$(date +%s.%N) - $STARTED" | bc)
  PEAK=$(kb VmHWM)
  printf '%s x%s: statuses %s; %.1f s; idle %d MB, peak %d MB, peak above idle %d MB\n' \
    "$(basename "$PHOTO")" "$COUNT" "$(echo "$STATUSES" | sort | uniq -c | awk '{printf "%s×%s ", $1, $2}')" \
    "$ELAPSED" $((IDLE / 1024)) $((PEAK / 1024)) $(((PEAK - IDLE) / 1024))
  kill -0 "$PID" || { echo "the server died" >&2; tail -20 "$DATA/server.log" >&2; exit 1; }
done
