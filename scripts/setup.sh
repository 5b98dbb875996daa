#!/usr/bin/env bash
# Makes this machine ready to build, test and run Loadline. Safe to run again: every step
# checks before it acts, so a warm run takes seconds.
#
#   bash scripts/setup.sh [--suites all|SUITE,...] [--with-browser] [--skip STEP]... [--only STEP]...
#
# Steps: pnpm (ensure-pnpm.sh), install (pnpm install --frozen-lockfile), k6 (ensure-k6.sh),
# packages (the Debian packages of the platform and of the test suites named by --suites, as
# listed in scripts/lib/suites.sh; then every command they declare must be on PATH), postgres
# (ensure-postgres.sh), redis (ensure-redis.sh). --with-browser is --suites e2e. Prints, per
# part, the Debian packages and tools it installs. Progress goes to stderr; at the end
# DATABASE_URL=... and REDIS_URL=... are printed on stdout.

# Steps are run indirectly (step NAME FUNCTION), which shellcheck cannot follow.
# shellcheck disable=SC2317
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=lib/suites.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/suites.sh"

usage() {
  sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

parts=(platform)
add_suites() {
  local name
  for name in ${1//,/ }; do
    if [[ $name == all ]]; then
      parts+=("${SUITES[@]}")
    else
      suite_known "$name" || die "unknown suite '$name' (suites: ${SUITES[*]})"
      parts+=("$name")
    fi
  done
}
skip=" "
only=" "
while (($#)); do
  case $1 in
    --with-browser) add_suites e2e ;;
    --suites) [[ $# -ge 2 ]] || die "--suites needs suite names"; add_suites "$2"; shift ;;
    --suites=*) add_suites "${1#--suites=}" ;;
    --skip) [[ $# -ge 2 ]] || die "--skip needs a step name"; skip+="$2 "; shift ;;
    --skip=*) skip+="${1#--skip=} " ;;
    --only) [[ $# -ge 2 ]] || die "--only needs a step name"; only+="$2 "; shift ;;
    --only=*) only+="${1#--only=} " ;;
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
  if [[ $skip == *" $name "* ]] || [[ $only != " " && $only != *" $name "* ]]; then
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

# The Debian packages of every part asked for, then a check that each command the parts
# declare is on PATH (a package that no longer ships one fails here, not in a suite).
ensure_packages() {
  local part missing=() cmd
  suite_install "${parts[@]}"
  for part in "${parts[@]}"; do
    while read -r cmd; do
      [[ -n $cmd ]] || continue
      command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd ($part)")
    done < <(suite_commands "$part")
  done
  ((${#missing[@]} == 0)) || die "not on PATH after installing the packages: ${missing[*]}; see scripts/lib/suites.sh"
}

# One line a part: the Debian packages and the tools setup and the suites install for it.
print_parts() {
  local part packages tools
  for part in "${parts[@]}"; do
    packages=$(suite_packages "$part" | paste -sd ' ')
    tools=$(suite_tools "$part" | awk '{ printf "%s%s (%s)", (NR > 1 ? ", " : ""), $1, $2 }')
    log "  $part: debian ${packages:-(none)}; tools ${tools:-(none)}"
  done
}

DATABASE_URL=""
REDIS_URL=""
ensure_postgres() { DATABASE_URL=$(bash "$SCRIPTS/ensure-postgres.sh"); }
ensure_redis() { REDIS_URL=$(bash "$SCRIPTS/ensure-redis.sh"); }

mapfile -t parts < <(printf '%s\n' "${parts[@]}" | awk '!seen[$0]++')
log "installs for: ${parts[*]}"
print_parts
step pnpm run_quiet_stdout "$SCRIPTS/ensure-pnpm.sh"
step install run_in_subshell install_deps
step k6 ensure_k6
step packages ensure_packages
step postgres ensure_postgres
step redis ensure_redis

summary=""
for t in "${timings[@]}"; do summary+="${summary:+, }$t"; done
log "setup done in $(elapsed_since "$setup_start") (${summary:-nothing to do})"
[[ -n $DATABASE_URL ]] && printf 'DATABASE_URL=%s\n' "$DATABASE_URL"
[[ -n $REDIS_URL ]] && printf 'REDIS_URL=%s\n' "$REDIS_URL"
exit 0
