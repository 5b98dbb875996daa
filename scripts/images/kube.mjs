#!/usr/bin/env node
// Turns what `helm template` rendered from infra/helm/loadline into what `podman kube play`
// (podman 4.3, Debian bookworm) can run on one machine, so that the images suite runs the
// chart's own pod specs: its images, commands, env (secretKeyRef, fieldRef), security
// contexts, volumes and mounts.
//
//   node scripts/images/kube.mjs RENDERED.yaml OUT_DIR [--free-ports P1,P2,...]
//
// Writes OUT_DIR/secret-<name>.json (a Secret's data, what podman 4.3 resolves secretKeyRef
// against) and OUT_DIR/pod-<name>.yaml, and prints a JSON plan on stdout:
//   { secrets: [{name, file}], steps: [{kind: job|deployment|test, pod, file, containers, volumes, probes}], skipped: [...] }
// in the order to play them: Helm hooks first (by weight), then the Deployments, then the tests.
//
// What is changed, and why (nothing else is):
// - Jobs become Pods (restartPolicy as rendered): podman 4.3 plays no Jobs.
// - A Deployment of N replicas becomes N Pods named <deployment>-<i>: podman plays one.
// - emptyDir volumes are named after their pod (podman 4.3 would share one between pods).
// - hostNetwork: the platform's PostgreSQL and Redis listen on this machine's loopback only.
// - On that shared network podman refuses port mappings (dropped: the env sets the ports), the chart's 0.0.0.0 listen addresses become 127.0.0.1 (nothing is
//   exposed beyond the machine), and replicas after the first get their ports from
//   --free-ports (in a cluster each pod has its own network namespace; here they share one).
// - `helm test` Pods come last; `<service>:<port>` in their commands becomes the loopback
//   address of the first pod the Service selects (cluster DNS and kube-proxy, by hand).
// Services, ServiceAccounts, PodDisruptionBudgets, NetworkPolicies, autoscalers and monitors
// need a cluster; they are listed as skipped, with the reason.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';

const LISTEN_HOST_VARS = new Set(['LOADLINE_HOST', 'LOADLINE_METRICS_HOST', 'LOADLINE_RUNNER_HTTP_HOST']);
const CLUSTER_ONLY = {
  Service: 'needs cluster DNS and kube-proxy',
  ServiceAccount: 'no API server here',
  PodDisruptionBudget: 'no evictions here',
  NetworkPolicy: 'needs a CNI that enforces it',
  ScaledObject: 'needs KEDA',
  HorizontalPodAutoscaler: 'needs metrics-server',
  ServiceMonitor: 'needs the Prometheus operator',
  ConfigMap: 'only the Grafana dashboard, read by a Grafana sidecar',
  Ingress: 'needs an ingress controller',
};

export function planFromRendered(rendered, { freePorts = [] } = {}) {
  const docs = parseAllDocuments(rendered)
    .map((doc) => doc.toJS())
    .filter(Boolean);
  const ports = [...freePorts];
  const secrets = [];
  const steps = [];
  const skipped = [];
  const tests = [];
  for (const doc of docs) {
    const { kind, metadata } = doc;
    const hook = metadata.annotations?.['helm.sh/hook'];
    if (kind === 'Secret') {
      secrets.push({ name: metadata.name, data: secretData(doc) });
    } else if (hook === 'test') {
      tests.push(doc);
    } else if (kind === 'Job') {
      steps.push(podStep('job', metadata.name, doc.spec.template, { weight: hookWeight(hook, metadata), ports: null }));
    } else if (kind === 'Deployment') {
      for (let i = 0; i < (doc.spec.replicas ?? 1); i++) {
        // The first replica keeps the chart's ports; the others take free ones.
        steps.push(podStep('deployment', `${metadata.name}-${i}`, doc.spec.template, { weight: Infinity, ports: i === 0 ? null : ports }));
      }
    } else {
      skipped.push({ kind, name: metadata.name, why: CLUSTER_ONLY[kind] ?? 'not a workload' });
    }
  }
  steps.sort((a, b) => a.weight - b.weight);
  // `helm test` Pods last, once the release runs: what cluster DNS and kube-proxy would do for
  // them (a Service's name and port to one of its pods) is done in their command lines.
  const services = docs.filter((doc) => doc.kind === 'Service');
  for (const doc of tests) {
    const step = podStep('test', doc.metadata.name, doc, { weight: Infinity, ports: null });
    for (const container of step.manifest.spec.containers) {
      for (const key of ['command', 'args']) {
        if (container[key]) container[key] = container[key].map((arg) => throughServices(arg, services, steps));
      }
    }
    steps.push(step);
  }
  return { secrets, steps, skipped };
}

