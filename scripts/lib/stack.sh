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

# stop_service RUN_DIR NAME: stops the process group started by start_service, if alive.
stop_service() {
  local run_dir=$1 name=$2 pid
  [[ -f $run_dir/$name.pid ]] || return 0
  pid=$(cat "$run_dir/$name.pid")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$run_dir/$name.pid"
}

# wait_for_health URL SECONDS RUN_DIR: waits until /api/v1/health is ok with a live runner.
wait_for_health() {
  local url=$1 seconds=$2 run_dir=$3 body name deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    body=$(curl -fsS "$url/api/v1/health" 2>/dev/null || true)
    if [[ $body == *'"status":"ok"'* && $body != *'"live":0'* ]]; then
      return 0
    fi
    for name in api runner; do
      if [[ -f $run_dir/$name.pid ]] && ! kill -0 "$(cat "$run_dir/$name.pid")" 2>/dev/null; then
        log "$name exited; last lines of $run_dir/$name.log:"
        tail -n 20 "$run_dir/$name.log" >&2 || true
        return 1
      fi
    done
    sleep 0.5
  done
  log "not healthy after ${seconds}s: ${body:-no answer from $url}"
  return 1
}

# The key that encrypts target secrets on this machine: made once, kept in .tools (mode 600).
secret_key() {
  local file="$REPO_ROOT/.tools/secret-key"
  if [[ ! -s $file ]]; then
    mkdir -p "$(dirname "$file")"
    (umask 077 && head -c 32 /dev/urandom | base64 >"$file")
  fi
  cat "$file"
}

# start_platform RUN_DIR PORT DATABASE_URL REDIS_URL QUEUE_PREFIX: api + runner, healthy.
# A local install sends load to this machine (the demo target, the e2e targets), so the
# address policy allows loopback here; a real deployment leaves LOADLINE_ALLOWED_NETWORKS empty.
start_platform() {
  local run_dir=$1 port=$2 database_url=$3 redis_url=$4 prefix=$5
  start_service "$run_dir" api env DATABASE_URL="$database_url" REDIS_URL="$redis_url" \
    LOADLINE_PORT="$port" LOADLINE_QUEUE_PREFIX="$prefix" LOADLINE_SECRET_KEY="$(secret_key)" \
    LOADLINE_ALLOWED_NETWORKS="${LOADLINE_ALLOWED_NETWORKS:-127.0.0.0/8,::1/128}" node "$REPO_ROOT/apps/api/dist/main.js"
  # The runner gets the queue and nothing else: no database credentials.
  start_service "$run_dir" runner env -u DATABASE_URL REDIS_URL="$redis_url" LOADLINE_QUEUE_PREFIX="$prefix" \
    LOADLINE_RUNNER_ID="runner-$prefix-1" node "$REPO_ROOT/apps/runner/dist/main.js"
  wait_for_health "http://127.0.0.1:$port" 60 "$run_dir"
}

stop_platform() {
  local run_dir=$1
  stop_service "$run_dir" runner
  stop_service "$run_dir" api
}
