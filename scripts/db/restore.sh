#!/usr/bin/env bash
# Restores a dump written by scripts/db/backup.sh into an empty database, then brings its
# schema up to this checkout's migrations (restore, then upgrade).
#
#   DATABASE_URL=postgresql://user:pass@host:5432/loadline_restored \
#     bash scripts/db/restore.sh [--force] <file.dump>
#
# 1. creates the database when it does not exist (the role needs CREATEDB; else create it
#    first, empty, owned by the API's role);
# 2. refuses a database that already has tables, unless --force: then every schema of the
#    database (with ?schema=<name>, that schema) is dropped first, CASCADE: what was there is
#    gone even if the restore then fails;
# 3. pg_restore --no-owner --no-privileges --exit-on-error --single-transaction: every object
#    is owned by the role of DATABASE_URL, and a failure leaves the database as it was;
# 4. node scripts/db/migrate.mjs deploy: applies the migrations newer than the dump.
# Start the API only after this, with the LOADLINE_SECRET_KEY the backup was taken with.
# The password of DATABASE_URL is passed as PGPASSWORD, never printed.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib/common.sh
source "$HERE/../lib/common.sh"
# shellcheck source=lib/pg-url.sh
source "$HERE/lib/pg-url.sh"

usage="usage: DATABASE_URL=postgresql://... bash scripts/db/restore.sh [--force] <file.dump>"
force=false
file=
for arg in "$@"; do
  case $arg in
    --force) force=true ;;
    -*) die "unknown option $arg. $usage" ;;
    *) [[ -z $file ]] || die "$usage"; file=$arg ;;
  esac
done
[[ -n $file ]] || die "$usage"
[[ -f $file ]] || die "$file: no such file"
[[ -n ${DATABASE_URL:-} ]] || die "DATABASE_URL (the database to restore into) is not set. $usage"
for tool in pg_restore psql node; do
  command -v "$tool" >/dev/null || die "$tool not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client-15) and Node"
done
pg_url_split "$DATABASE_URL"
pg_restore --list "$file" >/dev/null || die "$file is not a dump pg_restore can read (made by scripts/db/backup.sh?)"

sql() { psql -X -q -A -t -v ON_ERROR_STOP=1 --dbname="$1" -c "$2"; }

exists=$(sql "$PG_ADMIN_URL" "SELECT count(*) FROM pg_database WHERE datname = '${PG_DBNAME//\'/\'\'}'")
if [[ $exists == 0 ]]; then
  log "creating database $PG_DBNAME"
  sql "$PG_ADMIN_URL" "CREATE DATABASE \"${PG_DBNAME//\"/\"\"}\""
fi

# Tables, views, sequences... of the schemas a dump can hold (not PostgreSQL's own).
scope="n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_(toast|temp)'"
[[ -z $PG_SCHEMA ]] || scope="n.nspname = '${PG_SCHEMA//\'/\'\'}'"
relations=$(sql "$PG_URL" "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE $scope")
if [[ $relations != 0 ]]; then
  $force || die "database $PG_DBNAME is not empty ($relations relations): restore into a new, empty database, or pass --force to replace what is there"
  # pg_restore --clean cannot do this: it drops only the objects the dump holds, and fails on
  # the foreign keys of newer tables the dump does not know. Drop the schemas wholesale.
  log "database $PG_DBNAME is not empty ($relations relations): --force, dropping its schemas first"
  schemas=$(sql "$PG_URL" "SELECT string_agg(quote_ident(n.nspname), ', ') FROM pg_namespace n WHERE $scope")
  # A dump of one schema creates it; a dump of a database expects "public" to exist.
  sql "$PG_URL" "DROP SCHEMA $schemas CASCADE${PG_SCHEMA:-; CREATE SCHEMA public}"
fi

started=$(now_ms)
log "restoring $file into $PG_DBNAME on ${PG_URL#*@}"
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$PG_URL" "$file"
log "restored in $(elapsed_since "$started"); applying newer migrations"
node "$HERE/migrate.mjs" deploy
