#!/usr/bin/env bash
# Makes sure .tools/bin/shfmt (mvdan.cc/sh, pinned below) exists: the fresh-machine guard reads
# the shell scripts' syntax trees with it (scripts/fresh/commands.mjs). Not in Debian bookworm
# at a version with --to-json, so it is built from the Go module proxy (about 20 s cold).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

SHFMT_VERSION=v3.10.0
SHFMT=$TOOLS_DIR/bin/shfmt

if [[ -x $SHFMT && "$("$SHFMT" --version 2>/dev/null)" == "$SHFMT_VERSION" ]]; then
  log "shfmt $SHFMT_VERSION ok ($SHFMT)"
  exit 0
fi
command -v go >/dev/null 2>&1 || die "go is not installed (looked in PATH and /usr/local/go/bin); install Go to build shfmt"
log "building shfmt $SHFMT_VERSION with go install"
mkdir -p "$TOOLS_DIR/bin"
quietly go-install-shfmt env GOBIN="$TOOLS_DIR/bin" CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
  go install "mvdan.cc/sh/v3/cmd/shfmt@$SHFMT_VERSION" ||
  die "go install mvdan.cc/sh/v3/cmd/shfmt@$SHFMT_VERSION failed; check that the Go module proxy is reachable"
[[ "$("$SHFMT" --version 2>/dev/null)" == "$SHFMT_VERSION" ]] || die "built $SHFMT but it does not report $SHFMT_VERSION"
log "shfmt $SHFMT_VERSION built ($SHFMT)"
