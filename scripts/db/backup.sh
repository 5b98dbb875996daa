#!/usr/bin/env bash
# Backs up Loadline's PostgreSQL database (everything durable Loadline has) to one file.
#
#   DATABASE_URL=postgresql://user:pass@host:5432/loadline bash scripts/db/backup.sh <folder>
#
# Writes <folder>/loadline-<UTC yyyymmddThhmmssZ>.dump with
#   pg_dump --format=custom --no-owner --no-privileges
# while the platform runs (pg_dump reads one consistent snapshot), checks that pg_restore can
# read it back, and prints its path and size on stdout. The dump is written under a .partial
# name first, so a failed or interrupted backup never looks like a finished one. The
# password of DATABASE_URL goes to pg_dump as PGPASSWORD: it is never on a command line
# nor printed. With ?schema=<name> in the URL only that PostgreSQL schema is dumped. The dump
# is mode 0600 (and a folder the script makes, 0700).
#
# LOADLINE_SECRET_KEY is not in the dump: keep it with the backups (docs/backup.md).
# Needs pg_dump/pg_restore of the server's major version or newer (postgresql-client-15).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib/common.sh
source "$HERE/../lib/common.sh"
# shellcheck source=lib/pg-url.sh
source "$HERE/lib/pg-url.sh"

usage="usage: DATABASE_URL=postgresql://... bash scripts/db/backup.sh <folder>"
[[ $# -eq 1 && $1 != -* ]] || die "$usage"
folder=$1
[[ -n ${DATABASE_URL:-} ]] || die "DATABASE_URL is not set. $usage"
for tool in pg_dump pg_restore; do
  command -v "$tool" >/dev/null || die "$tool not found: install PostgreSQL's client tools of the server's major version (Debian: apt-get install postgresql-client-15)"
done
# A dump holds every tenant's data (target secrets sealed, all else in clear): only its owner
# may read it, and a folder made here is its owner's alone, whatever umask the caller had.
umask 077
mkdir -p "$folder"
pg_url_split "$DATABASE_URL"

file="$folder/loadline-$(date -u +%Y%m%dT%H%M%SZ).dump"
[[ ! -e $file ]] || die "$file already exists (one backup per second at most)"
partial="$file.partial"
trap 'rm -f "$partial"' EXIT
started=$(now_ms)
log "dumping database $PG_DBNAME${PG_SCHEMA:+ (schema $PG_SCHEMA)} from ${PG_URL#*@}"
pg_dump --format=custom --no-owner --no-privileges ${PG_SCHEMA:+"--schema=$PG_SCHEMA"} --file="$partial" --dbname="$PG_URL"
# A dump pg_restore cannot list is no backup: check it before calling it one.
entries=$(pg_restore --list "$partial" | grep -vc '^;')
mv "$partial" "$file"
trap - EXIT
bytes=$(stat -c %s "$file")
log "wrote $file: $bytes bytes, $entries entries, in $(elapsed_since "$started")"
printf '%s\t%s\n' "$file" "$bytes"
