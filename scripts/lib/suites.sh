# shellcheck shell=bash
# What each part of Loadline's machine needs, in one place: the platform (scripts/up.sh) and
# every test suite of scripts/test.sh. Read by setup.sh (installs a suite's packages and prints
# them), by the scripts that install their own (images/build.sh), and by the fresh-machine
# guard (scripts/fresh/check.sh), which proves in a clean Debian root that what is declared
# here is all a suite needs. Source it after lib/common.sh.
#
# A fresh machine of this kind is Debian bookworm with Node 20, Go, Python and git, nothing
# else: anything else a suite calls must be installed by a row below. Every row says why.

if [[ -n "${LOADLINE_SUITES_SH:-}" ]]; then
  return 0
fi
LOADLINE_SUITES_SH=1

# The suites of scripts/test.sh, in the order they run. "platform" is what up.sh needs; every
# suite needs it too (they build, migrate and start the platform).
SUITES=(fresh build lint unit+integration migrations bench-figures k6-extension helm-chart e2e fuzz images)

# Debian packages the scripts install, installed without their Recommends: a package that
# arrives only as another's recommendation is one apt may leave out next time (catatonit came
# that way once). One row a package: part, package, why.
SUITE_PACKAGES=$(
  cat <<'ROWS'
platform          postgresql        the database (ensure-postgres.sh starts cluster 15/main on 127.0.0.1)
platform          redis-server      queues and live state (ensure-redis.sh starts it on 127.0.0.1)
platform          redis-tools       redis-cli: ensure-redis.sh sets the password and policy, tests clear their keys
platform          bubblewrap        the runner starts every k6 in a bwrap sandbox (apps/runner/src/sandbox.ts)
platform          curl              up.sh and the test harnesses wait on /health with it
platform          jq                scripts read JSON answers and the images suite's play plan with it
unit+integration  prometheus                  a real query API the runner's PromQL sources are read from on 127.0.0.1 (apps/runner/src/telemetry/)
unit+integration  prometheus-node-exporter    a real exporter the runner's telemetry test scrapes on 127.0.0.1 (apps/runner/src/telemetry/)
unit+integration  prometheus-process-exporter a real exporter the runner's telemetry test scrapes on 127.0.0.1 (apps/runner/src/telemetry/)
fresh             mmdebstrap        makes the clean Debian root the guard checks in
fresh             bubblewrap        enters that root with /proc, /dev and the host's Go and Node
e2e               chromium          the browser Playwright drives (playwright-core, /usr/bin/chromium)
e2e               fonts-liberation  a font for chromium's pages (its only font otherwise comes as a recommendation)
fuzz              python3-venv      the virtualenv schemathesis is installed into (.tools/fuzz)
images            podman            builds the images and plays the rendered chart (podman kube play)
images            buildah           podman build's engine for multi-stage Containerfiles
images            runc              the OCI runtime podman is set to (crun refuses this kernel's cgroup layout)
images            catatonit         podman kube play builds its pause image from the catatonit binary
images            mmdebstrap        the offline Debian base image (no registry is reachable here)
ROWS
)

# Commands a part calls that a fresh machine may lack, beyond those the guard finds by itself
# in the shell scripts (it parses them): the ones called from TypeScript or JavaScript, and the
# ones another tool looks up. One row a command: part, command, why.
SUITE_COMMANDS=$(
  cat <<'ROWS'
platform          bwrap             apps/runner/src/sandbox.ts starts k6 under it
platform          prlimit           apps/runner/src/sandbox.ts caps k6's memory, processes and file size
platform          setpriv           apps/runner/src/sandbox.ts drops k6 to an unprivileged user
platform          pg_ctlcluster     ensure-postgres.sh starts the cluster
platform          psql              ensure-postgres.sh makes the role and database
unit+integration  redis-server      apps/api/src/queue/redis-subscriber.integration.test.ts starts one of its own
unit+integration  prometheus                  apps/runner/src/telemetry/promql-source.test.ts starts one on loopback
unit+integration  prometheus-node-exporter    apps/runner/src/telemetry/telemetry.k6.test.ts starts one on loopback
unit+integration  prometheus-process-exporter apps/runner/src/telemetry/telemetry.k6.test.ts starts one on loopback
migrations        pg_dump           scripts/db/backup.sh
migrations        pg_restore        scripts/db/restore.sh
e2e               chromium          e2e/ launches /usr/bin/chromium
fuzz              python3           scripts/fuzz.sh makes a virtualenv with it
images            catatonit         podman kube play copies it into the pause image ("finding pause binary")
images            runc              podman's runtime, set in /etc/containers/containers.conf
images            ldd               scripts/images/base.sh checks what node links against
ROWS
)

# Commands the scripts call that a machine of this kind does not need: command, why.
SUITE_NOT_NEEDED=$(
  cat <<'ROWS'
sudo              as_root uses it only when the scripts run as a user other than root, and says so
ROWS
)

# Tools the scripts build or install from a registry into .tools/ (or npm's global prefix),
# not from Debian: part, tool, the script that makes it.
SUITE_TOOLS=$(
  cat <<'ROWS'
platform          pnpm              scripts/ensure-pnpm.sh
platform          k6                scripts/ensure-k6.sh
helm-chart        helm              scripts/ensure-helm.sh
images            helm              scripts/ensure-helm.sh
fuzz              schemathesis      scripts/fuzz.sh
ROWS
)

# _suite_column TABLE PART COLUMN: the COLUMN-th field of TABLE's rows for PART.
_suite_column() {
  awk -v part="$2" -v col="$3" '$1 == part { print $col }' <<<"$1"
}

# suite_packages PART...: the Debian packages the scripts install for these parts.
suite_packages() {
  local part
  for part in "$@"; do _suite_column "$SUITE_PACKAGES" "$part" 2; done | awk '!seen[$0]++'
}

# suite_commands PART...: the declared commands of these parts.
suite_commands() {
  local part
  for part in "$@"; do _suite_column "$SUITE_COMMANDS" "$part" 2; done | awk '!seen[$0]++'
}

# suite_tools PART...: "tool script" lines of these parts.
suite_tools() {
  local part
  for part in "$@"; do awk -v part="$part" '$1 == part { print $2, $3 }' <<<"$SUITE_TOOLS"; done | awk '!seen[$0]++'
}

# suite_known NAME: true when NAME is a suite or "platform".
suite_known() {
  local s
  [[ $1 == platform ]] && return 0
  for s in "${SUITES[@]}"; do [[ $s == "$1" ]] && return 0; done
  return 1
}

# suite_install PART...: installs the Debian packages of these parts (those not installed yet),
# without Recommends.
suite_install() {
  local packages
  mapfile -t packages < <(suite_packages "$@")
  ((${#packages[@]})) || return 0
  APT_NO_RECOMMENDS=1 apt_install "${packages[@]}"
}
