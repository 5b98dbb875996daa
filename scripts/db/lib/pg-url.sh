# shellcheck shell=bash
# Turns DATABASE_URL (the API's form, Prisma's ?schema= included) into what libpq's tools take,
# for scripts/db/backup.sh and restore.sh. Source it, then call pg_url_split "$DATABASE_URL".
# In bash rather than Node's URL parser: backup.sh must run where only bash and PostgreSQL's
# client tools are installed (a database host, a backup box).
#
# Sets:
#   PG_URL       the URL without its password and without ?schema= (libpq refuses that
#                parameter); safe to print and to pass on a command line
#   PG_SCHEMA    the ?schema= value, empty when there is none (then the whole database)
#   PG_DBNAME    the database name
#   PG_ADMIN_URL the same server and user, database "postgres" (to create a database)
# and exports PGPASSWORD (percent-decoded) when the URL carries a password, so the password
# is never on a command line (ps shows those) nor in anything these scripts print.

# pct_decode VAR TEXT: sets VAR to TEXT percent-decoded. Every other character is kept as it
# is: backslashes are doubled before printf %b reads the \xHH escapes, or a password with
# "\n" or "\\" in it would reach libpq as a newline or a single backslash. printf -v, not
# $(...), so trailing newlines survive too.
pct_decode() {
  local text=${2//\\/\\\\}
  printf -v "$1" '%b' "${text//%/\\x}"
}

pg_url_split() {
  local url=$1 scheme rest authority path query userinfo hostport user pass param kept=()
  case $url in
    postgres://* | postgresql://*) ;;
    *) die "DATABASE_URL must be a postgresql:// URL" ;;
  esac
  scheme=${url%%://*}
  rest=${url#*://}
  authority=${rest%%/*}
  path=${rest#"$authority"}
  path=${path#/}
  query=
  if [[ $path == *'?'* ]]; then
    query=${path#*\?}
    path=${path%%\?*}
  fi
  hostport=$authority
  user=
  if [[ $authority == *@* ]]; then
    userinfo=${authority%@*}
    hostport=${authority##*@}
    user=${userinfo%%:*}
    if [[ $userinfo == *:* ]]; then
      pass=${userinfo#*:}
      pct_decode PGPASSWORD "$pass"
      export PGPASSWORD
    fi
  fi
  PG_SCHEMA=
  if [[ -n $query ]]; then
    local IFS='&'
    for param in $query; do
      if [[ $param == schema=* ]]; then
        param=${param#schema=}
        pct_decode PG_SCHEMA "$param"
      else
        kept+=("$param")
      fi
    done
    query=${kept[*]}
  fi
  pct_decode PG_DBNAME "$path"
  [[ -n $PG_DBNAME ]] || die "DATABASE_URL names no database"
  local base="$scheme://${user:+$user@}$hostport"
  PG_URL="$base/$path${query:+?$query}"
  PG_ADMIN_URL="$base/postgres${query:+?$query}"
}
