# syntax=docker/dockerfile:1
# Viabiliza's production image: the built server and web app, their production dependencies and
# the native OCR tools, run as a non-root user. `docker compose up` (compose.yaml) runs the whole
# topology; the README's 'Produção' section explains it.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- The workspace manifests alone, so the two `npm ci` layers are rebuilt only when a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/engine/package.json packages/engine/
COPY packages/extract/package.json packages/extract/

# ---- Build: every dependency, then `npm run build` (apps/web/dist and apps/server/dist: the bundle,
# its worker threads, migrations, fonts and the embedded database's seed).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
# No .git in the build context: the commit shown in the admin deployment tab comes from here.
ARG GIT_COMMIT
ENV GIT_COMMIT=${GIT_COMMIT}
RUN npm run build

# ---- Production dependencies only: the bundle leaves npm packages external (apps/server/scripts/bundle.ts),
# and every one it imports is a `dependencies` entry of a workspace. Copied whole, with the nested
# node_modules npm keeps beside a workspace when versions differ (apps/server/node_modules).
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- Runtime.
FROM ${NODE_IMAGE} AS runtime
# Native OCR and PDF tools (packages/extract uses them when present; OCR_ENGINE=auto).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-por poppler-utils \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The image's files stay root's; the server (user `node` of the base image) writes only to /data.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness. A load balancer should probe readiness instead: GET /api/health/ready (503 while the
# database or the queue cannot serve).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
