# The fleet's images, one per role:
#   docker build -t calorie-api --target api .            the API alone: no model runtime
#   docker build -t calorie-worker --target worker .      workers on the CPU
#   docker build -t calorie-gpu --target worker-gpu .     workers on a GPU machine (CUDA)
# and the default, everything in one (the embedded mode of `make run`, or either role):
#   docker build -t calorie .
# Run `make models` first: the recognition models in .models/ go into the worker images.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
# The app reads the server's amount words and energy formula from beside it (../models/data).
COPY models/data/amount_words.json models/data/energy_formula.json /src/models/data/
RUN npm run build

FROM rust:1.95-bookworm AS rust
WORKDIR /src
COPY . .
RUN cargo build --release --bins
# The fleet's API: without the in-process workers, so it links no ONNX Runtime or rxing.
RUN cargo build --release -p api --no-default-features --target-dir target/fleet

# The ONNX Runtime library, from the onnxruntime wheel on PyPI.
FROM python:3.11-slim AS ort
RUN pip download --quiet --no-deps --only-binary=:all: onnxruntime==1.31.1 -d /wheels \
 && python -c "import glob, zipfile; z = zipfile.ZipFile(glob.glob('/wheels/*.whl')[0]); [open('/' + n.rsplit('/', 1)[1], 'wb').write(z.read(n)) for n in z.namelist() if '/capi/libonnxruntime' in n]"

# The same library with its CUDA provider, from the onnxruntime-gpu wheel on PyPI.
# 1.31.1 is built for CUDA 13 (libcudart.so.13, libcublas.so.13) and cuDNN 9.
FROM python:3.11-slim AS ort-gpu
RUN pip download --quiet --no-deps --only-binary=:all: onnxruntime-gpu==1.31.1 -d /wheels \
 && mkdir /ort \
 && python -c "import glob, zipfile; z = zipfile.ZipFile(glob.glob('/wheels/*.whl')[0]); [open('/ort/' + n.rsplit('/', 1)[1], 'wb').write(z.read(n)) for n in z.namelist() if '/capi/libonnxruntime' in n]" \
 && rm -rf /wheels

# A worker for a GPU machine: it takes the recognition and label queues (`WORKER_QUEUES=gpu`)
# and runs the models on CUDA. The host needs an NVIDIA driver for CUDA 13 (580 or newer)
# and the NVIDIA Container Toolkit (`docker run --gpus all`). Without a GPU it logs one
# warning and runs on the CPU. The runtime image is Ubuntu 24.04 (glibc 2.39), new enough
# for the binary built on bookworm (glibc 2.36).
FROM nvidia/cuda:13.0.2-cudnn-runtime-ubuntu24.04 AS worker-gpu
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/worker /usr/local/bin/
# ONNX Runtime loads its providers from the folder of libonnxruntime.so.
COPY --from=ort-gpu /ort/libonnxruntime.so.1.31.1 /ort/libonnxruntime_providers_shared.so /ort/libonnxruntime_providers_cuda.so /app/.ort/
COPY .models /app/.models
# Photos come from BLOB_URL; DATA_DIR only holds outbox mail when no SMTP_URL is set.
ENV MODELS_DIR=/app/.models \
    ORT_DYLIB_PATH=/app/.ort/libonnxruntime.so.1.31.1 \
    RECOGNITION_EP=cuda \
    WORKER_QUEUES=gpu \
    DATA_DIR=/data
CMD ["worker"]

# The fleet's API: relays, never runs a job, so no models and no ONNX Runtime.
FROM debian:bookworm-slim AS api
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/fleet/release/api /usr/local/bin/
COPY --from=web /src/web/dist /app/web/dist
ENV WEB_DIR=/app/web/dist \
    EMBEDDED_WORKERS=false \
    DATA_DIR=/data \
    BIND_ADDR=0.0.0.0:8080 \
    ADMIN_BIND_ADDR=0.0.0.0:8081
VOLUME /data
EXPOSE 8080 8081
CMD ["api"]

# Workers on the CPU (every queue by default; WORKER_QUEUES=cpu beside GPU workers).
FROM debian:bookworm-slim AS worker
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/worker /usr/local/bin/
COPY --from=ort /libonnxruntime.so.1.31.1 /libonnxruntime_providers_shared.so /app/.ort/
COPY .models /app/.models
ENV MODELS_DIR=/app/.models \
    ORT_DYLIB_PATH=/app/.ort/libonnxruntime.so.1.31.1 \
    DATA_DIR=/data
CMD ["worker"]

# The default image (last, so `docker build .` gives it): everything in one, the
# embedded mode by default (the API runs the workers), or either fleet role.
FROM debian:bookworm-slim AS app
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/api /src/target/release/worker /usr/local/bin/
COPY --from=web /src/web/dist /app/web/dist
COPY --from=ort /libonnxruntime.so.1.31.1 /libonnxruntime_providers_shared.so /app/.ort/
COPY .models /app/.models
# DATA_DIR holds outbox mail, the embedded JWT secret and, when BLOB_URL is unset, photos.
# In a fleet photos go to BLOB_URL, so the volume is nothing the hosts share.
ENV WEB_DIR=/app/web/dist \
    MODELS_DIR=/app/.models \
    ORT_DYLIB_PATH=/app/.ort/libonnxruntime.so.1.31.1 \
    DATA_DIR=/data \
    BIND_ADDR=0.0.0.0:8080 \
    ADMIN_BIND_ADDR=0.0.0.0:8081
VOLUME /data
EXPOSE 8080 8081
CMD ["api"]