/** Replaces `<service>:<port>` in `text` with the loopback address of the first pod it selects. */
function throughServices(text, services, steps) {
  let out = text;
  for (const service of services) {
    for (const port of service.spec.ports ?? []) {
      const pod = steps.find(
        (step) =>
          step.kind === 'deployment' && Object.entries(service.spec.selector ?? {}).every(([key, value]) => step.manifest.metadata.labels[key] === value),
      );
      const target = pod?.ports.find((p) => p.name === port.targetPort || p.containerPort === port.targetPort);
      if (target) out = out.replaceAll(`//${service.metadata.name}:${port.port}/`, `//127.0.0.1:${target.containerPort}/`);
    }
  }
  return out;
}

function hookWeight(hook, metadata) {
  if (!hook) return Infinity;
  return Number(metadata.annotations['helm.sh/hook-weight'] ?? 0);
}

/** podman 4.3 decodes a secret for secretKeyRef as a JSON map of key to base64 value. */
function secretData(secret) {
  const data = { ...(secret.data ?? {}) };
  for (const [key, value] of Object.entries(secret.stringData ?? {})) data[key] = Buffer.from(String(value)).toString('base64');
  return data;
}

function podStep(kind, name, template, { weight, ports }) {
  const spec = structuredClone(template.spec);
  spec.hostNetwork = true;
  // podman 4.3 makes an emptyDir a named volume called as the pod's volume: two pods of one
  // Deployment would share it. Each pod gets its own, as in a cluster.
  const volumes = new Map();
  for (const volume of spec.volumes ?? []) {
    if (!volume.emptyDir) continue;
    volumes.set(volume.name, `${name}-${volume.name}`);
    volume.name = volumes.get(volume.name);
  }
  const remap = new Map();
  const probes = [];
  const declared = [];
  for (const container of spec.containers) {
    for (const port of container.ports ?? []) {
      if (ports) {
        const free = ports.shift();
        if (!free) throw new Error(`--free-ports ran out at ${name}/${container.name} port ${port.name ?? port.containerPort}`);
        remap.set(String(port.containerPort), String(free));
        port.containerPort = free;
      }
      declared.push({ name: port.name, containerPort: port.containerPort });
    }
    for (const mount of container.volumeMounts ?? []) mount.name = volumes.get(mount.name) ?? mount.name;
    for (const env of container.env ?? []) {
      if (LISTEN_HOST_VARS.has(env.name) && env.value === '0.0.0.0') env.value = '127.0.0.1';
      if (env.name.endsWith('_PORT') && remap.has(env.value)) env.value = remap.get(env.value);
    }
    for (const [which, probe] of [
      ['liveness', container.livenessProbe],
      ['readiness', container.readinessProbe],
    ]) {
      if (!probe?.httpGet) continue;
      const named = (container.ports ?? []).find((p) => p.name === probe.httpGet.port);
      const port = named ? named.containerPort : Number(probe.httpGet.port);
      probes.push({ container: container.name, which, url: `http://127.0.0.1:${port}${probe.httpGet.path}` });
    }
    // podman 4.3 turns probes into healthchecks that run `curl` inside the container; the
    // images have no curl (nor a shell). The suite asks the same URLs from outside instead.
    delete container.livenessProbe;
    delete container.readinessProbe;
    // On the host network podman refuses port mappings; the processes listen on the ports
    // their env names (LOADLINE_PORT, ...), which is what containerPort documents.
    delete container.ports;
  }
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: template.metadata?.labels ?? {} }, spec };
  const containers = spec.containers.map((c) => `${name}-${c.name}`);
  return { kind, pod: name, weight, manifest: pod, containers, volumes: [...volumes.values()], probes, ports: declared };
}

function parseArgs(argv) {
  const [rendered, out, ...rest] = argv;
  if (!rendered || !out) throw new Error('usage: kube.mjs RENDERED.yaml OUT_DIR [--free-ports P1,P2,...]');
  const at = rest.indexOf('--free-ports');
  const freePorts = at >= 0 ? rest[at + 1].split(',').filter(Boolean).map(Number) : [];
  return { rendered, out, freePorts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rendered, out, freePorts } = parseArgs(process.argv.slice(2));
  const plan = planFromRendered(readFileSync(rendered, 'utf8'), { freePorts });
  mkdirSync(out, { recursive: true });
  const printed = { secrets: [], steps: [], skipped: plan.skipped };
  for (const secret of plan.secrets) {
    const file = join(out, `secret-${secret.name}.json`);
    writeFileSync(file, JSON.stringify(secret.data), { mode: 0o600 });
    printed.secrets.push({ name: secret.name, file });
  }
  for (const step of plan.steps) {
    const file = join(out, `pod-${step.pod}.yaml`);
    writeFileSync(file, stringify(step.manifest));
    const { kind, pod, containers, volumes, probes } = step;
    printed.steps.push({ kind, pod, file, containers, volumes, probes });
  }
  process.stdout.write(`${JSON.stringify(printed)}\n`);
}
