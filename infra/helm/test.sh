#!/usr/bin/env bash
# Checks the Helm chart without a cluster: helm lint, helm template with the default values
# and with runner autoscaling (KEDA) + ingress enabled, and a few assertions on what
# renders (the runner never receives database credentials or the platform secret key; the
# runner autoscaler watches the run queue's demand list; the API's runner ceiling follows
# the runner replicas).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../../scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/common.sh"

bash "$REPO_ROOT/scripts/ensure-helm.sh"
CHART=$REPO_ROOT/infra/helm/loadline
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

failures=0
fail() {
  printf '[loadline] FAIL: %s\n' "$*" >&2
  failures=$((failures + 1))
}

FULL=(--set runner.autoscaling.enabled=true --set ingress.enabled=true)

quietly helm-lint helm lint --strict "$CHART" || fail "helm lint (default values)"
quietly helm-lint-full helm lint --strict "$CHART" "${FULL[@]}" || fail "helm lint (autoscaling + ingress)"
helm template loadline "$CHART" >"$OUT/default.yaml" || fail "helm template (default values)"
helm template loadline "$CHART" "${FULL[@]}" >"$OUT/full.yaml" || fail "helm template (autoscaling + ingress)"
for show in runner-deployment api-deployment; do
  helm template loadline "$CHART" "${FULL[@]}" --show-only "templates/$show.yaml" >"$OUT/$show.yaml" ||
    fail "helm template --show-only templates/$show.yaml"
done

# kinds FILE: "Kind/name" per rendered object.
kinds() { awk '/^kind:/ { k = $2 } /^  name:/ && k { print k "/" $2; k = "" }' "$1" | sort; }

expect() { # expect FILE Kind/name
  kinds "$1" | grep -qx "$2" || fail "$(basename "$1"): missing $2"
}
expect_not() {
  kinds "$1" | grep -qx "$2" && fail "$(basename "$1"): unexpected $2"
  return 0
}

for f in "$OUT/default.yaml" "$OUT/full.yaml"; do
  expect "$f" Deployment/loadline-api
  expect "$f" Deployment/loadline-runner
  expect "$f" Service/loadline-api
  expect "$f" Job/loadline-migrations
  expect "$f" Secret/loadline-api
  expect "$f" Secret/loadline-redis
done
expect_not "$OUT/full.yaml" Deployment/loadline-web # the API image serves the web app
grep -q 'name: loadline-api' <(grep -A30 '^kind: Ingress' "$OUT/full.yaml") || fail "the Ingress does not send / to the API"
expect_not "$OUT/default.yaml" ScaledObject/loadline-runner
expect "$OUT/full.yaml" ScaledObject/loadline-runner
expect "$OUT/full.yaml" Ingress/loadline

runner=$OUT/runner-deployment.yaml
grep -q 'kind: Deployment' "$runner" || fail "runner Deployment did not render"
for forbidden in DATABASE_URL LOADLINE_SECRET_KEY loadline-api loadline-migrations; do
  if grep -q "$forbidden" "$runner"; then
    fail "runner Deployment mentions $forbidden (the runner must not get database credentials or platform secrets)"
  fi
done
grep -q 'name: REDIS_URL' "$runner" || fail "runner Deployment has no REDIS_URL"
grep -q 'name: LOADLINE_RUNNER_KEY' "$runner" || fail "runner Deployment has no LOADLINE_RUNNER_KEY (it could not open job secrets)"
grep -A1 'name: LOADLINE_SANDBOX' "$runner" | grep -q 'value: container' || fail "runner Deployment does not make its pod k6's sandbox (LOADLINE_SANDBOX=container)"
grep -q '^  replicas:' "$runner" && fail "runner Deployment sets replicas while autoscaled"
for want in DATABASE_URL REDIS_URL LOADLINE_SECRET_KEY LOADLINE_RUNNER_KEY /api/v1/health 'runAsNonRoot: true'; do
  grep -q "$want" "$OUT/api-deployment.yaml" || fail "api Deployment lacks $want"
