# shellcheck shell=bash
# Starting and stopping the platform's processes (api, runner, demo target) in the
# background, each with a pid file and a log under a run directory. Sourced after common.sh.

# start_service RUN_DIR NAME COMMAND...: starts COMMAND in its own session, detached.
start_service() {
  local run_dir=$1 name=$2
  shift 2
  mkdir -p "$run_dir"
  stop_service "$run_dir" "$name"
  nohup setsid "$@" >"$run_dir/$name.log" 2>&1 </dev/null &
  echo $! >"$run_dir/$name.pid"
}

# stop_service RUN_DIR NAME...: stops the process groups started by start_service, if alive:
# all are sent SIGTERM at once, given 5 s together, then killed.
stop_service() {
  local run_dir=$1 name pid pids=() waiting
  shift
  for name in "$@"; do
    [[ -f $run_dir/$name.pid ]] || continue
    pid=$(cat "$run_dir/$name.pid")
    rm -f "$run_dir/$name.pid"
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
    fi
  done
  ((${#pids[@]})) || return 0
  for _ in $(seq 1 50); do
    waiting=0
    for pid in "${pids[@]}"; do
      kill -0 "$pid" 2>/dev/null && waiting=1
    done
    ((waiting)) || break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
}

# runner_services RUN_DIR: the names of the runners with a pid file in RUN_DIR (runner-1,
# runner-2, ...; "runner" is the single runner of a checkout from before LOADLINE_RUNNERS).
runner_services() {
  local file
  for file in "$1"/runner.pid "$1"/runner-*.pid; do
    [[ -f $file ]] || continue
    file=${file##*/}
    echo "${file%.pid}"
  done
}

# runners_online REDIS_URL PREFIX RUNNER_ID...: how many of these runners have a fresh
# heartbeat in the run queue (<prefix>:rq:alive, what the API counts). The public /health
# says how many runners are online, never which (docs/security.md).
runners_online() {
  local redis_url=$1 prefix=$2 id score now count=0
  shift 2
  now=$(($(date +%s%N) / 1000000))
  for id in "$@"; do
    score=$(redis-cli --no-auth-warning -u "$redis_url" zscore "$prefix:rq:alive" "$id" 2>/dev/null || true)
    [[ $score =~ ^[0-9]+ ]] && ((${score%%.*} >= now - 15000)) && count=$((count + 1))
  done
  echo "$count"
}

# wait_for_health URL SECONDS RUN_DIR REDIS_URL PREFIX RUNNER_ID...: waits until
# /api/v1/health is ok and every one of the runners is online.
wait_for_health() {
  local url=$1 seconds=$2 run_dir=$3 redis_url=$4 prefix=$5 body name online=0 deadline=$((SECONDS + $2))
  shift 5
  while ((SECONDS < deadline)); do
    body=$(curl -fsS "$url/api/v1/health" 2>/dev/null || true)
    if [[ $body == *'"status":"ok"'* ]]; then
      online=$(runners_online "$redis_url" "$prefix" "$@")
      ((online == $#)) && return 0
    fi
    for name in api $(runner_services "$run_dir"); do
      if [[ -f $run_dir/$name.pid ]] && ! kill -0 "$(cat "$run_dir/$name.pid")" 2>/dev/null; then
        log "$name exited; last lines of $run_dir/$name.log:"
        tail -n 20 "$run_dir/$name.log" >&2 || true
        return 1
      fi
    done
    sleep 0.5
  done
  log "not healthy after ${seconds}s ($((${#} - online)) of $# runners not online): ${body:-no answer from $url}"
  return 1
}

# The key that encrypts target secrets on this machine: made once, kept in .tools (mode 600).
secret_key() { key_file "$REPO_ROOT/.tools/secret-key"; }
# The key the API seals job secrets with for the runners (not the secret key: runners never get that).
runner_key() { key_file "$REPO_ROOT/.tools/runner-key"; }

# key_file FILE: prints the random key kept in FILE (mode 600), making it on first use.
key_file() {
  local file=$1
  if [[ ! -s $file ]]; then
    mkdir -p "$(dirname "$file")"
    (umask 077 && head -c 32 /dev/urandom | base64 >"$file")
  fi
  cat "$file"
}

# start_platform RUN_DIR PORT DATABASE_URL REDIS_URL QUEUE_PREFIX [RUNNERS]: the api and
# RUNNERS runner processes (default 1), healthy once every runner is live. Runner i is
# runner-<prefix>-<i>, works in RUN_DIR/runner-<i> and logs to RUN_DIR/runner-<i>.log; runners
# left from an earlier start with more of them are stopped. The api's LOADLINE_MAX_RUNNERS is
# RUNNERS unless the caller set it (set but empty: no ceiling), so a plan with more segments
# than there are runners is refused at once instead of waiting for runners that never come.
# A local install sends load to this machine (the demo target, the e2e targets), so the
# address policy allows loopback here; a real deployment leaves LOADLINE_ALLOWED_NETWORKS empty.
#
# Metrics ports (Prometheus text, loopback): the API's is LOADLINE_METRICS_PORT, runner i's is
# LOADLINE_RUNNER_HTTP_PORT + i - 1; unset or 0, they are off (what the test suites want).
start_platform() {
  local run_dir=$1 port=$2 database_url=$3 redis_url=$4 prefix=$5 runners=${6:-1} i ceiling=() ids=()
  local metrics_port=${LOADLINE_METRICS_PORT:-0} runner_http=${LOADLINE_RUNNER_HTTP_PORT:-0}
  [[ $runners =~ ^[1-9][0-9]*$ ]] || { log "the number of runners must be a whole number from 1, not '$runners'"; return 1; }
  if [[ -z ${LOADLINE_MAX_RUNNERS+set} ]]; then
    ceiling=(LOADLINE_MAX_RUNNERS="$runners")
  elif [[ -z $LOADLINE_MAX_RUNNERS ]]; then
    ceiling=(-u LOADLINE_MAX_RUNNERS)
  fi
  # shellcheck disable=SC2046 # one service name per line, none with spaces
  stop_service "$run_dir" $(runner_services "$run_dir")
  start_service "$run_dir" api env "${ceiling[@]}" DATABASE_URL="$database_url" REDIS_URL="$redis_url" \
    LOADLINE_PORT="$port" LOADLINE_QUEUE_PREFIX="$prefix" LOADLINE_SECRET_KEY="$(secret_key)" \
    LOADLINE_RUNNER_KEY="$(runner_key)" LOADLINE_ALLOWED_NETWORKS="${LOADLINE_ALLOWED_NETWORKS:-127.0.0.0/8,::1/128}" \
    LOADLINE_METRICS_PORT="$metrics_port" node "$REPO_ROOT/apps/api/dist/main.js"
  # Runners get the queue and the key to job secrets, nothing else: no database credentials,
  # no secret key.
  for ((i = 1; i <= runners; i++)); do
    ids+=("runner-$prefix-$i")
    start_service "$run_dir" "runner-$i" env -u DATABASE_URL -u LOADLINE_SECRET_KEY REDIS_URL="$redis_url" \
      LOADLINE_RUNNER_KEY="$(runner_key)" LOADLINE_QUEUE_PREFIX="$prefix" LOADLINE_RUNNER_ID="runner-$prefix-$i" LOADLINE_RUNNER_WORKDIR="$run_dir/runner-$i" \
      LOADLINE_RUNNER_HTTP_PORT=$((runner_http > 0 ? runner_http + i - 1 : 0)) node "$REPO_ROOT/apps/runner/dist/main.js"
  done
  wait_for_health "http://127.0.0.1:$port" 60 "$run_dir" "$redis_url" "$prefix" "${ids[@]}"
}

# stop_platform RUN_DIR: stops the api and every runner started in RUN_DIR.
stop_platform() {
  local run_dir=$1
  # shellcheck disable=SC2046 # one service name per line, none with spaces
  stop_service "$run_dir" $(runner_services "$run_dir") api
}
