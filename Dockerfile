# The cabinet in one image: the API and the built web cabinet on one port (README, Production).
# Build: docker build -t cabinet .   Run: docker compose up (docker-compose.yml), or see README.

ARG NODE_IMAGE=node:22-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# The pnpm of package.json's packageManager (corepack is not used: it is leaving Node).
RUN npm i -g pnpm@12.21.0 --no-audit --no-fund --loglevel=error
WORKDIR /src

# Dependencies from the manifests and the lockfile alone, so a code change does not reinstall them.
FROM base AS deps
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile

# The API bundle (apps/api/dist/server.js, and migrate.js for a release step: decision 0112) and the cabinet
# (apps/web/dist). The generated Prisma client is committed, so no `prisma generate` here. Then a
# self-contained production install of the API alone.
FROM deps AS build
COPY . .
RUN pnpm build \
 && pnpm --filter @cabinet/api deploy --prod /deploy \
 && test -f apps/api/dist/server.js && test -f apps/api/dist/migrate.js && test -f apps/web/dist/index.html

# What runs: Node, the bundle, its production dependencies, the migrations and the cabinet. The bundle finds
# prisma/migrations and apps/web/dist by walking up from its own folder, so this layout is kept.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# Memory (apps/api/node-flags.mjs, decision 0119; apps/api/test/ops/memory-flags.test.ts keeps them equal).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /deploy/package.json apps/api/package.json
COPY --from=build /deploy/node_modules apps/api/node_modules
COPY --from=build /src/apps/api/dist apps/api/dist
COPY --from=build /src/prisma/migrations prisma/migrations
COPY --from=build /src/apps/web/dist apps/web/dist
# DATA_DIR: local-disk files and the embedded database when no DATABASE_URL / S3 is given.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the process answers and its database does (GET /api/ready). slim has no curl: Node's fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server.ts finishes requests in flight on SIGTERM and exits within 10 s (decision 0062).
STOPSIGNAL SIGTERM
CMD ["node", "--max-old-space-size=112", "--max-semi-space-size=8", "--no-allocation-site-pretenuring", "apps/api/dist/server.js"]
