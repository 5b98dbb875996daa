#!/usr/bin/env bash
# The fresh-machine guard (suite "fresh" of scripts/test.sh): fails when a suite depends on
# something only a hand-made machine has.
#
#   bash scripts/fresh/check.sh        (or: bash scripts/test.sh fresh)
#
# 1. Lists every command the shell scripts call (scripts/fresh/commands.mjs, from shfmt's
#    syntax trees of scripts/**/*.sh and infra/helm/*.sh).
# 2. Makes a clean Debian bookworm root the way the image bases are made (mmdebstrap
#    --variant=minbase) with only what a fresh machine of this kind has: Debian's python3 and
#    git, and this machine's Node 20 (with npm) and Go, bound in read-only.
# 3. In that root (bubblewrap, root, the host's network; services kept from starting by
#    policy-rc.d) runs the setup scripts' package step for every suite (`setup.sh --suites all
#    --only packages`), then requires every command the scripts call and every command
#    scripts/lib/suites.sh declares to be there; it names each missing one, the suite, and
#    where it is called. Tools built into .tools/ (k6, helm, pnpm, schemathesis) are listed
#    with the script that makes them and are not built here.
# What it covers and what it cannot: docs/development.md#the-fresh-machine-guard.
# Env: LOADLINE_FRESH_KEEP=1 keeps the root (its path is printed).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=../lib/suites.sh
source "$REPO_ROOT/scripts/lib/suites.sh"
cd "$REPO_ROOT"

[[ $EUID -eq 0 ]] || die "fresh: the clean root is made and entered as root (mmdebstrap, apt-get inside it)"
start=$(now_ms)
suite_install fresh
bash scripts/ensure-shfmt.sh >&2

mkdir -p "$TOOLS_DIR"
work=$(mktemp -d "$TOOLS_DIR/fresh.XXXXXX")
if [[ ${LOADLINE_FRESH_KEEP:-0} == 1 ]]; then
  log "fresh: keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi

mapfile -t scripts < <(git ls-files --cached --others --exclude-standard 'scripts/*.sh' 'infra/helm/*.sh')
node scripts/fresh/commands.mjs "$TOOLS_DIR/bin/shfmt" "${scripts[@]}" >"$work/calls" ||
  die "fresh: could not parse the shell scripts"
log "fresh: ${#scripts[@]} shell scripts call $(wc -l <"$work/calls") distinct commands"

root=$work/root
t=$(now_ms)
mmdebstrap --quiet --variant=minbase --include=ca-certificates,git,python3 bookworm "$root" >&2 ||
  die "fresh: mmdebstrap failed (is Debian's mirror reachable?)"
log "fresh: clean bookworm root made in $(elapsed_since "$t") ($(du -sm "$root" | cut -f1) MB)"

# What a fresh machine has beside Debian: Node 20 with npm, and Go in /usr/local/go.
node_bin=$(readlink -f "$(command -v node)")
npm_root=$(npm root -g 2>/dev/null)
go_root=$(dirname "$(dirname "$(readlink -f "$(command -v go)")")")
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
# A chroot must not start the services it installs (they would take the host's ports).
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"

mkdir -p "$root/repo"
git ls-files -z --cached --others --exclude-standard scripts package.json | tar --null -T - -cf - | tar -xf - -C "$root/repo"
cp "$work/calls" "$root/repo/.fresh-calls"

t=$(now_ms)
rc=0
bwrap --bind "$root" / --proc /proc --dev /dev --perms 1777 --tmpfs /tmp --tmpfs /run \
  --ro-bind /etc/resolv.conf /etc/resolv.conf \
  --ro-bind "$node_bin" /usr/local/bin/node --ro-bind "$npm_root" /usr/local/lib/node_modules \
  --ro-bind "$go_root" /usr/local/go \
  --cap-add ALL --unshare-pid --unshare-ipc --unshare-uts --die-with-parent \
  --clearenv --setenv PATH /usr/local/go/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --setenv HOME /root --setenv LANG C.UTF-8 \
  -- /bin/bash /repo/scripts/fresh/inside.sh /repo/.fresh-calls || rc=$?
log "fresh: setup and checks in the clean root took $(elapsed_since "$t")"
((rc == 0)) || die "fresh: a suite calls something the setup scripts do not install (above); add it to scripts/lib/suites.sh"
log "fresh: passed in $(elapsed_since "$start")"
