# One image for both fleet roles: `api` (default) and `worker`.
# Run `make models` first: the recognition models in .models/ go into the image.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1.95-bookworm AS rust
WORKDIR /src
COPY . .
RUN cargo build --release --bins

# The ONNX Runtime library, from the onnxruntime wheel on PyPI.
FROM python:3.11-slim AS ort
RUN pip download --quiet --no-deps --only-binary=:all: onnxruntime==1.31.1 -d /wheels \
 && python -c "import glob, zipfile; z = zipfile.ZipFile(glob.glob('/wheels/*.whl')[0]); [open('/' + n.rsplit('/', 1)[1], 'wb').write(z.read(n)) for n in z.namelist() if '/capi/libonnxruntime' in n]"

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/api /src/target/release/worker /usr/local/bin/
COPY --from=web /src/web/dist /app/web/dist
COPY --from=ort /libonnxruntime.so.1.31.1 /libonnxruntime_providers_shared.so /app/.ort/
COPY .models /app/.models
ENV WEB_DIR=/app/web/dist \
    MODELS_DIR=/app/.models \
    ORT_DYLIB_PATH=/app/.ort/libonnxruntime.so.1.31.1 \
    DATA_DIR=/data \
    BIND_ADDR=0.0.0.0:8080 \
    ADMIN_BIND_ADDR=0.0.0.0:8081
VOLUME /data
EXPOSE 8080 8081
CMD ["api"]
