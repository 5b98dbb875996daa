#!/usr/bin/env bash
# The API fuzzed from its own OpenAPI document with schemathesis (PyPI), as a signed-in owner:
# any 5xx, or any answer that breaks the documented schema, fails. Bounded in time
# (LOADLINE_FUZZ_SECONDS, default 240). LOADLINE_FUZZ_CHECKS picks schemathesis's checks
# (default not_a_server_error,response_schema_conformance).
#
# What the fuzzed API can reach is fenced off, since the fuzzer invents URLs and host names:
# - no runner is started, and the routes that start load (runs, triggers, schedules) or send
#   requests to a URL a caller names (webhooks, target verification) are not fuzzed;
# - the API runs in a bubblewrap mount namespace whose resolv.conf points at 127.0.0.1, where
#   nothing answers, and whose nsswitch.conf knows only files and DNS: no host name the fuzzer
#   makes up is ever resolved outside this machine.
# A fresh database and Redis key prefix, dropped at the end.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR source=lib/stack.sh
source "$REPO_ROOT/scripts/lib/stack.sh"
# shellcheck source-path=SCRIPTDIR source=lib/suites.sh
source "$REPO_ROOT/scripts/lib/suites.sh"
cd "$REPO_ROOT"

SCHEMATHESIS_VERSION=4.32.5
SECONDS_BUDGET=${LOADLINE_FUZZ_SECONDS:-240}
PORT=${LOADLINE_FUZZ_PORT:-18090}
RUN_DIR=$REPO_ROOT/.run/fuzz
VENV=$TOOLS_DIR/fuzz

if [[ -z ${DATABASE_URL:-} || -z ${REDIS_URL:-} ]]; then
  eval "$(bash scripts/setup.sh --skip k6 | grep -E '^(DATABASE_URL|REDIS_URL)=')"
fi
suite_install platform fuzz

# Python 3.13 where the machine has it: before 3.11.8/3.13, ast.parse can fail with "AST
# constructor recursion depth mismatch" (CPython gh-106905) inside hypothesis, which schemathesis
# reports as an error of the run though the API answered every request correctly.
PYTHON=python3
for candidate in python3.13 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[3-9]*/bin/python3; do
  if "$candidate" -c 'import venv, sys; assert sys.version_info >= (3, 13)' >/dev/null 2>&1; then
    PYTHON=$candidate
    break
  fi
done
venv_python_ok() { [[ -x $VENV/bin/python ]] && [[ "$("$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" == "$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" ]]; }

if [[ ! -x $VENV/bin/schemathesis ]] || ! venv_python_ok || [[ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != *"$SCHEMATHESIS_VERSION"* ]]; then
  log "installing schemathesis $SCHEMATHESIS_VERSION into $VENV ($("$PYTHON" --version 2>&1))"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV" || die "$PYTHON -m venv failed"
  "$VENV/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION" >"$TOOLS_DIR/logs/fuzz-pip.log" 2>&1 ||
    die "pip install schemathesis failed (log: $TOOLS_DIR/logs/fuzz-pip.log)"
fi

db=loadline_fuzz_$$
prefix=llfuzz$$
database_url="${DATABASE_URL%/*}/$db"
mkdir -p "$RUN_DIR"
cleanup() {
  stop_service "$RUN_DIR" api
  psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  redis-cli --no-auth-warning -u "$REDIS_URL" --scan --pattern "$prefix:*" | xargs -r redis-cli --no-auth-warning -u "$REDIS_URL" del >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
DATABASE_URL=$database_url node scripts/db/migrate.mjs deploy >/dev/null

printf 'nameserver 127.0.0.1\noptions timeout:1 attempts:1\n' >"$RUN_DIR/resolv.conf"
printf 'hosts: files dns\n' >"$RUN_DIR/nsswitch.conf"
start_service "$RUN_DIR" api env -u DATABASE_URL -u REDIS_URL \
  bwrap --dev-bind / / --ro-bind "$RUN_DIR/resolv.conf" /etc/resolv.conf --ro-bind "$RUN_DIR/nsswitch.conf" /etc/nsswitch.conf -- \
  env DATABASE_URL="$database_url" REDIS_URL="$REDIS_URL" LOADLINE_PORT="$PORT" LOADLINE_QUEUE_PREFIX="$prefix" \
  LOADLINE_SECRET_KEY="$(head -c 32 /dev/urandom | base64)" LOADLINE_RUNNER_KEY="$(head -c 32 /dev/urandom | base64)" \
  LOADLINE_WEB_DIST=/nonexistent LOADLINE_RATE_LIMIT_PER_CALLER=1000000 LOADLINE_RATE_LIMIT_PER_ORG=1000000 \
  LOADLINE_RATE_LIMIT_PUBLIC_PER_ADDRESS=1000000 LOADLINE_RATE_LIMIT_PUBLIC_PER_TOKEN=1000000 LOG_LEVEL=error LOADLINE_METRICS_PORT=0 \
  node apps/api/dist/main.js
base=http://127.0.0.1:$PORT
wait_until 60 curl -fsS "$base/api/v1/health" >/dev/null 2>&1 || { tail -n 20 "$RUN_DIR/api.log" >&2; die "the API did not come up on $base"; }

# An owner of an organization with a target and a plan, so ids in paths can hit real rows.
signup=$(curl -fsS "$base/api/v1/auth/signup" -H 'content-type: application/json' \
  -d "{\"email\":\"fuzz-$$@example.test\",\"password\":\"correct horse battery staple\",\"name\":\"Fuzz\",\"organizationName\":\"Fuzz\"}")
token=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).token)' "$signup")
auth=(-H "authorization: Bearer $token" -H 'content-type: application/json')
target=$(curl -fsS "$base/api/v1/targets" "${auth[@]}" -d '{"name":"fuzz","baseUrl":"http://192.0.2.10/"}' 2>/dev/null ||
  curl -fsS "$base/api/v1/targets" "${auth[@]}" -d '{"name":"fuzz","baseUrl":"http://93.184.216.34/"}')
target_id=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).id)' "$target")
curl -fsS "$base/api/v1/plans" "${auth[@]}" \
  -d "{\"name\":\"fuzz\",\"targetId\":\"$target_id\",\"load\":{\"executor\":\"constant-vus\",\"vus\":1,\"duration\":\"10s\"},\"requests\":[{\"name\":\"Get\",\"path\":\"/\"}]}" >/dev/null

log "fuzzing $base for ${SECONDS_BUDGET}s (schemathesis $SCHEMATHESIS_VERSION)"
rc=0
"$VENV/bin/schemathesis" --config-file "$REPO_ROOT/scripts/fuzz/schemathesis.toml" run "$base/api/docs-json" \
  --url "$base/api/v1" \
  -H "authorization: Bearer $token" \
  --checks ${LOADLINE_FUZZ_CHECKS:-not_a_server_error,response_schema_conformance} \
  --exclude-path-regex '/runs$|/rerun$|/triggers|/schedules|/webhooks|/verify$|/check-script|/auth/(logout|switch)|/organization$|/organization/leave|/sessions/' \
  --phases examples,coverage,fuzzing \
  --max-time "$SECONDS_BUDGET" \
  --workers 2 \
  --request-timeout 10 \
  --suppress-health-check all \
  --warnings off \
  --report junit --report-dir "$RUN_DIR/report" || rc=$?
((rc == 0)) && log "fuzz: no 5xx and no answer outside its documented schema" || log "fuzz: failures above (JUnit in $RUN_DIR/report)"
exit "$rc"
