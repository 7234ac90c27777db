#!/usr/bin/env bash
# Starts Atelier from a package made by `npm run package`: every process the site runs,
# side by side; when one of them ends, the others are stopped and this script exits with
# its status, so the service manager (systemd) restarts the whole site.
#
# Settings come from the environment (systemd's EnvironmentFile=) and, for variables not
# set there, from ./.env next to this script (KEY=value lines, read literally).
set -euo pipefail
here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"

env_file="${ATELIER_ENV_FILE:-$here/.env}"
if [[ -f "$env_file" ]]; then
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    key="${line%%=*}"
    key="${key//[[:space:]]/}"
    value="${line#*=}"
    [[ "$value" =~ ^\"(.*)\"$ || "$value" =~ ^\'(.*)\'$ ]] && value="${BASH_REMATCH[1]}"
    [[ "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    [[ -n "${!key-}" ]] || export "$key=$value"
  done <"$env_file"
fi

export HOST="${HOST:-127.0.0.1}"
export PORT="${PORT:-8090}"
export PB_DATA_DIR="${PB_DATA_DIR:-$here/pb_data}"
export SITE_URL="${SITE_URL:-http://$HOST:$PORT}"
# demo sign-in (demo admin sessions for anyone on this machine) is for `npm start` only
unset DEMO_SIGN_IN
# read by pb_hooks/lib/pages/spa.js: where the built PWA is
export ATELIER_PUBLIC_DIR="$here/pb_public"
# this release's hashed assets are kept for tabs still running it after the next upgrade
# (deploy/previous-assets.mjs; lib/pages/spa.js serves /assets/ misses from there)
export ATELIER_PREVIOUS_ASSETS_DIR="$PB_DATA_DIR/previous-assets"
"$here/node" "$here/previous-assets.mjs" "$here/pb_public" "$ATELIER_PREVIOUS_ASSETS_DIR" || true
# the server renderer (loopback only) writes the HTML of public pages; PocketBase asks it there
export RENDER_PORT="${RENDER_PORT:-$((PORT + 1))}"
# The images' WebP copies: PocketBase hands each original to the renderer in a work folder made
# fresh for this run (mktemp -d: 0700, ours, a name nobody could have made in advance) and
# signs its requests with a secret made for this run; both go away with the site.
export RENDER_SECRET="$(head -c 32 /dev/urandom | base64 | tr -d '\n=+/')"
IMAGE_WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/atelier-images-XXXXXXXXXX")"
export IMAGE_WORK_DIR

pb_flags=(
  "--dir=$PB_DATA_DIR"
  "--hooksDir=$here/pb_hooks"
  "--migrationsDir=$here/pb_migrations"
  "--publicDir=$here/pb_public"
  --automigrate=false
  --dev=false
)

# Migrations run when PocketBase starts; the superuser is (re)set from env when both are given.
if [[ -n "${ADMIN_EMAIL:-}" && -n "${ADMIN_PASSWORD:-}" ]]; then
  "$here/pocketbase" superuser upsert "$ADMIN_EMAIL" "$ADMIN_PASSWORD" "${pb_flags[@]}" >/dev/null
fi

# PocketBase serves HTTPS itself when given domain names (ATELIER_HTTPS_DOMAINS, space-separated):
# it listens on :443 and :80 and gets Let's Encrypt certificates; otherwise plain HTTP on HOST:PORT.
if [[ -n "${ATELIER_HTTPS_DOMAINS:-}" ]]; then
  # shellcheck disable=SC2206
  listen=(--https=0.0.0.0:443 --http=0.0.0.0:80 $ATELIER_HTTPS_DOMAINS)
else
  listen=(--http="$HOST:$PORT")
fi

pids=()
run() {
  "$@" &
  pids+=("$!")
}
stop_all() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
}
trap 'rm -rf -- "$IMAGE_WORK_DIR"' EXIT
stopping=0
trap 'stopping=1; stop_all' TERM INT

# The site's processes, with the same environment. The renderer reads the public pages' data
# from PocketBase: on loopback over plain HTTP, or at the public origin when PocketBase serves
# HTTPS itself (its plain-HTTP port then only redirects).
if [[ -n "${ATELIER_HTTPS_DOMAINS:-}" ]]; then
  render_pb_url="$SITE_URL"
elif [[ "$HOST" == "0.0.0.0" || "$HOST" == "::" ]]; then
  render_pb_url="http://127.0.0.1:$PORT"
else
  render_pb_url="http://$HOST:$PORT"
fi
PB_URL="$render_pb_url" NODE_ENV=production run "$here/node" "$here/renderer/render-server.mjs"
# hook VMs prewarmed for a print drop's crowd (README, "Print drops"; the same default as npm
# start, scripts/lib/env.mjs DROP_HOOKS_POOL): about 0.7 GB; lower PB_HOOKS_POOL on a small server
run "$here/pocketbase" serve "${listen[@]}" "${pb_flags[@]}" "--hooksPool=${PB_HOOKS_POOL:-2500}"

# the first process to end ends the site (a stop request ends it cleanly)
status=0
wait -n || status=$?
stop_all
wait || true
if ((stopping)); then status=0; fi
exit "$status"
