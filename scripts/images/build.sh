#!/usr/bin/env bash
# Builds Loadline's images with podman from infra/images/Containerfile:
#
#   loadline/api:$TAG         API + web build + migrations tool (the chart's api and migrations)
#   loadline/migrations:$TAG  the same image, `node scripts/db/migrate.mjs deploy` as its command
#   loadline/runner:$TAG      runner + k6 with Loadline's output extension
#
#   bash scripts/images/build.sh                     # offline bases (no registry needed)
#   LOADLINE_IMAGE_BASES=official bash scripts/images/build.sh
#                                                    # docker.io node:20-bookworm-slim and
#                                                    # debian:bookworm-slim, the Containerfile's defaults
#
# Env: LOADLINE_IMAGE_TAG (default dev), LOADLINE_IMAGE_REPO (default localhost/loadline).
# Installs the images suite's Debian packages (scripts/lib/suites.sh: podman, buildah, runc,
# catatonit, mmdebstrap) when missing, and makes podman
# usable on machines like this one: runc as the runtime (crun refuses this kernel's cgroup
# layout) and no default ulimits (refused here); see docs/images.md.
# Prints the image names, one a line, on stdout.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=../lib/suites.sh
source "$REPO_ROOT/scripts/lib/suites.sh"
cd "$REPO_ROOT"

TAG=${LOADLINE_IMAGE_TAG:-dev}
REPO=${LOADLINE_IMAGE_REPO:-localhost/loadline}

suite_install images
conf=/etc/containers/containers.conf
if ! grep -qs '^ *default_ulimits *= *\[\]' "$conf" || ! grep -qs '^ *runtime *= *"runc"' "$conf"; then
  if [[ -s $conf ]]; then
    die "images: $conf exists but lacks default_ulimits = [] under [containers] and runtime = \"runc\" under [engine]; add them"
  fi
  log "images: writing $conf (runc, no default ulimits)"
  as_root mkdir -p /etc/containers
  printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n' | as_root tee "$conf" >/dev/null
fi

bash scripts/ensure-k6.sh >&2 || die "images: k6 build failed"

base_args=()
if [[ ${LOADLINE_IMAGE_BASES:-offline} == offline ]]; then
  mapfile -t base_args < <(bash scripts/images/base.sh) || die "images: offline bases failed"
fi

# A machine that reaches the npm registry through a TLS-intercepting proxy trusts the proxy's
# CA in its system bundle: the build's download steps get that bundle as a secret
# (LOADLINE_IMAGE_BUILD_CA to name another file, or "" for none).
ca=${LOADLINE_IMAGE_BUILD_CA-/etc/ssl/certs/ca-certificates.crt}
if [[ -n $ca && -f $ca ]]; then base_args+=(--secret "id=build_ca,src=$ca"); fi

build() {
  local target=$1 image=$REPO/$1:$TAG start
  start=$(now_ms)
  podman build --network host --layers -f infra/images/Containerfile "${base_args[@]}" \
    --target "$target" -t "$image" . >"$LOG_DIR/image-$target.log" 2>&1 ||
    { tail -40 "$LOG_DIR/image-$target.log" >&2; die "images: building $image failed (log: $LOG_DIR/image-$target.log)"; }
  log "images: $image built in $(elapsed_since "$start"), $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"
  echo "$image"
}
mkdir -p "$LOG_DIR"
build api
build migrations
build runner
