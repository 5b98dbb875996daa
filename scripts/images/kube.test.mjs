// Tests of scripts/images/kube.mjs (what the images suite plays of the rendered chart).
//   node --test scripts/images/kube.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { planFromRendered } from './kube.mjs';

const rendered = `
apiVersion: v1
kind: Secret
metadata: { name: rel-api }
data: { DATABASE_URL: cG9zdGdyZXM= }
stringData: { EXTRA: plain }
---
apiVersion: v1
kind: Service
metadata: { name: rel-runner-metrics }
spec:
  selector: { component: runner }
  ports: [{ port: 80, targetPort: metrics }]
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: rel-runner }
spec:
  replicas: 2
  template:
    metadata: { labels: { component: runner } }
    spec:
      securityContext: { runAsUser: 10001 }
      containers:
        - name: runner
          image: localhost/runner:dev
          command: [node, dist/main.js]
          securityContext: { readOnlyRootFilesystem: true }
          ports: [{ name: metrics, containerPort: 9465 }]
          env:
            - { name: LOADLINE_RUNNER_HTTP_PORT, value: "9465" }
            - { name: LOADLINE_RUNNER_HTTP_HOST, value: 0.0.0.0 }
            - { name: LOADLINE_RUNNER_ID, valueFrom: { fieldRef: { fieldPath: metadata.name } } }
            - { name: REDIS_URL, valueFrom: { secretKeyRef: { name: rel-redis, key: REDIS_URL } } }
          readinessProbe: { httpGet: { path: /readyz, port: metrics } }
          volumeMounts: [{ name: tmp, mountPath: /tmp }]
      volumes: [{ name: tmp, emptyDir: {} }]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: rel-migrations
  annotations: { helm.sh/hook: pre-install, helm.sh/hook-weight: "0" }
spec:
  template:
    spec:
      restartPolicy: Never
      containers: [{ name: migrations, image: localhost/api:dev, command: [node, scripts/db/migrate.mjs, deploy] }]
---
apiVersion: v1
kind: Pod
metadata: { name: rel-test, annotations: { helm.sh/hook: test } }
spec:
  restartPolicy: Never
  containers:
    - name: ready
      image: localhost/api:dev
      command: [node, -e, "fetch('http://rel-runner-metrics:80/readyz').then((r) => process.exit(r.ok ? 0 : 1))"]
`;

test('the migrations hook comes first, then one pod per replica; cluster-only kinds are skipped with a reason', () => {
  const plan = planFromRendered(rendered, { freePorts: [20001] });
  assert.deepEqual(
    plan.steps.map((s) => [s.kind, s.pod]),
    [
      ['job', 'rel-migrations'],
      ['deployment', 'rel-runner-0'],
      ['deployment', 'rel-runner-1'],
      ['test', 'rel-test'],
    ],
  );
  assert.deepEqual(plan.steps[0].manifest.spec.containers[0].command, ['node', 'scripts/db/migrate.mjs', 'deploy']);
  assert.equal(plan.steps[0].manifest.spec.restartPolicy, 'Never');
  assert.deepEqual(
    plan.skipped.map((s) => `${s.kind}/${s.name}`),
    ['Service/rel-runner-metrics'],
  );
  assert.ok(plan.skipped.every((s) => s.why.length > 0));
});

test('secrets become the key -> base64 map podman resolves secretKeyRef against', () => {
  const [secret] = planFromRendered(rendered, { freePorts: [20001] }).secrets;
  assert.equal(secret.name, 'rel-api');
  assert.deepEqual(secret.data, { DATABASE_URL: 'cG9zdGdyZXM=', EXTRA: Buffer.from('plain').toString('base64') });
});

test("pods keep the chart's commands, env references and security; listen on loopback; the second replica takes a free port", () => {
  const [, first, second] = planFromRendered(rendered, { freePorts: [20001] }).steps;
  for (const step of [first, second]) {
    const { spec } = step.manifest;
    const [container] = spec.containers;
    assert.equal(spec.hostNetwork, true);
    assert.deepEqual(spec.securityContext, { runAsUser: 10001 });
    assert.deepEqual(container.securityContext, { readOnlyRootFilesystem: true });
    assert.deepEqual(container.command, ['node', 'dist/main.js']);
    const env = Object.fromEntries(container.env.map((e) => [e.name, e.value ?? e.valueFrom]));
    assert.equal(env.LOADLINE_RUNNER_HTTP_HOST, '127.0.0.1');
    assert.deepEqual(env.LOADLINE_RUNNER_ID, { fieldRef: { fieldPath: 'metadata.name' } });
    assert.deepEqual(env.REDIS_URL, { secretKeyRef: { name: 'rel-redis', key: 'REDIS_URL' } });
    assert.equal(container.ports, undefined);
    assert.equal(container.readinessProbe, undefined);
  }
  const port = (step) => step.manifest.spec.containers[0].env.find((e) => e.name === 'LOADLINE_RUNNER_HTTP_PORT').value;
  assert.equal(port(first), '9465');
  assert.equal(port(second), '20001');
  assert.deepEqual(
    [first, second].map((s) => s.probes.map((p) => p.url)),
    [['http://127.0.0.1:9465/readyz'], ['http://127.0.0.1:20001/readyz']],
  );
  // Each pod its own emptyDir, mounted where the chart mounts it.
  assert.deepEqual(first.volumes, ['rel-runner-0-tmp']);
  assert.deepEqual(second.manifest.spec.containers[0].volumeMounts, [{ name: 'rel-runner-1-tmp', mountPath: '/tmp' }]);
});

test("`helm test` Pods reach a Service's pod on loopback: its name and port become the first selected pod's address", () => {
  const test = planFromRendered(rendered, { freePorts: [20001] }).steps.at(-1);
  assert.deepEqual(test.manifest.spec.containers[0].command, ['node', '-e', "fetch('http://127.0.0.1:9465/readyz').then((r) => process.exit(r.ok ? 0 : 1))"]);
  assert.equal(test.manifest.spec.hostNetwork, true);
});

test('a second replica without a free port to take is an error, not a port clash', () => {
  assert.throws(() => planFromRendered(rendered, { freePorts: [] }), /--free-ports ran out at rel-runner-1\/runner port metrics/);
});
