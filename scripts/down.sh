#!/usr/bin/env bash
# Stops what scripts/up.sh started (api, every runner, demo target). PostgreSQL and Redis
# keep running; data is kept.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=lib/stack.sh
source "$REPO_ROOT/scripts/lib/stack.sh"
runners=$(runner_services "$REPO_ROOT/.run" | wc -l)
stop_platform "$REPO_ROOT/.run"
stop_service "$REPO_ROOT/.run" demo
log "stopped api, $runners runner$( ((runners == 1)) || echo s) and demo target"
