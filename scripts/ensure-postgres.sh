#!/usr/bin/env bash
# Makes sure a PostgreSQL server (Debian's cluster "main") runs on 127.0.0.1 with the
# role and database Loadline's dev and test setup use, then prints DATABASE_URL on stdout:
#   postgresql://loadline:loadline@127.0.0.1:5432/loadline
#
# - installs Debian's "postgresql" when no server is installed;
# - writes /etc/postgresql/<ver>/main/conf.d/loadline.conf (listen on 127.0.0.1 only, the
#   port, max_connections=200 for parallel test files) and restarts a running server when
#   that file changed;
# - starts the cluster with pg_ctlcluster when it is down (there is no systemd here);
# - creates role "loadline" (password "loadline", LOGIN CREATEDB: tests create one database
#   per test file) and database "loadline" owned by it, when missing.
# Env: LOADLINE_PG_PORT (default 5432), LOADLINE_PG_VERSION (default: newest installed).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

PORT=${LOADLINE_PG_PORT:-5432}
CLUSTER=main
DB_USER=loadline
DB_PASSWORD=loadline
DB_NAME=loadline
[[ $PORT =~ ^[0-9]+$ ]] || die "LOADLINE_PG_PORT must be a port number, got '$PORT'"

newest_server_version() {
  local dir versions=()
  for dir in /usr/lib/postgresql/*/bin/postgres; do
    [[ -x $dir ]] && versions+=("$(basename "$(dirname "$(dirname "$dir")")")")
  done
  ((${#versions[@]})) && printf '%s\n' "${versions[@]}" | sort -n | tail -n 1
  return 0
}

take_lock postgres

PG_VERSION=${LOADLINE_PG_VERSION:-$(newest_server_version)}
if [[ -z $PG_VERSION || ! -x /usr/lib/postgresql/$PG_VERSION/bin/postgres ]]; then
  apt_install postgresql
  PG_VERSION=${LOADLINE_PG_VERSION:-$(newest_server_version)}
  [[ -n $PG_VERSION && -x /usr/lib/postgresql/$PG_VERSION/bin/postgres ]] ||
    die "PostgreSQL server ${LOADLINE_PG_VERSION:-} not found after installing 'postgresql'"
fi
command -v pg_ctlcluster >/dev/null 2>&1 ||
  die "pg_ctlcluster not found; install Debian's postgresql-common (apt-get install postgresql)"

as_postgres() {
  if [[ $EUID -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    sudo -u postgres "$@"
  fi
}

# "online", "down" or "" (no such cluster).
cluster_status() {
  pg_lsclusters -h 2>/dev/null | awk -v v="$PG_VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { print $4 }' | cut -d, -f1
}

if [[ -z $(cluster_status) ]]; then
  log "creating PostgreSQL $PG_VERSION cluster '$CLUSTER'"
  quietly pg-createcluster as_root pg_createcluster "$PG_VERSION" "$CLUSTER" ||
    die "pg_createcluster $PG_VERSION $CLUSTER failed"
fi

CONF_DIR=/etc/postgresql/$PG_VERSION/$CLUSTER/conf.d
CONF_FILE=$CONF_DIR/loadline.conf
want_conf="# Written by scripts/ensure-postgres.sh (Loadline dev/test settings); rewritten on each run.
listen_addresses = '127.0.0.1'
port = $PORT
max_connections = 200"

conf_changed=0
if [[ ! -f $CONF_FILE || "$(cat "$CONF_FILE")" != "$want_conf" ]]; then
  as_root mkdir -p "$CONF_DIR"
  printf '%s\n' "$want_conf" | as_root tee "$CONF_FILE" >/dev/null
  as_root chown postgres:postgres "$CONF_FILE" 2>/dev/null || true
  conf_changed=1
fi

SERVER_LOG=/var/log/postgresql/postgresql-$PG_VERSION-$CLUSTER.log
show_server_log() {
  if [[ -r $SERVER_LOG ]]; then
    printf '[loadline] last lines of %s:\n' "$SERVER_LOG" >&2
    tail -n 20 "$SERVER_LOG" | sed 's/^/    /' >&2
  fi
}

status=$(cluster_status)
if [[ $status == online && $conf_changed == 1 ]]; then
  log "restarting PostgreSQL $PG_VERSION/$CLUSTER to apply $CONF_FILE"
  quietly pg-ctlcluster as_root pg_ctlcluster "$PG_VERSION" "$CLUSTER" restart ||
    { show_server_log; die "could not restart PostgreSQL $PG_VERSION/$CLUSTER"; }
  started="restarted"
elif [[ $status != online ]]; then
  quietly pg-ctlcluster as_root pg_ctlcluster "$PG_VERSION" "$CLUSTER" start || [[ $(cluster_status) == online ]] || {
    show_server_log
    die "could not start PostgreSQL $PG_VERSION/$CLUSTER; is port $PORT taken? (ss -ltnp 'sport = :$PORT')"
  }
  started="started"
else
  started="already running"
fi

wait_until 30 pg_isready -q -h 127.0.0.1 -p "$PORT" || {
  show_server_log
  die "PostgreSQL did not accept connections on 127.0.0.1:$PORT within 30 s"
}

psql_admin() {
  as_postgres psql -X -q -A -t -v ON_ERROR_STOP=1 -p "$PORT" -d postgres "$@" 9>&-
}

role_state=$(psql_admin -c "SELECT rolcanlogin AND rolcreatedb FROM pg_roles WHERE rolname = '$DB_USER'")
case $role_state in
  "")
    psql_admin -c "CREATE ROLE $DB_USER LOGIN CREATEDB PASSWORD '$DB_PASSWORD'"
    log "created role $DB_USER"
    ;;
  f)
    psql_admin -c "ALTER ROLE $DB_USER LOGIN CREATEDB"
    log "granted LOGIN CREATEDB to role $DB_USER"
    ;;
esac

if [[ -z $(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'") ]]; then
  psql_admin -c "CREATE DATABASE $DB_NAME OWNER $DB_USER"
  log "created database $DB_NAME"
fi

DATABASE_URL="postgresql://$DB_USER:$DB_PASSWORD@127.0.0.1:$PORT/$DB_NAME"
if ! psql -X -q -A -t "$DATABASE_URL" -c 'SELECT 1' >/dev/null 2>&1; then
  # The role exists but its password is not ours (set by hand?): reset it.
  psql_admin -c "ALTER ROLE $DB_USER PASSWORD '$DB_PASSWORD'"
  psql -X -q -A -t "$DATABASE_URL" -c 'SELECT 1' >/dev/null ||
    die "cannot log in as $DB_USER over TCP; check pg_hba.conf allows 127.0.0.1/32 with a password"
  log "reset the password of role $DB_USER"
fi

log "postgres $PG_VERSION $started on 127.0.0.1:$PORT (database $DB_NAME, role $DB_USER)"
printf '%s\n' "$DATABASE_URL"
