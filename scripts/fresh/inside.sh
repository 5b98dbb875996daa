#!/usr/bin/env bash
# Runs inside the clean root scripts/fresh/check.sh makes: what resolves before setup, the
# setup scripts' package step for every suite, then what must resolve after it.
#
#   bash scripts/fresh/inside.sh CALLS     (CALLS: "command file:line,..." lines, commands.mjs)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# shellcheck source-path=SCRIPTDIR source=../lib/common.sh
source scripts/lib/common.sh
# shellcheck source-path=SCRIPTDIR source=../lib/suites.sh
source scripts/lib/suites.sh
calls=$1

resolves() {
  case $(type -t "$1") in builtin | keyword) return 0 ;; esac
  type -P "$1" >/dev/null 2>&1
}
parts=(platform "${SUITES[@]}")
tools=" $(suite_tools "${parts[@]}" | awk '{ printf "%s ", $1 }')"
not_needed=" $(awk '{ printf "%s ", $1 }' <<<"$SUITE_NOT_NEEDED")"

had=0
while read -r cmd _; do resolves "$cmd" && had=$((had + 1)); done <"$calls"
log "fresh: $had of $(wc -l <"$calls") called commands are on a fresh machine before setup"

# Setup checks the declared commands itself and stops at the first part that lacks one; the
# checks below go on, so that every missing command is named in one go.
missing=0
bash scripts/setup.sh --suites all --only packages >/dev/null || { log "fresh: setup failed in the clean root"; missing=1; }

while read -r cmd where; do
  resolves "$cmd" && continue
  [[ $tools == *" $cmd "* || $not_needed == *" $cmd "* ]] && continue
  log "fresh: MISSING $cmd: called at ${where//,/, } but no setup step installs it"
  missing=$((missing + 1))
done <"$calls"
declared=0
for part in "${parts[@]}"; do
  while read -r cmd why; do
    [[ -n $cmd ]] || continue
    declared=$((declared + 1))
    resolves "$cmd" && continue
    log "fresh: MISSING $cmd, declared by $part ($why), but no setup step installs it"
    missing=$((missing + 1))
  done < <(awk -v part="$part" '$1 == part { $1 = ""; sub(/^ +/, ""); print }' <<<"$SUITE_COMMANDS")
done
log "fresh: after setup: $(wc -l <"$calls") called and $declared declared commands checked; tools built by scripts: ${tools# }"
((missing == 0))
