#!/usr/bin/env bash
# Runs every test on this machine, installing and starting what they need first (pnpm, k6,
# PostgreSQL, Redis, Chromium, helm). This is what CI runs (.ci/run).
#
#   bash scripts/test.sh                 # every suite
#   bash scripts/test.sh build e2e       # only these suites (names as printed), e.g. while iterating
#
# Suites, in order: fresh, build, lint, unit+integration, migrations, bench-figures, k6-extension, helm-chart,
# e2e, fuzz, images (scripts/lib/suites.sh lists them with what each installs).
#
# Suites: lint + typecheck; unit and integration tests of every package (real PostgreSQL,
# Redis and k6; each test file has its own database and queue prefix); the migration tool;
# the k6 output extension (go test); the Helm chart (lint + template); the browser end-to-end
# test against a real stack on its own port, database and queue prefix; the container images
# (built with podman, the platform run from them: docs/images.md); and first, the fresh-machine
# guard: in a clean Debian root, the setup scripts install every command a suite calls
# (scripts/fresh/check.sh, docs/development.md).
set -uo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=lib/suites.sh
source "$REPO_ROOT/scripts/lib/suites.sh"
# shellcheck source-path=SCRIPTDIR source=lib/stack.sh
source "$REPO_ROOT/scripts/lib/stack.sh"
cd "$REPO_ROOT"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

wanted=("$@")
for name in "${wanted[@]}"; do suite_known "$name" || die "unknown suite '$name' (suites: ${SUITES[*]})"; done
started=$(now_ms)
suites_arg=all
((${#wanted[@]})) && suites_arg=$(IFS=,; echo "${wanted[*]}")
setup_output=$(bash scripts/setup.sh --suites "$suites_arg") || die "setup failed"
eval "$(grep -E '^(DATABASE_URL|REDIS_URL)=' <<<"$setup_output")"
export REDIS_URL
export PATH="$TOOLS_DIR/bin:$PATH"

passed=()
failed=()
# suite NAME COMMAND...: runs one suite with its output shown, and records the result.
suite() {
  local name=$1 start
  shift
  if ((${#wanted[@]})) && [[ " ${wanted[*]} " != *" $name "* ]]; then return 0; fi
  start=$(now_ms)
  log "── $name"
  if "$@"; then
    passed+=("$name")
    log "── $name: passed ($(elapsed_since "$start"))"
  else
    failed+=("$name")
    log "── $name: FAILED ($(elapsed_since "$start"))"
  fi
}

e2e() {
  local run_dir=$REPO_ROOT/.run/e2e port=${LOADLINE_E2E_PORT:-18080} db=loadline_e2e_$$ rc=0
  local admin=${DATABASE_URL%/*}
  local e2e_url="$admin/$db"
  psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" || return 1
  DATABASE_URL=$e2e_url node scripts/db/migrate.mjs deploy >/dev/null || return 1
  # automation.spec.ts watches a schedule fire every 10 s; installations allow once a minute.
  # trusted-proxy.spec.ts puts a proxy on 127.0.0.1 in front of the API (its clients and an
  # untrusted caller connect from other 127.x addresses); the limits stay the defaults.
  LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS=10 LOADLINE_TRUSTED_PROXIES=127.0.0.1/32 start_platform "$run_dir" "$port" "$e2e_url" "$REDIS_URL" "lle2e$$" || {
    stop_platform "$run_dir"
    return 1
  }
  LOADLINE_E2E_BASE_URL="http://127.0.0.1:$port" pnpm --filter @loadline/e2e test || rc=$?
  stop_platform "$run_dir"
  psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true
  redis-cli --no-auth-warning -u "$REDIS_URL" --scan --pattern "lle2e$$:*" | xargs -r redis-cli --no-auth-warning -u "$REDIS_URL" del >/dev/null || true
  return "$rc"
}

suite fresh bash scripts/fresh/check.sh
suite build pnpm build
suite lint bash -c 'pnpm lint && pnpm format:check && node scripts/arch/api-imports.mjs'
suite unit+integration pnpm test
suite migrations node --test scripts/db/
# The benchmark's own arithmetic (figures and reports): pure, no platform needed.
suite bench-figures node --test scripts/bench/lib/
suite k6-extension bash -c 'cd apps/runner/k6-extension && PATH=$PATH:/usr/local/go/bin go test ./...'
suite helm-chart bash -c 'bash scripts/ensure-helm.sh >&2 && bash infra/helm/test.sh'
suite e2e e2e
suite fuzz env DATABASE_URL="$DATABASE_URL" REDIS_URL="$REDIS_URL" bash scripts/fuzz.sh
suite images env DATABASE_URL="$DATABASE_URL" REDIS_URL="$REDIS_URL" bash scripts/images/test.sh

log "all suites done in $(elapsed_since "$started")"
((${#failed[@]})) && log "failed: ${failed[*]}"
# The closing line CI reads.
echo "suites: ${#passed[@]} passed, ${#failed[@]} failed"
((${#failed[@]} == 0))
