#!/usr/bin/env bash
# Makes this machine ready to build, test and run Loadline. Safe to run again: every step
# checks before it acts, so a warm run takes seconds.
#
#   bash scripts/setup.sh [--with-browser] [--skip STEP]...
#
# Steps: pnpm (ensure-pnpm.sh), install (pnpm install --frozen-lockfile), k6 (ensure-k6.sh),
# postgres (ensure-postgres.sh), redis (ensure-redis.sh), and with --with-browser: chromium
# (ensure-chromium.sh). Progress goes to stderr; at the end DATABASE_URL=... and REDIS_URL=...
# are printed on stdout.

# Steps are run indirectly (step NAME FUNCTION), which shellcheck cannot follow.
# shellcheck disable=SC2317
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

usage() {
  sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

with_browser=0
skip=" "
while (($#)); do
  case $1 in
    --with-browser) with_browser=1 ;;
    --skip) [[ $# -ge 2 ]] || die "--skip needs a step name"; skip+="$2 "; shift ;;
    --skip=*) skip+="${1#--skip=} " ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
  shift
done

cd "$REPO_ROOT"
SCRIPTS=$REPO_ROOT/scripts

timings=()
current=""
setup_start=$(now_ms)
on_exit() {
  local rc=$?
  if ((rc != 0)) && [[ -n $current ]]; then
    log "setup failed at step '$current' (after $(elapsed_since "$setup_start")); fix the error above and run it again"
  fi
}
trap on_exit EXIT

# step NAME COMMAND...: runs one step and records its time.
step() {
  local name=$1 start
  shift
  if [[ $skip == *" $name "* ]]; then
    log "$name: skipped"
    return 0
  fi
  current=$name
  start=$(now_ms)
  "$@"
  timings+=("$name $(elapsed_since "$start")")
  current=""
}

install_deps() {
  take_lock pnpm-install "$TOOLS_DIR"
  if [[ -f pnpm-lock.yaml ]]; then
    quietly pnpm-install pnpm install --frozen-lockfile --config.confirmModulesPurge=false ||
      die "pnpm install --frozen-lockfile failed; if package.json changed, run 'pnpm install' and commit pnpm-lock.yaml"
    log "dependencies installed (pnpm install --frozen-lockfile)"
  else
    quietly pnpm-install pnpm install --config.confirmModulesPurge=false ||
      die "pnpm install failed (full log: $LOG_DIR/pnpm-install.log)"
    log "dependencies installed (pnpm install; no pnpm-lock.yaml yet)"
  fi
}

# Steps' own output goes to stderr; stdout is kept for the URLs printed at the end.
run_quiet_stdout() { bash "$@" >&2; }

# The lock taken inside is released when the subshell exits.
run_in_subshell() { ("$@"); }

ensure_k6() {
  [[ -f $SCRIPTS/ensure-k6.sh ]] || die "scripts/ensure-k6.sh is missing (it builds .tools/bin/k6)"
  bash "$SCRIPTS/ensure-k6.sh" >&2
}

# The runner starts every k6 in a bubblewrap sandbox (apps/runner/src/sandbox.ts); prlimit and
# setpriv come with util-linux.
ensure_sandbox() {
  command -v bwrap >/dev/null 2>&1 || apt_install bubblewrap
  command -v bwrap >/dev/null 2>&1 || die "bwrap not on PATH after installing bubblewrap"
}

DATABASE_URL=""
REDIS_URL=""
ensure_postgres() { DATABASE_URL=$(bash "$SCRIPTS/ensure-postgres.sh"); }
ensure_redis() { REDIS_URL=$(bash "$SCRIPTS/ensure-redis.sh"); }

step pnpm run_quiet_stdout "$SCRIPTS/ensure-pnpm.sh"
step install run_in_subshell install_deps
step k6 ensure_k6
step sandbox ensure_sandbox
step postgres ensure_postgres
step redis ensure_redis
if ((with_browser)); then
  step chromium run_quiet_stdout "$SCRIPTS/ensure-chromium.sh"
fi

summary=""
for t in "${timings[@]}"; do summary+="${summary:+, }$t"; done
log "setup done in $(elapsed_since "$setup_start") (${summary:-nothing to do})"
[[ -n $DATABASE_URL ]] && printf 'DATABASE_URL=%s\n' "$DATABASE_URL"
[[ -n $REDIS_URL ]] && printf 'REDIS_URL=%s\n' "$REDIS_URL"
exit 0
