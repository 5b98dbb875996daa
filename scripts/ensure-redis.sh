#!/usr/bin/env bash
# Makes sure a Redis server answers on 127.0.0.1 with maxmemory-policy noeviction (BullMQ
# requires it) and a password, then prints REDIS_URL on stdout: redis://default:<password>@127.0.0.1:6379
#
# The password keeps tenant code away from the queues: a run's k6 may connect to its target's
# address, and on a one-machine install that can be 127.0.0.1, where Redis listens too. It is
# random, made once per machine and port, and kept (mode 600) in
# ${XDG_STATE_HOME:-~/.local/state}/loadline/redis-<port>.password, so every checkout of the
# repo on this machine finds the same Redis with the same password.
#
# - installs Debian's "redis-server" when the binary is missing;
# - when something already answers on the port (ours, or one an init script started), it is
#   kept; its maxmemory-policy is set to noeviction and its password to ours when they are not;
# - otherwise starts redis-server daemonized (there is no systemd here) with a config, data,
#   log and pid file under .tools/redis/. Redis holds only queues and live state: no
#   persistence (save "", appendonly no).
# Env: LOADLINE_REDIS_PORT (default 6379).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

PORT=${LOADLINE_REDIS_PORT:-6379}
[[ $PORT =~ ^[0-9]+$ ]] || die "LOADLINE_REDIS_PORT must be a port number, got '$PORT'"

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  apt_install redis-server redis-tools
  command -v redis-server >/dev/null 2>&1 || die "redis-server not on PATH after installing it"
fi

take_lock "redis-$PORT"

STATE_DIR=${XDG_STATE_HOME:-$HOME/.local/state}/loadline
PASSWORD_FILE=$STATE_DIR/redis-$PORT.password
if [[ ! -s $PASSWORD_FILE ]]; then
  mkdir -p "$STATE_DIR"
  (umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$PASSWORD_FILE")
fi
PASSWORD=$(cat "$PASSWORD_FILE")

# The password reaches redis-cli through its environment, never its command line (ps shows that).
rcli() { REDISCLI_AUTH=$PASSWORD redis-cli -h 127.0.0.1 -p "$PORT" "$@"; }
bare_cli() { redis-cli -h 127.0.0.1 -p "$PORT" "$@"; }
pong() { [[ "$(rcli ping 2>/dev/null)" == PONG ]]; }

REDIS_DIR=$TOOLS_DIR/redis
if [[ $PORT == 6379 ]]; then name=redis; else name=redis-$PORT; fi
CONF=$REDIS_DIR/$name.conf
LOGFILE=$REDIS_DIR/$name.log
PIDFILE=$REDIS_DIR/$name.pid

if [[ "$(bare_cli ping 2>/dev/null)" == PONG ]]; then
  # Running without a password (started before this script set one): give it ours.
  bare_cli config set requirepass "$PASSWORD" >/dev/null ||
    die "could not set a password on the Redis at 127.0.0.1:$PORT"
  log "set a password on the running Redis at 127.0.0.1:$PORT (kept in $PASSWORD_FILE)"
  started="already running"
elif pong; then
  started="already running"
elif [[ "$(bare_cli ping 2>&1)" == *NOAUTH* || "$(rcli ping 2>&1)" == *WRONGPASS* ]]; then
  die "the Redis at 127.0.0.1:$PORT has a password other than the one in $PASSWORD_FILE; put that one in the file, or stop that Redis"
else
  mkdir -p "$REDIS_DIR"
  # Config is rewritten each start so that it always matches this script.
  cat >"$CONF" <<CONF
# Written by scripts/ensure-redis.sh; rewritten on each start.
bind 127.0.0.1
port $PORT
protected-mode yes
daemonize yes
pidfile "$PIDFILE"
logfile "$LOGFILE"
dir "$REDIS_DIR"
dbfilename "$name.rdb"
save ""
appendonly no
maxmemory-policy noeviction
CONF
  # The password goes in the config (private), never on redis-server's command line.
  chmod 600 "$CONF"
  printf 'requirepass %s\n' "$PASSWORD" >>"$CONF"
  # A stale pid file (machine restored from a snapshot) would only confuse people; remove it.
  if [[ -f $PIDFILE ]] && ! kill -0 "$(cat "$PIDFILE" 2>/dev/null)" 2>/dev/null; then
    rm -f "$PIDFILE"
  fi
  redis-server "$CONF" >/dev/null 2>&1 9>&- || true
  if ! wait_until 15 pong; then
    if [[ -r $LOGFILE ]]; then
      printf '[loadline] last lines of %s:\n' "$LOGFILE" >&2
      tail -n 15 "$LOGFILE" | sed 's/^/    /' >&2
    fi
    die "redis-server did not answer PONG on 127.0.0.1:$PORT within 15 s; is the port taken? (ss -ltnp 'sport = :$PORT')"
  fi
  started="started"
fi

policy=$(rcli --raw config get maxmemory-policy 2>/dev/null | sed -n 2p) ||
  die "CONFIG GET failed on 127.0.0.1:$PORT"
if [[ $policy != noeviction ]]; then
  rcli config set maxmemory-policy noeviction >/dev/null ||
    die "could not set maxmemory-policy noeviction on 127.0.0.1:$PORT (BullMQ needs it)"
  log "set maxmemory-policy noeviction (was '${policy:-unknown}') on the running Redis"
fi

version=$(rcli --raw info server 2>/dev/null | sed -n 's/^redis_version:\([^[:space:]]*\).*/\1/p')
log "redis ${version:-?} $started on 127.0.0.1:$PORT"
printf 'redis://default:%s@127.0.0.1:%s\n' "$PASSWORD" "$PORT"
