#!/usr/bin/env bash
# The images suite (`bash scripts/test.sh images`): builds the images, renders the Helm chart
# (infra/helm/loadline) for them and plays what it rendered with `podman kube play` against
# this machine's PostgreSQL and Redis (DATABASE_URL, REDIS_URL on 127.0.0.1; a fresh database
# and queue prefix of its own): the migrations Job, the API and TWO runner replicas, with the
# chart's own images, commands, env (Secrets, fieldRefs), security contexts and mounts. Then
# it asks every probe the chart declares and drives one 2-segment plan end to end through the
# pods (scripts/images/e2e.mjs).
#
# scripts/images/kube.mjs turns the rendered chart into what podman 4.3 can play and says what
# it changes (Jobs and replicas become Pods, host network, loopback listen addresses, ports of
# the second replica); docs/images.md has why.
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
release="llimg$id"
work=$(mktemp -d)
plan=$work/plan.json
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
plan_list() { [[ -s $plan ]] && jq -r "$1" "$plan"; }

cleanup() {
  local c
  if [[ ${LOADLINE_IMAGES_KEEP_LOGS:-0} == 1 || ${failed:-1} == 1 ]]; then
    for c in $(plan_list '.steps[].containers[]'); do
      log "images: last log lines of $c"
      podman logs --tail 20 "$c" 2>&1 | sed 's/^/    /' >&2
    done
  fi
  for c in $(plan_list '.steps[].pod'); do podman pod rm -f -t 5 "$c" >/dev/null 2>&1; done
  for c in $(plan_list '.steps[].volumes[]'); do podman volume rm -f "$c" >/dev/null 2>&1; done
  for c in $(plan_list '.secrets[].name'); do podman secret rm "$c" >/dev/null 2>&1; done
  rm -rf "$work"
  psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1
  redis-cli --no-auth-warning -u "$REDIS_URL" --scan --pattern "$prefix:*" | xargs -r redis-cli --no-auth-warning -u "$REDIS_URL" del >/dev/null 2>&1
}
trap cleanup EXIT
failed=1

start=$(now_ms)
node --test scripts/images/kube.test.mjs >"$work/kube-test.log" 2>&1 ||
  { cat "$work/kube-test.log" >&2; die "images: scripts/images/kube.test.mjs failed"; }
mapfile -t images < <(bash scripts/images/build.sh) || die "images: build failed"
((${#images[@]} == 3)) || die "images: build.sh printed ${#images[*]} images, expected 3"
api_image=${images[0]} runner_image=${images[2]}
log "images: built in $(elapsed_since "$start")"
bash scripts/ensure-helm.sh >&2 || die "images: helm is missing"

psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" || die "images: cannot create $db"

# The chart's values for this machine: the images just built (never pulled), PostgreSQL and
# Redis on loopback, loopback targets allowed, one API and two runner replicas on free ports.
api_port=$(free_port)
api_metrics_port=$(free_port)
runner_key=$(head -c 32 /dev/urandom | base64)
redis_password=$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).password))' "$REDIS_URL")
cat >"$work/values.yaml" <<VALUES
queuePrefix: $prefix
image: { pullPolicy: Never }
database: { url: "$db_url" }
redis: { url: "$REDIS_URL" }
secretKey: { value: "$(head -c 32 /dev/urandom | base64)" }
runnerKey: { value: "$runner_key" }
targets: { allowedNetworks: [127.0.0.0/8] }
api:
  image: { repository: "${api_image%:*}", tag: "${api_image##*:}" }
  replicas: 1
  port: $api_port
  metricsPort: $api_metrics_port
runner:
  image: { repository: "${runner_image%:*}", tag: "${runner_image##*:}" }
  replicas: 2
  httpPort: $(free_port)
VALUES
"$TOOLS_DIR/bin/helm" template "$release" infra/helm/loadline -f "$work/values.yaml" >"$work/rendered.yaml" ||
  die "images: helm template failed"
node scripts/images/kube.mjs "$work/rendered.yaml" "$work/pods" --free-ports "$(free_port)" >"$plan" ||
  die "images: cannot turn the rendered chart into pods"
jq -r '.skipped[] | "images: not played here: \(.kind)/\(.name) (\(.why))"' "$plan" | while read -r line; do log "$line"; done

while read -r name file; do
  podman secret create "$name" "$file" >/dev/null || die "images: podman secret create $name failed"
done < <(jq -r '.secrets[] | "\(.name) \(.file)"' "$plan")

# play KIND POD FILE: podman kube play; a job's or a test's containers must then exit 0
# (within 300 s), and a test's output is shown.
play() {
  local kind=$1 pod=$2 file=$3 c code
  log "images: podman kube play $pod ($kind)"
  podman kube play "$file" >/dev/null || die "images: podman kube play $file failed"
  [[ $kind == deployment ]] && return 0
  for c in $(jq -r --arg pod "$pod" '.steps[] | select(.pod == $pod) | .containers[]' "$plan"); do
    code=$(timeout 300 podman wait "$c") || die "images: $c did not finish within 300 s"
    [[ $kind == test ]] && podman logs "$c" 2>&1 | head -c 300 | sed 's/^/    /' >&2
    [[ $code == 0 ]] || die "images: $kind container $c exited $code"
  done
}

# Helm hooks first (the migrations Job runs to completion), then the Deployments' pods.
while read -r kind pod file; do
  play "$kind" "$pod" "$file"
done < <(jq -r '.steps[] | select(.kind != "test") | "\(.kind) \(.pod) \(.file)"' "$plan")

LOADLINE_IMAGES_API="http://127.0.0.1:$api_port" LOADLINE_IMAGES_API_METRICS="http://127.0.0.1:$api_metrics_port" \
  LOADLINE_IMAGES_RUNNERS="$(jq -r '[.steps[] | select(.pod | test("-runner-[0-9]+$")) | .pod] | join(",")' "$plan")" \
  LOADLINE_IMAGES_PROBES="$(jq -r '[.steps[].probes[].url] | join(",")' "$plan")" \
  LOADLINE_IMAGES_SECRETS="$redis_password,$runner_key" \
  node scripts/images/e2e.mjs || exit 1

# `helm test`: the chart's test Pods (the API ready through its Service) must exit 0.
while read -r kind pod file; do
  play "$kind" "$pod" "$file"
done < <(jq -r '.steps[] | select(.kind == "test") | "\(.kind) \(.pod) \(.file)"' "$plan")

# The web build is served by the API container.
curl -fsS "http://127.0.0.1:$api_port/" | grep -qi '<div id="root"' || die "images: the API does not serve the web app at /"

for image in "$api_image" "$runner_image"; do
  log "images: $image $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"
done
failed=0
log "images: passed in $(elapsed_since "$start")"
