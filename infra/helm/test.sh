#!/usr/bin/env bash
# Checks the Helm chart without a cluster: helm lint, helm template with the default values
# and with runner autoscaling (KEDA) + web + ingress enabled, and a few assertions on what
# renders (the runner never receives database credentials or the platform secret key).
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

FULL=(--set runner.autoscaling.enabled=true --set web.enabled=true --set ingress.enabled=true)

quietly helm-lint helm lint --strict "$CHART" || fail "helm lint (default values)"
quietly helm-lint-full helm lint --strict "$CHART" "${FULL[@]}" || fail "helm lint (autoscaling + web)"
helm template loadline "$CHART" >"$OUT/default.yaml" || fail "helm template (default values)"
helm template loadline "$CHART" "${FULL[@]}" >"$OUT/full.yaml" || fail "helm template (autoscaling + web)"
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
expect_not "$OUT/default.yaml" Deployment/loadline-web
expect_not "$OUT/default.yaml" ScaledObject/loadline-runner
expect "$OUT/full.yaml" Deployment/loadline-web
expect "$OUT/full.yaml" Service/loadline-web
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
grep -q '^  replicas:' "$runner" && fail "runner Deployment sets replicas while autoscaled"
for want in DATABASE_URL REDIS_URL LOADLINE_SECRET_KEY /api/v1/health 'runAsNonRoot: true'; do
  grep -q "$want" "$OUT/api-deployment.yaml" || fail "api Deployment lacks $want"
done
grep -q 'loadline:loadline-runs:wait' "$OUT/full.yaml" || fail "ScaledObject does not watch loadline:loadline-runs:wait"
grep -q '"helm.sh/hook": pre-install,pre-upgrade' "$OUT/full.yaml" || fail "migrations Job is not a pre-install,pre-upgrade hook"
grep -q 'scripts/db/migrate.mjs' "$OUT/full.yaml" || fail "migrations Job does not run scripts/db/migrate.mjs"

if ((failures)); then
  die "helm chart: $failures check(s) failed"
fi
log "helm chart ok: lint + template (default; autoscaling + web + ingress); runner has REDIS_URL only"
