#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium (browser tests drive it
# through playwright-core with executablePath '/usr/bin/chromium'; Playwright's own browser
# download does not work on this network). Prints the version.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

CHROMIUM=/usr/bin/chromium
if [[ ! -x $CHROMIUM ]]; then
  apt_install chromium
  [[ -x $CHROMIUM ]] || die "installed Debian's chromium but $CHROMIUM is still missing"
fi

version=$("$CHROMIUM" --version 2>/dev/null | head -n 1) ||
  die "$CHROMIUM --version failed; try: apt-get install --reinstall chromium"
log "${version:-chromium (version unknown)} at $CHROMIUM"
