# syntax=docker/dockerfile:1
# Tradewind server image: compiled JavaScript (npm run build:server), production dependencies only,
# runs as the unprivileged `node` user, and node is PID 1's command itself (no npm or shell wrapper),
# so `docker stop`'s SIGTERM reaches the server, which drains and exits 0. docs/deploy.md › Packaging.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Everything needed to build: all dependencies, the web app (Vite) and the compiled server (esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages ./packages
RUN npm run build && npm run build:server

# 2. The server's production dependencies only (argon2's prebuilt binary, PGlite, pg, fonts …).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @tradewind/server --no-audit --no-fund && npm cache clean --force

# 3. What runs: node_modules from 2, the bundle, migrations, instruments and the built web app from 1.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/server/instruments ./packages/server/instruments
COPY --from=build /app/packages/web/dist ./packages/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# One process (with npm start's glibc settings above: docs/performance/startup-and-memory.md); for several on
# this container's cores: CMD ["node", "packages/server/dist/start-cluster.js"].
CMD ["node", "packages/server/dist/main.js"]
