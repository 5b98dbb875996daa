#!/usr/bin/env bash
# Makes the offline base images the Containerfile falls back to where no container registry
# is reachable (as on Loadline's CI machines), and prints the build arguments that select them:
#
#   localhost/loadline-offline/debian:bookworm   Debian bookworm minbase without docs, man
#                                                pages and translations, as the official
#                                                docker.io/library/debian:bookworm-slim
#   localhost/loadline-offline/node:20-bookworm  the same plus this machine's Node 20, npm and
#                                                pnpm under /usr/local, as in the official
#                                                docker.io/library/node:20-bookworm-slim
#
# Debian comes from `mmdebstrap --variant=minbase bookworm` (the Debian mirror apt uses, about
# 15 s) imported with `podman import`. Node comes from the build machine: Debian's own nodejs
# is 18, and /usr/bin/node here is Node 20 linked only against glibc and libstdc++, which
# minbase has. Skips images that already exist (FORCE=1 rebuilds).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

DEBIAN_IMAGE=localhost/loadline-offline/debian:bookworm
NODE_IMAGE=localhost/loadline-offline/node:20-bookworm

have_image() { [[ ${FORCE:-0} != 1 ]] && podman image exists "$1"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! have_image "$DEBIAN_IMAGE"; then
  log "images: making $DEBIAN_IMAGE with mmdebstrap"
  # What debian:bookworm-slim leaves out too (copyright files stay).
  mmdebstrap --quiet --variant=minbase \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/lintian/*' \
    bookworm "$work/base.tar" >&2
  podman import --quiet "$work/base.tar" "$DEBIAN_IMAGE" >/dev/null
  rm -f "$work/base.tar"
fi

if ! have_image "$NODE_IMAGE"; then
  node_bin=$(readlink -f "$(command -v node)")
  [[ $("$node_bin" -p 'process.versions.node.split(".")[0]') == 20 ]] || die "images: the offline base needs Node 20 on this machine"
  # Anything node links beyond what minbase has would be missing at run time: refuse early.
  missing=$(ldd "$node_bin" | awk '/=>/ {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | libstdc++.so.* | libgcc_s.so.* | ld-linux*) ;; *) echo "$lib" ;; esac
  done)
  [[ -z $missing ]] || die "images: node links libraries minbase lacks: $missing"
  npm_root=$(npm root -g)
  mkdir -p "$work/ctx/lib"
  cp "$node_bin" "$work/ctx/node"
  cp -a "$npm_root/npm" "$work/ctx/lib/npm"
  if [[ -d $npm_root/pnpm ]]; then cp -a "$npm_root/pnpm" "$work/ctx/lib/pnpm"; fi
  cat >"$work/ctx/Containerfile" <<CONTAINERFILE
FROM $DEBIAN_IMAGE
COPY node /usr/local/bin/node
COPY lib /usr/local/lib/node_modules
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && if [ -d /usr/local/lib/node_modules/pnpm ]; then ln -s ../lib/node_modules/pnpm/bin/pnpm.cjs /usr/local/bin/pnpm; fi \\
 && node --version
CONTAINERFILE
  log "images: making $NODE_IMAGE (Node $("$node_bin" --version) from this machine)"
  podman build --quiet --network host -t "$NODE_IMAGE" "$work/ctx" >/dev/null
fi

echo "--build-arg=NODE_BASE=$NODE_IMAGE"
echo "--build-arg=RUNTIME_BASE=$DEBIAN_IMAGE"
