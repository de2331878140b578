#!/usr/bin/env bash
# `make models`: installs the recognition models described by worker/models/*.json into
# MODELS_DIR (default .models), checking each file's sha256, and the ONNX Runtime library
# into ORT_DIR (default .ort) from the onnxruntime PyPI wheel (no virtualenv needed).
#
#   MODELS_FROM   a folder or a base URL holding the model files
#                 (default: ../shared/data/models beside the project, when present)
#
# A model whose file cannot be found is skipped with a message (the recognition calls
# then answer 503 "recognition model not installed"); under CI=true it is an error.
#
# A model may be derived from another (`derived_from` in its manifest): made here by the
# script it names, and checked against its sha256 like a fetched one.
#
# The OCR models that read nutrition labels (worker/models/ocr/ocr.json: PaddleOCR's
# PP-OCRv6, Apache-2.0) come out of the rapidocr PyPI wheel into MODELS_DIR/ocr.
set -euo pipefail
cd "$(dirname "$0")/.."
MODELS_DIR=${MODELS_DIR:-.models}
ORT_DIR=${ORT_DIR:-.ort}
ORT_VERSION=${ORT_VERSION:-1.31.1}
MODELS_FROM=${MODELS_FROM:-../shared/data/models}
mkdir -p "$MODELS_DIR" "$ORT_DIR"

missing() {
  if [ "${CI:-}" = "true" ]; then echo "error: $1" >&2; exit 1; fi
  echo "skipped: $1" >&2
}

# fetch NAME SHA256: puts MODELS_FROM/NAME into MODELS_DIR/NAME once its hash matches.
fetch() {
  local name=$1 sha=$2 target="$MODELS_DIR/$1"
  if [ -f "$target" ] && echo "$sha  $target" | sha256sum -c --status; then return 0; fi
  local tmp="$target.part"
  case "$MODELS_FROM" in
    http://*|https://*) curl -fsSL "$MODELS_FROM/$name" -o "$tmp" || { rm -f "$tmp"; missing "$name not at $MODELS_FROM"; return 1; } ;;
    *) [ -f "$MODELS_FROM/$name" ] || { missing "$name not in $MODELS_FROM"; return 1; }
       cp "$MODELS_FROM/$name" "$tmp" ;;
  esac
  if ! echo "$sha  $tmp" | sha256sum -c --status; then
    rm -f "$tmp"; echo "error: $name does not have the sha256 its manifest names" >&2; exit 1
  fi
  chmod 644 "$tmp"
  mv "$tmp" "$target"
  echo "installed $target"
}

