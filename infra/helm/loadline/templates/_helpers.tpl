{{/* Chart name, truncated to the 63 characters Kubernetes allows in names. */}}
{{- define "loadline.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Full name: release-chart, or just the release name when it already has the chart name. */}}
{{- define "loadline.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "loadline.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Common labels. Call with (dict "ctx" $ "component" "api"). */}}
{{- define "loadline.labels" -}}
helm.sh/chart: {{ include "loadline.chart" .ctx }}
{{ include "loadline.selectorLabels" . }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
app.kubernetes.io/part-of: loadline
{{- end }}

{{/* Selector labels. Call with (dict "ctx" $ "component" "api"). */}}
{{- define "loadline.selectorLabels" -}}
app.kubernetes.io/name: {{ include "loadline.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
{{- if .component }}
app.kubernetes.io/component: {{ .component }}
{{- end }}
{{- end }}

{{/* Image reference. Call with (dict "ctx" $ "image" .Values.api.image). */}}
{{- define "loadline.image" -}}
{{- if .image.digest }}
{{- printf "%s@%s" .image.repository .image.digest }}
{{- else }}
{{- printf "%s:%s" .image.repository (default .ctx.Chart.AppVersion .image.tag) }}
{{- end }}
{{- end }}

{{- define "loadline.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "loadline.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "loadline.runnerServiceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- printf "%s-runner" (include "loadline.serviceAccountName" .) | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
Secrets. The API's secrets (database URL, secret key) and the Redis URL live in separate
Secrets so that the runner, which must never hold database credentials, references only the
Redis one.
*/}}
{{- define "loadline.apiSecretName" -}}
{{- printf "%s-api" (include "loadline.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "loadline.redisSecretName" -}}
{{- printf "%s-redis" (include "loadline.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "loadline.migrationsSecretName" -}}
{{- printf "%s-migrations" (include "loadline.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* True (non-empty) when the chart must create the API Secret. */}}
{{- define "loadline.createApiSecret" -}}
{{- if or (not .Values.database.existingSecret) (not .Values.secretKey.existingSecret) }}true{{- end }}
{{- end }}

{{/* The secret key: given, or kept from the release's Secret, or generated on first install. */}}
{{- define "loadline.secretKeyValue" -}}
{{- if .Values.secretKey.value }}
{{- .Values.secretKey.value }}
{{- else }}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (include "loadline.apiSecretName" .) }}
{{- if and $existing $existing.data (hasKey $existing.data "LOADLINE_SECRET_KEY") }}
{{- index $existing.data "LOADLINE_SECRET_KEY" | b64dec }}
{{- else }}
{{- randAlphaNum 48 }}
{{- end }}
{{- end }}
{{- end }}

{{/* env entries for DATABASE_URL. */}}
{{- define "loadline.env.databaseUrl" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      {{- if .Values.database.existingSecret }}
      name: {{ .Values.database.existingSecret }}
      key: {{ .Values.database.existingSecretKey }}
      {{- else }}
      name: {{ include "loadline.apiSecretName" . }}
      key: DATABASE_URL
      {{- end }}
{{- end }}

{{- define "loadline.env.redisUrl" -}}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      {{- if .Values.redis.existingSecret }}
      name: {{ .Values.redis.existingSecret }}
      key: {{ .Values.redis.existingSecretKey }}
      {{- else }}
      name: {{ include "loadline.redisSecretName" . }}
      key: REDIS_URL
      {{- end }}
{{- end }}

{{- define "loadline.env.secretKey" -}}
- name: LOADLINE_SECRET_KEY
  valueFrom:
    secretKeyRef:
      {{- if .Values.secretKey.existingSecret }}
      name: {{ .Values.secretKey.existingSecret }}
      key: {{ .Values.secretKey.existingSecretKey }}
      {{- else }}
      name: {{ include "loadline.apiSecretName" . }}
      key: LOADLINE_SECRET_KEY
      {{- end }}
{{- end }}

{{/* The Redis key prefix of the queues (LOADLINE_QUEUE_PREFIX). */}}
{{- define "loadline.queuePrefix" -}}
{{- .Values.queuePrefix | default "loadline" }}
{{- end }}

{{/* The list whose length is how many runners the API wants (RunQueue's keys.demand). */}}
{{- define "loadline.runDemandList" -}}
{{- printf "%s:rq:demand" (include "loadline.queuePrefix" .) }}
{{- end }}

{{/*
LOADLINE_MAX_RUNNERS: api.runQueue.maxRunners, else the most runner pods the chart can run
(runner.autoscaling.maxReplicas when autoscaled, runner.replicas otherwise).
*/}}
{{- define "loadline.maxRunners" -}}
{{- $derived := .Values.runner.replicas }}
{{- if .Values.runner.autoscaling.enabled }}
{{- $derived = .Values.runner.autoscaling.maxReplicas }}
{{- end }}
{{- .Values.api.runQueue.maxRunners | default $derived | toString }}
{{- end }}

{{/* Checksum of the connection settings, so that pods roll when they change. */}}
{{- define "loadline.configChecksum" -}}
{{- list .Values.database .Values.redis .Values.secretKey | toYaml | sha256sum }}
{{- end }}

{{/* Checks values that cannot be expressed in values.yaml alone. */}}
{{- define "loadline.validate" -}}
{{- if and (not .Values.database.url) (not .Values.database.existingSecret) }}
{{- fail "set database.url or database.existingSecret" }}
{{- end }}
{{- if and (not .Values.redis.url) (not .Values.redis.existingSecret) }}
{{- fail "set redis.url or redis.existingSecret" }}
{{- end }}
{{- if not (regexMatch "^[1-9][0-9]*$" (include "loadline.maxRunners" .)) }}
{{- fail (printf "api.runQueue.maxRunners (or runner.autoscaling.maxReplicas / runner.replicas) must be a whole number from 1, not %q" (include "loadline.maxRunners" .)) }}
{{- end }}
{{- range $key := list "runnerWaitSeconds" "queueTimeoutSeconds" "runnerReadySeconds" }}
{{- if not (regexMatch "^[1-9][0-9]*$" (toString (index $.Values.api.runQueue $key))) }}
{{- fail (printf "api.runQueue.%s must be a whole number of seconds from 1" $key) }}
{{- end }}
{{- end }}
{{- if not (has .Values.runner.autoscaling.type (list "keda" "hpa")) }}
{{- fail (printf "runner.autoscaling.type must be keda or hpa, not %q" .Values.runner.autoscaling.type) }}
{{- end }}
{{- end }}

{{/* The runner key (LOADLINE_RUNNER_KEY): given, or kept from the release's Secret, or generated on first install. */}}
{{- define "loadline.runnerKeyValue" -}}
{{- if .Values.runnerKey.value }}
{{- .Values.runnerKey.value }}
{{- else }}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (printf "%s-runner-key" (include "loadline.fullname" .)) }}
{{- if and $existing $existing.data (hasKey $existing.data "LOADLINE_RUNNER_KEY") }}
{{- index $existing.data "LOADLINE_RUNNER_KEY" | b64dec }}
{{- else }}
{{- randAlphaNum 48 }}
{{- end }}
{{- end }}
{{- end }}

{{/* env entry for LOADLINE_RUNNER_KEY: the API seals job secrets with it, runners open them. */}}
{{- define "loadline.env.runnerKey" -}}
- name: LOADLINE_RUNNER_KEY
  valueFrom:
    secretKeyRef:
      {{- if .Values.runnerKey.existingSecret }}
      name: {{ .Values.runnerKey.existingSecret }}
      key: {{ .Values.runnerKey.existingSecretKey }}
      {{- else }}
      name: {{ include "loadline.fullname" . }}-runner-key
      key: LOADLINE_RUNNER_KEY
      {{- end }}
{{- end }}

{{- /* Where people open Loadline: api.publicUrl, else the first ingress host. */}}
{{- define "loadline.publicUrl" -}}
{{- if .Values.api.publicUrl }}
{{- .Values.api.publicUrl }}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts }}
{{- printf "%s://%s" (ternary "https" "http" (gt (len .Values.ingress.tls) 0)) (first .Values.ingress.hosts).host }}
{{- end }}
{{- end }}

{{/*
OpenTelemetry env entries (only when otel.endpoint is set), for (dict "ctx" $ "component" "api").
Before the component's own env, so api.env / runner.env can still override any of them.
*/}}
{{- define "loadline.env.otel" -}}
{{- $o := .ctx.Values.otel }}
{{- if $o.endpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $o.endpoint | quote }}
- name: OTEL_EXPORTER_OTLP_PROTOCOL
  value: {{ $o.protocol | quote }}
{{- if $o.serviceNamePrefix }}
- name: OTEL_SERVICE_NAME
  value: {{ printf "%s-%s" $o.serviceNamePrefix .component | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* The port of otel.endpoint: the URL's own, else 443 for https and 80 for http. */}}
{{- define "loadline.otelPort" -}}
{{- $u := urlParse .Values.otel.endpoint }}
{{- $hostPort := splitList ":" $u.host }}
{{- if gt (len $hostPort) 1 }}{{ last $hostPort | atoi }}{{ else if eq $u.scheme "https" }}443{{ else }}80{{ end }}
{{- end }}
