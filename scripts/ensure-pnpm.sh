#!/usr/bin/env bash
# Makes sure pnpm of the version pinned in package.json ("packageManager") is on PATH.
# A pnpm of the same major version is accepted as is; otherwise npm installs the pinned one
# globally. Corepack is deliberately not used: its signing keys are stale on Node 20.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

command -v node >/dev/null 2>&1 || die "node is not installed; install Node.js 20.19+ first"
command -v npm >/dev/null 2>&1 || die "npm is not installed; install Node.js (with npm) first"

want=$(sed -n 's/.*"packageManager": *"pnpm@\([0-9][0-9.]*\)".*/\1/p' "$REPO_ROOT/package.json")
[[ -n $want ]] || die "package.json has no \"packageManager\": \"pnpm@X.Y.Z\" entry"
want_major=${want%%.*}

have=""
if command -v pnpm >/dev/null 2>&1; then
  have=$(pnpm --version 2>/dev/null || true)
fi

if [[ -n $have && ${have%%.*} == "$want_major" ]]; then
  log "pnpm $have ok"
  exit 0
fi

log "installing pnpm $want with npm (found: ${have:-none})"
quietly npm-install-pnpm as_root npm install -g --no-fund --no-audit --loglevel=error "pnpm@$want" ||
  die "npm install -g pnpm@$want failed; check that the npm registry is reachable"
hash -r
have=$(pnpm --version 2>/dev/null || true)
[[ ${have%%.*} == "$want_major" ]] ||
  die "pnpm $want was installed but '$(command -v pnpm || echo pnpm)' reports '${have:-nothing}'; another pnpm (corepack shim?) comes first on PATH"
log "pnpm $have installed"
