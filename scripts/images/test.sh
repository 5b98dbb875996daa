#!/usr/bin/env bash
# The images suite (`bash scripts/test.sh images`): builds the images, then runs the platform
# from them as containers against this machine's PostgreSQL and Redis (DATABASE_URL,
# REDIS_URL on 127.0.0.1; a fresh database and queue prefix of its own), and drives one
# 2-segment plan end to end through them (scripts/images/e2e.mjs).
#
# Containers: the migrations job, the API and TWO runners, each with the chart's command,
# environment and restrictions (infra/helm/loadline: uid 10001, read-only root filesystem,
# all capabilities dropped, no privilege escalation, a writable /tmp only, runners with
# LOADLINE_SANDBOX=container and no database URL). `--network host` reaches the host's
# loopback; the API and metrics listen on 127.0.0.1 instead of the chart's 0.0.0.0 so that
# nothing is exposed beyond this machine. Why `podman kube play` is not used on the rendered
# chart: docs/images.md.
set -uo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$REPO_ROOT"

: "${DATABASE_URL:?DATABASE_URL is required (scripts/test.sh sets it)}"
: "${REDIS_URL:?REDIS_URL is required (scripts/test.sh sets it)}"

id=$$
db=loadline_images_$id
db_url="${DATABASE_URL%/*}/$db"
prefix="llimg$id"
containers=()
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

cleanup() {
  local c
  for c in "${containers[@]}"; do
    if [[ ${LOADLINE_IMAGES_KEEP_LOGS:-0} == 1 || ${failed:-1} == 1 ]]; then
      log "images: last log lines of $c"
      podman logs --tail 20 "$c" 2>&1 | sed 's/^/    /' >&2
    fi
    podman rm -f -t 5 "$c" >/dev/null 2>&1
  done
  psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1
  redis-cli --no-auth-warning -u "$REDIS_URL" --scan --pattern "$prefix:*" | xargs -r redis-cli --no-auth-warning -u "$REDIS_URL" del >/dev/null 2>&1
}
trap cleanup EXIT
failed=1

start=$(now_ms)
mapfile -t images < <(bash scripts/images/build.sh) || die "images: build failed"
((${#images[@]} == 3)) || die "images: build.sh printed ${#images[*]} images, expected 3"
api_image=${images[0]} migrations_image=${images[1]} runner_image=${images[2]}
log "images: built in $(elapsed_since "$start")"

# What the chart's securityContext and podSecurityContext impose, in podman's words.
restricted=(--network host --user 10001:10001 --read-only --read-only-tmpfs=false --tmpfs /tmp:rw,size=256m,mode=1777
  --cap-drop all --security-opt no-new-privileges --env NODE_ENV=production)

psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" || die "images: cannot create $db"

# The chart's migrations Job: its image, its command (values.yaml migrations.command).
log "images: migrations"
podman run --rm --name "llimg-migrations-$id" "${restricted[@]}" --env DATABASE_URL="$db_url" \
  "$migrations_image" node scripts/db/migrate.mjs deploy >&2 || die "images: migrations failed"

secret_key=$(head -c 32 /dev/urandom | base64)
runner_key=$(head -c 32 /dev/urandom | base64)
api_port=$(free_port)
shared_env=(--env LOG_LEVEL=info --env LOADLINE_QUEUE_PREFIX="$prefix" --env REDIS_URL="$REDIS_URL" --env LOADLINE_RUNNER_KEY="$runner_key")

log "images: API on 127.0.0.1:$api_port"
containers+=("llimg-api-$id")
podman run -d --name "llimg-api-$id" "${restricted[@]}" "${shared_env[@]}" \
  --env LOADLINE_PORT="$api_port" --env LOADLINE_HOST=127.0.0.1 \
  --env LOADLINE_METRICS_PORT="$(free_port)" --env LOADLINE_METRICS_HOST=127.0.0.1 \
  --env LOADLINE_MAX_RUNNERS=2 --env LOADLINE_TRUST_PROXY=false --env LOADLINE_CORS_ORIGINS= \
  --env DATABASE_URL="$db_url" --env LOADLINE_SECRET_KEY="$secret_key" \
  --env LOADLINE_ALLOWED_NETWORKS=127.0.0.0/8 \
  "$api_image" >/dev/null || die "images: API container did not start"

runner_ids=()
for n in 1 2; do
  runner_ids+=("llimg-runner$n-$id")
  containers+=("llimg-runner$n-$id")
  # The chart sets LOADLINE_RUNNER_ID to the pod's name, and LOADLINE_SANDBOX=container.
  podman run -d --name "llimg-runner$n-$id" "${restricted[@]}" "${shared_env[@]}" \
    --env LOADLINE_RUNNER_ID="llimg-runner$n-$id" --env LOADLINE_SANDBOX=container \
    --env LOADLINE_RUNNER_HTTP_PORT="$(free_port)" --env LOADLINE_RUNNER_HTTP_HOST=127.0.0.1 \
    "$runner_image" >/dev/null || die "images: runner $n container did not start"
done

LOADLINE_IMAGES_API="http://127.0.0.1:$api_port" LOADLINE_IMAGES_RUNNERS="$(
  IFS=,
  echo "${runner_ids[*]}"
)" node scripts/images/e2e.mjs || exit 1

# The web build is served by the API container.
curl -fsS "http://127.0.0.1:$api_port/" | grep -qi '<div id="root"' || die "images: the API does not serve the web app at /"

for image in "$api_image" "$runner_image"; do
  log "images: $image $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"
done
failed=0
log "images: passed in $(elapsed_since "$start")"