for manifest in worker/models/*.json; do
  read -r file sha labels labels_sha derived < <(python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
print(m["file"], m["sha256"], m["labels"], m["labels_sha256"], "derived" if "derived_from" in m else "-")' "$manifest")
  [ "$derived" = "-" ] || continue
  if fetch "$file" "$sha" && fetch "$labels" "$labels_sha"; then
    cp "$manifest" "$MODELS_DIR/"
  fi
done

# Models derived from installed ones (a detector's copy that takes a batch of images, for
# GPU workers: scripts/batch-model.py), made with a pinned onnx package kept in
# MODELS_DIR/.tools; the result must have the sha256 its manifest names.
for manifest in worker/models/*.json; do
  read -r file sha from script onnx_version < <(python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
d = m.get("derived_from")
if d: print(m["file"], m["sha256"], d["manifest"], d["script"], d["onnx"])
else: print("- - - - -")' "$manifest")
  [ "$file" != "-" ] || continue
  target="$MODELS_DIR/$file"
  if [ -f "$target" ] && echo "$sha  $target" | sha256sum -c --status; then
    cp "$manifest" "$MODELS_DIR/"
    continue
  fi
  source_file=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["file"])' "worker/models/$from.json")
  if [ ! -f "$MODELS_DIR/$source_file" ]; then missing "$file (its source $source_file is not installed)"; continue; fi
  tools="$MODELS_DIR/.tools/onnx-$onnx_version"
  if [ ! -d "$tools/onnx" ]; then
    pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$tools" "onnx==$onnx_version" \
      || { missing "$file (pip install onnx==$onnx_version failed)"; continue; }
  fi
  PYTHONPATH="$tools" python3 "$script" "$MODELS_DIR/$source_file" "$target.part"
  if ! echo "$sha  $target.part" | sha256sum -c --status; then
    rm -f "$target.part"; echo "error: $file derived by $script does not have the sha256 its manifest names" >&2; exit 1
  fi
  mv "$target.part" "$target"
  cp "$manifest" "$MODELS_DIR/"
done

# The dish head is committed, not downloaded: it must be the file its training wrote
# (scripts/train-dish-head.py writes the head and its sha256 together).
if ! (cd worker/data && sha256sum -c --status dish_head.json.sha256); then
  echo "error: worker/data/dish_head.json does not have the sha256 of dish_head.json.sha256 (retrain with scripts/train-dish-head.py)" >&2
  exit 1
fi

wheels=$(mktemp -d)
trap 'rm -rf "$wheels"' EXIT

# ocr_installed: whether every file ocr.json names is in MODELS_DIR/ocr with its sha256.
OCR_MANIFEST=worker/models/ocr/ocr.json
OCR_DIR="$MODELS_DIR/ocr"
ocr_files() {
  python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
for part in ("detection", "angle", "recognition"):
    print(m[part]["sha256"] + "  " + sys.argv[2] + "/" + m[part]["file"])' "$OCR_MANIFEST" "$1"
}
if ! ocr_files "$OCR_DIR" | sha256sum -c --status 2>/dev/null; then
  wheel=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["wheel"])' "$OCR_MANIFEST")
  if pip download --quiet --no-deps --only-binary=:all: "$wheel" -d "$wheels/ocr"; then
    python3 - "$wheels/ocr" "$OCR_MANIFEST" <<'PY'
import glob, json, os, sys, zipfile
manifest = json.load(open(sys.argv[2]))
wanted = {manifest[p]["file"] for p in ("detection", "angle", "recognition")}
with zipfile.ZipFile(glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]) as z:
    for name in z.namelist():
        if os.path.basename(name) in wanted:
            with z.open(name) as src, open(os.path.join(sys.argv[1], os.path.basename(name)), "wb") as dst:
                dst.write(src.read())
PY
    if ! ocr_files "$wheels/ocr" | sha256sum -c --status; then
      echo "error: the OCR models of $wheel do not have the sha256s $OCR_MANIFEST names" >&2; exit 1
    fi
    mkdir -p "$OCR_DIR"
    ocr_files "$wheels/ocr" | while read -r _ file; do
      chmod 644 "$file"; mv "$file" "$OCR_DIR/"; echo "installed $OCR_DIR/$(basename "$file")"
    done
  else
    missing "the OCR models ($wheel: pip download failed)"
  fi
fi
if ocr_files "$OCR_DIR" | sha256sum -c --status 2>/dev/null; then
  cp "$OCR_MANIFEST" "$OCR_DIR/"
fi

LIB="$ORT_DIR/libonnxruntime.so.$ORT_VERSION"
if [ ! -f "$LIB" ]; then
  if pip download --quiet --no-deps --only-binary=:all: "onnxruntime==$ORT_VERSION" -d "$wheels"; then
    python3 - "$wheels" "$ORT_DIR" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "onnxruntime-*.whl"))[0]
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if "/capi/libonnxruntime" in name:
            target = os.path.join(sys.argv[2], os.path.basename(name))
            with z.open(name) as src, open(target, "wb") as dst:
                dst.write(src.read())
            print("installed", target)
PY
  else
    missing "the onnxruntime $ORT_VERSION wheel (pip download failed)"
  fi
fi
