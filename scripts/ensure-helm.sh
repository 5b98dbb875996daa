#!/usr/bin/env bash
# Makes sure .tools/bin/helm (Helm v3, pinned below) exists. Helm is not in Debian's or npm's
# registries as a binary, so it is built from the Go module proxy (about 2 minutes cold, with
# module downloads; cached afterwards). Needs Go (/usr/local/go/bin on these machines).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

HELM_VERSION=${LOADLINE_HELM_VERSION:-v3.22.0}
HELM=$TOOLS_DIR/bin/helm

if [[ -x $HELM ]]; then
  have=$("$HELM" version --template '{{.Version}}' 2>/dev/null || true)
  if [[ $have == "$HELM_VERSION" ]]; then
    log "helm $have ok ($HELM)"
    exit 0
  fi
  log "helm at $HELM is '${have:-unknown}', want $HELM_VERSION: rebuilding"
fi

command -v go >/dev/null 2>&1 ||
  die "go is not installed (looked in PATH and /usr/local/go/bin); install Go 1.24+ to build helm"

log "building helm $HELM_VERSION with go install (about 2 minutes the first time)"
start=$(now_ms)
mkdir -p "$TOOLS_DIR/bin"
# The version is stamped in with -ldflags, as Helm's own release build does.
quietly go-install-helm env GOBIN="$TOOLS_DIR/bin" CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
  go install -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION" \
  "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" ||
  die "go install helm.sh/helm/v3/cmd/helm@$HELM_VERSION failed; check that the Go module proxy is reachable"
have=$("$HELM" version --template '{{.Version}}' 2>/dev/null || true)
[[ $have == "$HELM_VERSION" ]] || die "built $HELM but it reports version '${have:-nothing}'"
log "helm $have built in $(elapsed_since "$start") ($HELM)"
