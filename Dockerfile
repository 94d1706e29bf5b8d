# syntax=docker/dockerfile:1
#
# The Havyaka server image: one binary (REST, auth, storage, push and the web app) on a slim
# Debian runtime. Build with `docker build -t havyaka-server .` or through compose.yaml.
# Written and checked by reading: Docker does not run on the development machine.

# ---- 1. the server binary --------------------------------------------------------------------
FROM rust:1-bookworm AS builder
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config libssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /build
COPY Cargo.toml Cargo.lock rustfmt.toml clippy.toml ./
COPY server/ server/
# The workspace's other member (the app's tests): cargo reads its manifest.
COPY app-tests/ app-tests/
# server/build.rs embeds the platform's server/migrations/*.sql and a copy of the app's
# migrations/*.sql, functions/*.sql, policies/*.sql and seed/ (its *.sql and seed.toml) at
# compile time (the image has no app folders at run time, so the server uses that copy): every
# folder must be in place before `cargo build`. `policie[s]` and `function[s]` are wildcards so
# that the build still works while a folder is empty (git does not keep empty folders;
# BuildKit accepts a wildcard that matches nothing, and build.rs treats a missing folder as
# empty).
COPY migrations/ migrations/
COPY function[s] functions/
COPY policie[s] policies/
COPY seed/ seed/
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    cargo build --release --locked -p server \
 && test -x target/release/server

# ---- 2. the web app (only once client/package.json exists) -----------------------------------
FROM node:20-bookworm-slim AS client
WORKDIR /src
# The whole context (minus .dockerignore), so this stage works whether or not client/ and
# sdk-ts/ exist yet. Without a client it produces an empty /src/client/dist.
COPY . /src
RUN set -eu; \
    install_deps() { if [ -f package-lock.json ]; then npm ci; else npm install; fi; }; \
    if [ -f client/package.json ]; then \
      if [ -f sdk-ts/package.json ]; then \
        (cd sdk-ts && install_deps && npm run build --if-present); \
      fi; \
      (cd client && install_deps && npm run build); \
    else \
      mkdir -p client/dist; \
    fi

# ---- 3. the runtime -------------------------------------------------------------------------
# No PostgreSQL in this image: DATABASE_URL must point at a real PostgreSQL. (The embedded
# default, DATABASE_URL unset, needs initdb/postgres and is for `make run`, not for this image.)
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
# postgresql-client: pg_dump and pg_restore for backups and restores (15, the major version
# of compose.yaml's PostgreSQL; pg_dump must be at least as new as the server).
 && apt-get install -y --no-install-recommends ca-certificates libssl3 postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --home-dir /app --no-create-home --shell /usr/sbin/nologin app \
 && mkdir -p /app/data /app/client \
 && chown -R app:app /app
WORKDIR /app
COPY --from=builder /build/target/release/server /usr/local/bin/server
COPY --from=client /src/client/dist /app/client/dist
# The app's mail and SMS wording (read at each send; the server falls back to generic words).
COPY templates/ /app/templates/
ENV HOST=0.0.0.0 \
    SITE_NAME="Havyaka Community" \
    PASSWORD_SITE_WORDS=havyaka,havyak,havyakas,havyakatrust \
    PORT=8080 \
    DATA_DIR=/app/data \
    CLIENT_DIR=/app/client/dist \
    LOG_FORMAT=json \
    SITE_NAME="Havyaka Community"
EXPOSE 8080
# No HEALTHCHECK: the image carries no curl or wget. The orchestrator (or the reverse proxy, as
# deploy/Caddyfile does) should probe `GET /ready` on port 8080: 200 once the database answers
# and is migrated, 503 while starting or draining. `GET /health` only says the process is alive.
USER app
ENTRYPOINT ["server"]
CMD ["serve"]
