# shellcheck shell=bash
# Helpers shared by scripts/*.sh. Source it; do not run it:
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
#
# Conventions: progress lines go to stderr, prefixed "[loadline]"; stdout is kept for values a
# caller may capture (e.g. DATABASE_URL=$(bash scripts/ensure-postgres.sh)).

if [[ -n "${LOADLINE_COMMON_SH:-}" ]]; then
  return 0
fi
LOADLINE_COMMON_SH=1

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS_DIR="$REPO_ROOT/.tools"
LOG_DIR="$TOOLS_DIR/logs"
export REPO_ROOT TOOLS_DIR

# Go lives in /usr/local/go on these machines; tools we build or download go to .tools/bin.
for _dir in /usr/local/go/bin "$TOOLS_DIR/bin"; do
  case ":$PATH:" in
    *":$_dir:"*) ;;
    *) PATH="$_dir:$PATH" ;;
  esac
done
unset _dir
export PATH

log() { printf '[loadline] %s\n' "$*" >&2; }

die() {
  printf '[loadline] error: %s\n' "$*" >&2
  exit 1
}

# Milliseconds since the epoch, for step timings.
now_ms() { date +%s%3N; }

# "12.3s" from a start time taken with now_ms.
elapsed_since() {
  local ms=$(($(now_ms) - $1))
  printf '%d.%ds' $((ms / 1000)) $((ms % 1000 / 100))
}

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "'$*' needs root and sudo is not installed; run this script as root"
  fi
}

# Runs a command quietly: output goes to $LOG_DIR/<name>.log, and is shown (last lines) only
# when the command fails.
quietly() {
  local name=$1
  shift
  mkdir -p "$LOG_DIR"
  local logfile="$LOG_DIR/$name.log"
  local rc=0
  # 9>&-: a server started from here must not inherit (and hold forever) take_lock's lock.
  "$@" >"$logfile" 2>&1 9>&- || rc=$?
  if ((rc != 0)); then
    printf '[loadline] %s exited with %s; last lines of %s:\n' "$name" "$rc" "$logfile" >&2
    tail -n 30 "$logfile" | sed 's/^/    /' >&2
    return "$rc"
  fi
}

# take_lock NAME [DIR]: holds an exclusive lock on DIR/NAME.lock (file descriptor 9) until
# the script exits, so that two setups running at once do not race. DIR defaults to a
# machine-wide folder (servers are shared by every checkout); pass "$TOOLS_DIR" for a lock of
# this checkout only. Commands that may leave a daemon behind must be started with 9>&-
# (quietly does that), or the daemon would hold the lock forever.
take_lock() {
  command -v flock >/dev/null 2>&1 || return 0
  local dir=${2:-}
  if [[ -z $dir ]]; then
    dir=${TMPDIR:-/tmp}/loadline-locks
    # Shared by every user's checkouts, like /tmp itself.
    [[ -d $dir ]] || { mkdir -p "$dir" && chmod 1777 "$dir"; } 2>/dev/null || true
  fi
  mkdir -p "$dir"
  exec 9>>"$dir/$1.lock"
  if ! flock -n 9; then
    log "waiting for another $1 step to finish"
    flock 9
  fi
}

# apt-get update, once per boot (the stamp lives under /tmp, keyed by the kernel's boot id),
# or again when apt has no package lists at all.
need_apt_update() {
  local boot_id stamp
  boot_id=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
  stamp="${TMPDIR:-/tmp}/loadline-apt-updated.$boot_id"
  if [[ -f $stamp ]] && compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
    return 0
  fi
  log "apt-get update"
  quietly apt-update as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get -o DPkg::Lock::Timeout=300 update -q ||
    die "apt-get update failed; check that Debian's package mirror is reachable"
  touch "$stamp"
}

# True when a Debian package is installed.
apt_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# apt_install pkg...: installs the packages that are not installed yet; quiet on success.
# APT_NO_RECOMMENDS=1 leaves their Recommends out (scripts/lib/suites.sh's packages are all
# installed so, each named for a reason).
apt_install() {
  local missing=() pkg options=()
  [[ ${APT_NO_RECOMMENDS:-0} == 1 ]] && options+=(--no-install-recommends)
  for pkg in "$@"; do
    apt_installed "$pkg" || missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  command -v apt-get >/dev/null 2>&1 ||
    die "need ${missing[*]} but this is not a Debian/Ubuntu machine; install them by hand"
  need_apt_update
  log "apt-get install ${missing[*]}"
  quietly "apt-install" as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0 install -y -q "${options[@]}" "${missing[@]}" ||
    die "apt-get install ${missing[*]} failed (full log: $LOG_DIR/apt-install.log)"
}

# wait_until SECONDS COMMAND...: polls COMMAND every 0.2 s until it succeeds; false on timeout.
wait_until() {
  local timeout=$1
  shift
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      return 1
    fi
    sleep 0.2
  done
}
