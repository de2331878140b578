# One image for both fleet roles: `api` (default) and `worker`.

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

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/api /src/target/release/worker /usr/local/bin/
COPY --from=web /src/web/dist /app/web/dist
ENV WEB_DIR=/app/web/dist \
    DATA_DIR=/data \
    BIND_ADDR=0.0.0.0:8080 \
    ADMIN_BIND_ADDR=0.0.0.0:8081
VOLUME /data
EXPOSE 8080 8081
CMD ["api"]