done

# env_value FILE NAME: the value of the first env entry NAME in FILE (quotes removed).
env_value() {
  awk -v want="$2" '$1 == "-" && $2 == "name:" && $3 == want { found = 1; next }
    found && $1 == "value:" { v = $2; gsub(/"/, "", v); print v; exit }
    found { exit }' "$1"
}
expect_env() { # expect_env FILE NAME VALUE
  local got
  got=$(env_value "$1" "$2")
  [[ $got == "$3" ]] || fail "$(basename "$1"): $2 is '${got}', expected '$3'"
}

# The runner autoscaler: one runner per entry of <queuePrefix>:rq:demand, nothing else.
grep -q 'listName: "loadline:rq:demand"' "$OUT/full.yaml" || fail "ScaledObject does not watch loadline:rq:demand"
grep -q 'listLength: "1"' "$OUT/full.yaml" || fail "ScaledObject's listLength is not 1 (one runner per segment)"
grep -q 'maxReplicaCount: 10' "$OUT/full.yaml" || fail "ScaledObject's maxReplicaCount is not runner.autoscaling.maxReplicas"
for gone in loadline-runs scalingModifiers; do
  grep -q "$gone" "$OUT/full.yaml" && fail "full.yaml still mentions $gone (runs no longer go through a BullMQ queue)"
done
helm template loadline "$CHART" "${FULL[@]}" --set queuePrefix=acme >"$OUT/prefix.yaml" || fail "helm template --set queuePrefix=acme"
grep -q 'listName: "acme:rq:demand"' "$OUT/prefix.yaml" || fail "ScaledObject does not follow queuePrefix (acme:rq:demand)"
[[ $(grep -c 'value: "acme"' "$OUT/prefix.yaml") -ge 2 ]] || fail "api and runner do not both get LOADLINE_QUEUE_PREFIX=acme"
grep -q 'loadline:rq' "$OUT/prefix.yaml" && fail "queuePrefix=acme still renders loadline:rq"

# The API's settings for runs waiting for runners; LOADLINE_MAX_RUNNERS = the most runner pods.
api=$OUT/api-deployment.yaml
expect_env "$api" LOADLINE_MAX_RUNNERS 10
expect_env "$api" LOADLINE_RUNNER_WAIT_SECONDS 180
expect_env "$api" LOADLINE_QUEUE_TIMEOUT_SECONDS 3600
expect_env "$api" LOADLINE_RUNNER_READY_SECONDS 120
render_api() { # render_api NAME HELM-ARGS...: the api Deployment alone, into $OUT/api-NAME.yaml
  local name=$1
  shift
  helm template loadline "$CHART" --show-only templates/api-deployment.yaml "$@" >"$OUT/api-$name.yaml" ||
    fail "helm template $*"
}
render_api fixed --set runner.replicas=4
expect_env "$OUT/api-fixed.yaml" LOADLINE_MAX_RUNNERS 4
render_api override "${FULL[@]}" --set api.runQueue.maxRunners=25 --set api.runQueue.runnerWaitSeconds=600
expect_env "$OUT/api-override.yaml" LOADLINE_MAX_RUNNERS 25
expect_env "$OUT/api-override.yaml" LOADLINE_RUNNER_WAIT_SECONDS 600
helm template loadline "$CHART" --set api.runQueue.maxRunners=many >/dev/null 2>&1 &&
  fail "api.runQueue.maxRunners=many rendered (must be refused)"
grep -q LOADLINE_MAX_RUNNERS "$runner" && fail "runner Deployment gets the API's LOADLINE_MAX_RUNNERS"
grep -q '"helm.sh/hook": pre-install,pre-upgrade' "$OUT/full.yaml" || fail "migrations Job is not a pre-install,pre-upgrade hook"
grep -q 'scripts/db/migrate.mjs' "$OUT/full.yaml" || fail "migrations Job does not run scripts/db/migrate.mjs"

# Probes: liveness asks only the process; readiness asks PostgreSQL and Redis too.
grep -A4 'livenessProbe:' "$api" | grep -q 'path: /api/v1/health/live' || fail "api liveness is not /api/v1/health/live"
grep -A4 'readinessProbe:' "$api" | grep -q 'path: /api/v1/health/ready' || fail "api readiness is not /api/v1/health/ready"
grep -q 'name: metrics' "$api" || fail "api has no metrics port"
expect_env "$api" LOADLINE_METRICS_PORT 9464
grep -B1 'containerPort: 9465' "$runner" | grep -q 'name: metrics' || fail "runner has no metrics port 9465"
expect_env "$runner" LOADLINE_RUNNER_HTTP_PORT 9465
grep -A4 'livenessProbe:' "$runner" | grep -q 'path: /livez' || fail "runner liveness is not /livez"
grep -A4 'readinessProbe:' "$runner" | grep -q 'path: /readyz' || fail "runner readiness is not /readyz"

# Disruption budgets, the runners' network policy and the helm test hook.
expect "$OUT/default.yaml" PodDisruptionBudget/loadline-api
expect "$OUT/default.yaml" PodDisruptionBudget/loadline-runner
expect "$OUT/default.yaml" NetworkPolicy/loadline-runner
expect "$OUT/default.yaml" Pod/loadline-test-api-ready
grep -q '"helm.sh/hook": test' "$OUT/default.yaml" || fail "the API test Pod is not a helm test hook"
policy=$OUT/policy.yaml
helm template loadline "$CHART" --show-only templates/runner-networkpolicy.yaml >"$policy" || fail "helm template runner-networkpolicy"
for denied in 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 169.254.0.0/16 fc00::/7; do
  grep -q -- "- $denied" "$policy" || fail "runner NetworkPolicy does not deny $denied"
done
grep -q 'cidr: 0.0.0.0/0' "$policy" || fail "runner NetworkPolicy does not let runners reach the internet"
grep -q 'port: 6379' "$policy" || fail "runner NetworkPolicy does not let runners reach Redis"

# egress FILE: the egress rules of the (first) NetworkPolicy in FILE, as JSON.
egress() {
  (cd "$REPO_ROOT" && node --input-type=module -e '
    import { readFileSync } from "node:fs";
    import { parseAllDocuments } from "yaml";
    const policy = parseAllDocuments(readFileSync(process.argv[1], "utf8")).map((doc) => doc.toJS()).find((doc) => doc?.kind === "NetworkPolicy");
    process.stdout.write(JSON.stringify(policy?.spec?.egress ?? []));' "$1")
}
rules=$(egress "$policy")
# The ranges a target may never be in (the API's address policy, apps/api/src/targets/address-policy.ts)
# are denied to the runners too, IPv4-embedding IPv6 prefixes included.
denied_v4=$(jq -r '.[].to[]?.ipBlock | select(.cidr == "0.0.0.0/0") | .except[]' <<<"$rules")
denied_v6=$(jq -r '.[].to[]?.ipBlock | select(.cidr == "::/0") | .except[]' <<<"$rules")
for denied in 0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 168.63.129.16/32 169.254.0.0/16 172.16.0.0/12 192.0.0.0/24 192.168.0.0/16; do
  grep -qx -- "$denied" <<<"$denied_v4" || fail "runner NetworkPolicy does not deny $denied"
done
for denied in ::1/128 fc00::/7 fe80::/10 64:ff9b::/96 64:ff9b:1::/48 ::ffff:0:0/96; do
  grep -qx -- "$denied" <<<"$denied_v6" || fail "runner NetworkPolicy does not deny $denied"
done
# DNS and Redis only where they are: each rule that opens port 53 or Redis's port names its
# peers (never "to" left out, which is every address, nor a 0.0.0.0/0 or ::/0 block).
open_to_all() { # open_to_all RULES PORT: prints how many rules open PORT to every address
  jq --argjson port "$2" '[.[] | select(any(.ports[]?; .port == $port))
    | select((.to // []) == [] or any(.to[]; .ipBlock.cidr == "0.0.0.0/0" or .ipBlock.cidr == "::/0"))] | length' <<<"$1"
}
[[ $(open_to_all "$rules" 53) == 0 ]] || fail "runner NetworkPolicy opens DNS (port 53) to every address"
[[ $(open_to_all "$rules" 6379) == 0 ]] || fail "runner NetworkPolicy opens the Redis port to every address"
jq -e '[.[] | select(any(.ports[]?; .port == 53)) | .to[] | select(.namespaceSelector.matchLabels["kubernetes.io/metadata.name"] == "kube-system"
  and .podSelector.matchLabels["k8s-app"] == "kube-dns")] | length == 1' <<<"$rules" >/dev/null ||
  fail "runner NetworkPolicy's DNS rule does not default to the cluster's resolver (kube-system, k8s-app: kube-dns)"
custom=$(helm template loadline "$CHART" --show-only templates/runner-networkpolicy.yaml \
  --set 'runner.networkPolicy.dnsPeers[0].ipBlock.cidr=10.96.0.10/32' --set 'runner.networkPolicy.redisPeers[0].ipBlock.cidr=10.1.2.3/32' |
  egress /dev/stdin) || fail "helm template with dnsPeers and redisPeers"
jq -e '[.[] | select(any(.ports[]?; .port == 53)) | .to] == [[{ipBlock: {cidr: "10.96.0.10/32"}}]]' <<<"$custom" >/dev/null ||
  fail "runner NetworkPolicy does not send DNS to runner.networkPolicy.dnsPeers only"
jq -e '[.[] | select(any(.ports[]?; .port == 6379)) | .to] == [[{ipBlock: {cidr: "10.1.2.3/32"}}]]' <<<"$custom" >/dev/null ||
  fail "runner NetworkPolicy does not send Redis traffic to runner.networkPolicy.redisPeers only"
for peers in dnsPeers redisPeers; do
  printf 'runner: { networkPolicy: { %s: [] } }\n' "$peers" >"$OUT/empty-$peers.yaml"
  if helm template loadline "$CHART" -f "$OUT/empty-$peers.yaml" >/dev/null 2>"$OUT/empty-$peers.err"; then
    fail "runner.networkPolicy.$peers=[] rendered (that would open the port to every address)"
  else
    grep -q "runner.networkPolicy.$peers" "$OUT/empty-$peers.err" || fail "refusing an empty $peers does not name it: $(cat "$OUT/empty-$peers.err")"
  fi
done
helm template loadline "$CHART" -f "$OUT/empty-redisPeers.yaml" --set runner.networkPolicy.enabled=false >/dev/null ||
  fail "an empty redisPeers is refused even with the NetworkPolicy off"
grep -q 'policyTypes: \[Ingress, Egress\]' "$policy" || fail "runner NetworkPolicy does not govern both directions"
# Links in webhooks and share links name where people open Loadline, not the pod.
grep -q LOADLINE_PUBLIC_URL "$OUT/default.yaml" && fail "LOADLINE_PUBLIC_URL set with no ingress and no api.publicUrl"
expect_env "$OUT/full.yaml" LOADLINE_PUBLIC_URL http://loadline.example.com
render_api tls --set ingress.enabled=true --set 'ingress.tls[0].secretName=t' --set 'ingress.tls[0].hosts={loadline.example.com}'
expect_env "$OUT/api-tls.yaml" LOADLINE_PUBLIC_URL https://loadline.example.com
render_api public --set ingress.enabled=true --set api.publicUrl=https://perf.example.org/loadline
expect_env "$OUT/api-public.yaml" LOADLINE_PUBLIC_URL https://perf.example.org/loadline
# Networks an operator allows targets in: the API is told, and runners may reach them.
grep -q LOADLINE_ALLOWED_NETWORKS "$OUT/default.yaml" && fail "LOADLINE_ALLOWED_NETWORKS set without targets.allowedNetworks"
helm template loadline "$CHART" --set 'targets.allowedNetworks={10.20.0.0/16,fd00:1::/64}' >"$OUT/allowed.yaml" ||
  fail "helm template targets.allowedNetworks"
expect_env "$OUT/allowed.yaml" LOADLINE_ALLOWED_NETWORKS 10.20.0.0/16,fd00:1::/64
grep -A1 -- '- ipBlock:' "$OUT/allowed.yaml" | grep -q 'cidr: 10.20.0.0/16' ||
  fail "runner NetworkPolicy does not let runners reach targets.allowedNetworks"
helm template loadline "$CHART" --show-only templates/runner-networkpolicy.yaml --set redis.url=redis://:pw@redis.example.internal:6380 |
  grep -q 'port: 6380' || fail "runner NetworkPolicy does not follow the Redis port of redis.url"
helm template loadline "$CHART" --set runner.networkPolicy.enabled=false | grep -q 'kind: NetworkPolicy' &&
  fail "runner.networkPolicy.enabled=false still renders a NetworkPolicy"

# Images by digest.
digest=sha256:$(printf '%064d' 7)
helm template loadline "$CHART" --set api.image.digest="$digest" --show-only templates/api-deployment.yaml |
  grep -q "image: loadline/api@$digest" || fail "api.image.digest does not pin the image"

# values.schema.json refuses what cannot work, at helm lint/template time.
refuse() { # refuse WHAT HELM-ARGS...
  local what=$1
  shift
  helm template loadline "$CHART" "$@" >/dev/null 2>&1 && fail "values.schema.json accepted $what"
  return 0
}
refuse "api.replicas=two" --set api.replicas=two
refuse "runner.autoscaling.type=vpa" --set runner.autoscaling.type=vpa
refuse "an unknown top-level value (apii)" --set apii.replicas=2
refuse "a malformed digest" --set runner.image.digest=latest
refuse "image.pullPolicy=Sometimes" --set image.pullPolicy=Sometimes
refuse "runner.networkPolicy.deniedCIDRs=[everything]" --set 'runner.networkPolicy.deniedCIDRs={everything}'
refuse "web.enabled (no web image: the API serves the web app)" --set web.enabled=true
refuse "api.publicUrl=perf.example.org (no scheme)" --set api.publicUrl=perf.example.org
refuse "targets.allowedNetworks=[intranet]" --set 'targets.allowedNetworks={intranet}'

# Metrics: a ServiceMonitor (off by default) over headless Services on the pods' `metrics`
# ports, and the Grafana dashboard as a ConfigMap; the dashboard JSON queries series the
# platform exposes.
expect_not "$OUT/default.yaml" ServiceMonitor/loadline
helm template loadline "$CHART" --set metrics.serviceMonitor.enabled=true --set metrics.serviceMonitor.labels.release=prom \
  --set metrics.dashboard.enabled=true >"$OUT/metrics.yaml" || fail "helm template metrics.serviceMonitor.enabled=true"
quietly helm-lint-metrics helm lint --strict "$CHART" --set metrics.serviceMonitor.enabled=true --set metrics.dashboard.enabled=true ||
  fail "helm lint (metrics)"
expect "$OUT/metrics.yaml" ServiceMonitor/loadline
expect "$OUT/metrics.yaml" Service/loadline-api-metrics
expect "$OUT/metrics.yaml" Service/loadline-runner-metrics
expect "$OUT/metrics.yaml" ConfigMap/loadline-dashboard
grep -A3 'endpoints:' "$OUT/metrics.yaml" | grep -q 'port: metrics' || fail "ServiceMonitor does not scrape the ports named metrics"
grep -q 'release: prom' "$OUT/metrics.yaml" || fail "metrics.serviceMonitor.labels are not on the ServiceMonitor"
[[ $(grep -c 'targetPort: metrics' "$OUT/metrics.yaml") -eq 2 ]] || fail "the metrics Services do not both target the pods' metrics port"
grep -q 'clusterIP: None' "$OUT/metrics.yaml" || fail "the metrics Services are not headless"
dashboard=$CHART/dashboards/loadline.json
jq -e '.panels | length > 0' "$dashboard" >/dev/null || fail "dashboards/loadline.json has no panels"
for series in loadline_http_request_duration_seconds loadline_runs loadline_runs_ended_total loadline_run_queue_wait_seconds \
  loadline_ingest_lag_seconds loadline_runners loadline_segments_finished_total loadline_runner_k6_exits_total \
  loadline_webhook_deliveries_total loadline_scheduler_lag_seconds loadline_runner_k6_cpu_cores; do
  jq -r '.panels[].targets[].expr' "$dashboard" | grep -Eq "${series}(_bucket|_count)?([^a-z_]|$)" || fail "the dashboard does not chart $series"
done
refuse "metrics.serviceMonitor.interval=often" --set metrics.serviceMonitor.interval=often

# Optional OpenTelemetry traces (docs/tracing.md): nothing of it by default; with otel.endpoint
# the API and the runners get the OTLP variables and the runners' NetworkPolicy a rule to the
# collector's port (on otelPeers).
grep -q 'OTEL_' "$OUT/default.yaml" "$OUT/full.yaml" && fail "default values render OTEL_ variables (traces are opt-in)"
OTEL=(--set otel.endpoint=http://otel-collector.observability:4318 --set otel.serviceNamePrefix=acme
  --set 'runner.networkPolicy.otelPeers[0].namespaceSelector.matchLabels.name=observability')
quietly helm-lint-otel helm lint --strict "$CHART" "${OTEL[@]}" || fail "helm lint (otel)"
for show in api-deployment runner-deployment runner-networkpolicy; do
  helm template loadline "$CHART" "${OTEL[@]}" --show-only "templates/$show.yaml" >"$OUT/otel-$show.yaml" ||
    fail "helm template (otel) --show-only templates/$show.yaml"
done
for component in api runner; do
  expect_env "$OUT/otel-$component-deployment.yaml" OTEL_EXPORTER_OTLP_ENDPOINT http://otel-collector.observability:4318
  expect_env "$OUT/otel-$component-deployment.yaml" OTEL_EXPORTER_OTLP_PROTOCOL http/protobuf
  expect_env "$OUT/otel-$component-deployment.yaml" OTEL_SERVICE_NAME "acme-$component"
done
grep -A5 'port: 4318' "$OUT/otel-runner-networkpolicy.yaml" | grep -q 'name: observability' ||
  fail "runner NetworkPolicy does not let runners reach the collector's port 4318 on otelPeers"
helm template loadline "$CHART" --set otel.endpoint=https://otlp.example.com --show-only templates/runner-networkpolicy.yaml |
  grep -q 'port: 443' || fail "runner NetworkPolicy does not default the collector's port to 443 for https"
grep -q 'port: 4318' "$policy" && fail "runner NetworkPolicy opens 4318 without otel.endpoint"
refuse "otel.protocol=thrift" --set otel.protocol=thrift
refuse "otel.endpoint without a scheme" --set otel.endpoint=collector:4318

if ((failures)); then
  die "helm chart: $failures check(s) failed"
fi
log "helm chart ok: lint + template (default; autoscaling + ingress); runner has REDIS_URL only; KEDA watches <queuePrefix>:rq:demand; LOADLINE_MAX_RUNNERS follows the runner replicas; probes split; PDBs; runner NetworkPolicy (every denied range; DNS and Redis to their peers only, empty peers refused); helm test hook; digests; ServiceMonitor + dashboard; otel endpoint env + collector egress; values schema refuses bad values"
