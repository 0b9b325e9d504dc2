# One image for the api (which serves the built web app) and the perception service;
# docker-compose.yml picks the command. Build: docker build -t cellforge .
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm turbo run build --filter=@cellforge/web --filter=@cellforge/api --filter=@cellforge/perception
RUN pnpm deploy --filter=@cellforge/api --prod --legacy /out/api \
 && pnpm deploy --filter=@cellforge/perception --prod --legacy /out/perception \
 && cp -r apps/api/dist /out/api/dist && cp -r apps/perception/dist /out/perception/dist \
 && mkdir -p /out/web && cp -r apps/web/dist /out/web/dist

FROM node:20-bookworm-slim AS runtime
# Debian's ffmpeg is preferred over the npm-shipped static build (see STACK.md).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg ca-certificates wget \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /srv
COPY --from=build /out/api /srv/api
COPY --from=build /out/perception /srv/perception
COPY --from=build /out/web /srv/web
ENV WEB_DIST=/srv/web/dist DATA_DIR=/data
# V8's heap budget of the API in MB, as scripts/start.mjs gives it (0 = V8's own default,
# sized from the host's RAM). 384 keeps the API within a 512 MB container; see README.
ENV API_MAX_OLD_SPACE_MB=384
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 3002
# exec: node replaces the shell, so it is PID 1 and gets the stop signal.
CMD ["/bin/sh", "-c", "case \"${API_MAX_OLD_SPACE_MB:-384}\" in 0) heap= ;; *[!0-9]*) echo \"API_MAX_OLD_SPACE_MB must be a whole number of megabytes (0 = no limit)\" >&2; exit 1 ;; [1-9]|[1-5][0-9]|6[0-3]) echo \"API_MAX_OLD_SPACE_MB is too small: give the API at least 64 MB (0 = no limit)\" >&2; exit 1 ;; *) heap=\"--max-old-space-size=${API_MAX_OLD_SPACE_MB:-384}\" ;; esac; exec node $heap --enable-source-maps /srv/api/dist/server.js"]
