#!/usr/bin/env bash
# Brings the whole platform up on this machine: toolchain, PostgreSQL and Redis on loopback,
# migrations, build, api + runners (+ the web app the api serves), a demo target on loopback,
# and a demo organization with a demo target and plan. Prints where to open it.
#
#   bash scripts/up.sh                      (again: restarts the processes; data is kept)
#   LOADLINE_RUNNERS=3 bash scripts/up.sh   (three runners: plans of up to 3 segments)
#   bash scripts/down.sh                    (stops the processes)
#
# Env: LOADLINE_PORT (8080), LOADLINE_DEMO_PORT (8081), LOADLINE_RUNNERS (1: runner
# processes, one k6 each; a plan split into N segments needs N of them at once),
# LOADLINE_MAX_RUNNERS (the api's ceiling; default LOADLINE_RUNNERS, empty: none).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=lib/stack.sh
source "$REPO_ROOT/scripts/lib/stack.sh"
cd "$REPO_ROOT"

started=$(now_ms)
PORT=${LOADLINE_PORT:-8080}
DEMO_PORT=${LOADLINE_DEMO_PORT:-8081}
RUNNERS=${LOADLINE_RUNNERS:-1}
[[ $RUNNERS =~ ^[1-9][0-9]*$ ]] || die "LOADLINE_RUNNERS must be a whole number from 1, not '$RUNNERS'"
RUN_DIR=$REPO_ROOT/.run
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

eval "$(bash scripts/setup.sh | grep -E '^(DATABASE_URL|REDIS_URL)=')"
export PATH="$TOOLS_DIR/bin:$PATH"

log "building (pnpm build)"
quietly build pnpm build
log "applying database migrations"
quietly migrate env DATABASE_URL="$DATABASE_URL" node scripts/db/migrate.mjs deploy

if curl -fsS "http://127.0.0.1:$PORT/api/v1/health" >/dev/null 2>&1 && [[ ! -f $RUN_DIR/api.pid ]]; then
  die "port $PORT is taken by another process; set LOADLINE_PORT to another port"
fi

# The demo target serves its verification value from this file, which the seed below writes.
DEMO_VERIFICATION_FILE=$RUN_DIR/demo-verification.txt
start_service "$RUN_DIR" demo env LOADLINE_DEMO_PORT="$DEMO_PORT" LOADLINE_DEMO_VERIFICATION_FILE="$DEMO_VERIFICATION_FILE" node scripts/demo/demo-server.mjs
cores=$(nproc 2>/dev/null || echo 1)
if ((RUNNERS > cores)); then
  log "note: $RUNNERS runners on $cores cores share the CPU; split runs may report GENERATOR_SATURATED"
fi
# The platform's own metrics, on loopback: the API's on 9464, runner i's on 9465 + i - 1
# (LOADLINE_METRICS_PORT, LOADLINE_RUNNER_HTTP_PORT move them; 0 turns them off). A port that
# another process holds turns that metrics endpoint off rather than failing the start.
stop_platform "$RUN_DIR"
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
export LOADLINE_METRICS_PORT=${LOADLINE_METRICS_PORT:-9464} LOADLINE_RUNNER_HTTP_PORT=${LOADLINE_RUNNER_HTTP_PORT:-9465}
if ((LOADLINE_METRICS_PORT > 0)) && port_taken "$LOADLINE_METRICS_PORT"; then
  log "note: port $LOADLINE_METRICS_PORT is taken; the API's metrics are off (set LOADLINE_METRICS_PORT to another port)"
  LOADLINE_METRICS_PORT=0
fi
for ((i = 0; i < RUNNERS && LOADLINE_RUNNER_HTTP_PORT > 0; i++)); do
  if port_taken $((LOADLINE_RUNNER_HTTP_PORT + i)); then
    log "note: port $((LOADLINE_RUNNER_HTTP_PORT + i)) is taken; the runners' health and metrics ports are off (set LOADLINE_RUNNER_HTTP_PORT)"
    LOADLINE_RUNNER_HTTP_PORT=0
  fi
done

log "starting api and $RUNNERS runner$( ((RUNNERS == 1)) || echo s)"
start_platform "$RUN_DIR" "$PORT" "$DATABASE_URL" "$REDIS_URL" loadline "$RUNNERS" ||
  die "the platform did not become healthy; logs are in $RUN_DIR"

credentials=$(LOADLINE_URL="http://127.0.0.1:$PORT" LOADLINE_DEMO_TARGET="http://127.0.0.1:$DEMO_PORT" LOADLINE_DEMO_VERIFICATION_FILE="$DEMO_VERIFICATION_FILE" node scripts/demo/seed.mjs) ||
  die "could not create the demo organization"
email=$(node -e "console.log(JSON.parse(process.argv[1]).email)" "$credentials")
password=$(node -e "console.log(JSON.parse(process.argv[1]).password)" "$credentials")
demo_verified=$(node -e "console.log(JSON.parse(process.argv[1]).verified ? 'verified, so it may run above the unverified limits' : 'not verified: see its target page')" "$credentials")
if ((RUNNERS == 1)); then
  runner_logs=runner-1 runners_line="1 (runner-loadline-1): plans of 1 segment"
else
  runner_logs="runner-{1..$RUNNERS}" runners_line="$RUNNERS (runner-loadline-1..$RUNNERS): plans of up to $RUNNERS segments"
fi

metrics=()
((LOADLINE_METRICS_PORT > 0)) && metrics+=("http://127.0.0.1:$LOADLINE_METRICS_PORT/metrics (API)")
((LOADLINE_RUNNER_HTTP_PORT > 0)) && metrics+=("http://127.0.0.1:$LOADLINE_RUNNER_HTTP_PORT/metrics (runner-1$( ((RUNNERS == 1)) || echo "; the others on the next ports"))")
metrics_line=$( ((${#metrics[@]})) && printf '%s, ' "${metrics[@]}" | sed 's/, $//' || echo off)

cat <<MSG

  Loadline is up ($(elapsed_since "$started")).

    Open        http://127.0.0.1:$PORT
    Log in as   $email / $password
    API docs    http://127.0.0.1:$PORT/api/docs
    Health      http://127.0.0.1:$PORT/api/v1/health
    Metrics     $metrics_line
    Demo target http://127.0.0.1:$DEMO_PORT (plan "Demo baseline"; $demo_verified)
    Runners     $runners_line
                more: LOADLINE_RUNNERS=N bash scripts/up.sh (one k6 each; N segments need N runners)
    Logs        $RUN_DIR/{api,$runner_logs,demo}.log
    Stop        bash scripts/down.sh

MSG
