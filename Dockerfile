# The headless gateway (npm run serve), for several instances on one PostgreSQL (README "Several gateways
# on one PostgreSQL"). Not built or run in CI here (no Docker on the build machine); compose.yaml runs it.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and the other native modules build here if no prebuilt binary fits
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Electron is the desktop app's: the headless gateway never loads it
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
RUN npm ci
COPY . .
# Both bundles npm run serve runs: the web UI and the gateway (out/serve, started from its V8 code cache)
RUN node src/renderer/build-if-stale.mjs

FROM node:22-bookworm-slim
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg espeak-ng ca-certificates curl && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
# Per instance: model files and the data-dir lock; shared state is in PostgreSQL and GATEHOUSE_BLOB_DIR.
ENV GATEHOUSE_DATA_DIR=/var/lib/gatehouse \
    GATEHOUSE_HOST=0.0.0.0 \
    GATEHOUSE_PORT=4310 \
    GATEHOUSE_LOG_LEVEL=warn
# The gateway writes its code cache beside its bundle on the first start
RUN useradd --system --home /var/lib/gatehouse gatehouse && mkdir -p /var/lib/gatehouse && chown gatehouse /var/lib/gatehouse /app/out/serve
USER gatehouse
EXPOSE 4310
HEALTHCHECK --interval=5s --timeout=3s CMD curl -fsS http://127.0.0.1:4310/health/ready || exit 1
CMD ["node", "scripts/serve.mjs"]
