# syntax=docker/dockerfile:1
# Signet's container image: one server process (API, web app, jobs) per container. Build with
#   docker build -t signet .
# and run several behind one address on one PostgreSQL and one S3 bucket (README, "Running several
# processes"). Node 24, the major the project's `node` dependency and .nvmrc name.
ARG NODE_IMAGE=node:24-slim

# ---- build: every dependency (dev included), then the web app and the compiled server ----------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/pdf/package.json packages/pdf/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# No install scripts: the one the build would run is the `node` package's, which downloads a second
# Node (the image has Node 24); its shim goes too, so `npm run` uses the image's node. esbuild, sharp,
# argon2 and the canvas take their prebuilt binaries from optional packages, no script needed.
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && rm -f node_modules/.bin/node
COPY . .
RUN npm run build -w apps/web \
 && npm run build -w apps/server

# ---- runtime: production dependencies, the compiled server, its migrations and the web build ----
FROM ${NODE_IMAGE} AS runtime
# LibreOffice converts Word, Excel and PowerPoint uploads to PDF (about 320 MB); without it those
# uploads are refused with a clear message and PDFs and images work. `--build-arg WITH_OFFICE=1`.
# bubblewrap confines each conversion (no network, only its own folder: README, SIGNET_OFFICE_SANDBOX).
ARG WITH_OFFICE=0
RUN if [ "$WITH_OFFICE" = 1 ]; then \
      apt-get update \
   && apt-get install -y --no-install-recommends \
        libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui bubblewrap \
   && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/pdf/package.json packages/pdf/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The workspace packages are compiled into dist/main.js; their libraries stay in node_modules.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -f node_modules/.bin/node \
 && npm cache clean --force
# dist/ finds the migrations and the web build where the sources put them (apps/server/build.mjs).
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist
# The embedded database, local blobs and a generated master key live in DATA_DIR; a fleet sets
# DATABASE_URL, S3_* and SIGNET_MASTER_KEY instead, and the volume only keeps a single process's data.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Ready: database reachable, migrations applied, blob storage writable (GET /msbapi/public/ready).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/msbapi/public/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM finishes the requests in flight, then closes the database (src/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
