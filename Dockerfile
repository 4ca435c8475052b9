# The dashboard server as `npm run serve` runs it: compiled JavaScript (build/) and the built app
# (dist/) on Node 24 (the current LTS, the line CI runs everything on), production dependencies
# only, as the unprivileged `node` user.
# It only wraps the tested commands (npm ci, npm run build, node build/server/main.js): no
# Docker daemon runs on the team's machines, so this file is not exercised by CI.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child of nothing: it receives SIGTERM and stops gracefully (main.ts)
CMD ["node", "--enable-source-maps", "build/server/main.js"]
