#!/usr/bin/env node
// The images suite's check (scripts/images/test.sh starts the containers, then runs this on
// the host): one plan split in 2 segments runs end to end through the containerized API and
// runners against a loopback server started here, which counts what it received.
//
//   LOADLINE_IMAGES_API=http://127.0.0.1:PORT LOADLINE_IMAGES_API_METRICS=http://127.0.0.1:PORT \
//   LOADLINE_IMAGES_RUNNERS=id1,id2 LOADLINE_IMAGES_PROBES=url1,url2 node scripts/images/e2e.mjs
//
// Checks what an operator relies on: every probe the chart declares answers 200 (what the
// kubelet would ask); the run PASSED; the server's count equals the report's; the two
// segments ran on the two different runner pods. Every wait is bounded.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const api = `${process.env.LOADLINE_IMAGES_API}/api/v1`;
/** The API's metrics port: the operator's /health there names the runners (the public one counts them). */
const apiMetrics = process.env.LOADLINE_IMAGES_API_METRICS;
const runnerIds = (process.env.LOADLINE_IMAGES_RUNNERS ?? '').split(',').filter(Boolean);
const probes = (process.env.LOADLINE_IMAGES_PROBES ?? '').split(',').filter(Boolean);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message) {
  console.error(`images e2e: FAILED: ${message}`);
  process.exit(1);
}

async function call(method, path, { token, body } = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}

/** Polls `probe` every 250 ms until it returns a value, for at most `seconds`. */
async function waitFor(what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(250);
  }
  fail(`${what} not within ${seconds} s${last ? ` (${last.message})` : ''}`);
}

// The API container answers readiness only once PostgreSQL and Redis answer it.
await waitFor('API ready (GET /health/ready)', 90, async () => (await call('GET', '/health/ready')).status === 200);
// Runners announce themselves through Redis; the API lists those online to the operator.
await waitFor(`runners ${runnerIds.join(', ')} online (GET /health on the API's metrics port)`, 90, async () => {
  const response = await fetch(`${apiMetrics}/health`, { signal: AbortSignal.timeout(3_000) });
  const ids = (await response.json()).runners?.ids ?? [];
  return runnerIds.every((id) => ids.includes(id));
});
// The public /health says how many, never which, nor why a part failed.
const publicHealth = await call('GET', '/health');
if (JSON.stringify(publicHealth.body).includes(runnerIds[0] ?? '<none>') || publicHealth.body?.runners?.ids) {
  fail(`the public /health names runners: ${JSON.stringify(publicHealth.body)}`);
}

// The chart's liveness and readiness probes, asked as the kubelet would (podman runs none).
for (const url of probes) {
  await waitFor(`probe ${url} answering 200`, 60, async () => (await fetch(url, { signal: AbortSignal.timeout(3_000) })).status === 200);
}
if (runnerIds.length !== 2 || probes.length < 4) fail(`expected 2 runners and their probes, got ${runnerIds.length} runners, ${probes.length} probes`);
console.log(`images e2e: ${probes.length} probes answer 200 (${probes.map((url) => new URL(url).pathname).join(', ')})`);

let served = 0;
const leaks = [];
const server = http.createServer((req, res) => {
  if (req.url === '/leak') {
    // What the tenant's script below read and sent: kept, not counted as load.
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      leaks.push(body);
      res.writeHead(200).end('ok');
    });
    return;
  }
  served++;
  req.resume();
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const targetUrl = `http://127.0.0.1:${server.address().port}`;

try {
  const signup = await call('POST', '/auth/signup', {
    body: {
      email: `images-${randomBytes(4).toString('hex')}@example.test`,
      password: `Images-${randomBytes(12).toString('base64url')}-pass`,
      name: 'Images test',
      organizationName: 'Images test',
    },
  });
  if (signup.status !== 201) fail(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const token = signup.body.token;
  const target = await call('POST', '/targets', { token, body: { name: 'loopback', baseUrl: targetUrl } });
  if (target.status !== 201) fail(`target: ${target.status} ${JSON.stringify(target.body)}`);
  const plan = await call('POST', '/plans', {
    token,
    body: {
      name: 'images 2 segments',
      targetId: target.body.id,
      load: { executor: 'constant-vus', vus: 2, duration: '4s' },
      requests: [{ name: 'Get', method: 'GET', path: '/', expect: { status: [200] } }],
      thresholds: [{ metric: 'error_rate', op: '<', value: 0.01 }],
      segments: 2,
    },
  });
  if (plan.status !== 201) fail(`plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  const started = await call('POST', `/plans/${plan.body.id}/runs`, { token });
  if (started.status !== 202) fail(`start: ${started.status} ${JSON.stringify(started.body)}`);
  const runId = started.body.run.id;
  const terminal = ['PASSED', 'FAILED', 'ERRORED', 'CANCELLED'];
  const run = await waitFor(`run ${runId} finished`, 120, async () => {
    const got = (await call('GET', `/runs/${runId}`, { token })).body;
    return terminal.includes(got?.status) ? got : null;
  });

  const reported = run.summary?.overall?.count;
  const segments = (run.segmentDetails ?? []).map((s) => `${s.index}:${s.status}@${s.runnerId}`);
  console.log(`images e2e: run ${run.status}; server counted ${served}, report counts ${reported}; segments ${segments.join(' ')}`);
  if (run.status !== 'PASSED') fail(`run ended ${run.status}: ${JSON.stringify(run.diagnostics ?? run.error ?? null)}`);
  if (!(served > 0) || reported !== served) fail(`server counted ${served} requests, the report ${reported}`);
  const ranOn = new Set((run.segmentDetails ?? []).map((s) => s.runnerId));
  if (!(run.segmentDetails ?? []).every((s) => s.status === 'COMPLETED')) fail(`not every segment COMPLETED (${segments.join(' ')})`);
  if (run.segmentDetails?.length !== 2 || ranOn.size !== 2 || ![...ranOn].every((id) => runnerIds.includes(id))) {
    fail(`the 2 segments did not run on the 2 runner containers (${segments.join(' ')})`);
  }
  await tenantScriptCannotReadRunner(token, target.body.id);
  console.log('images e2e: passed');
} finally {
  server.close();
}

/**
 * In a runner pod k6 runs as the runner's own user (LOADLINE_SANDBOX=container), so the pod's
 * environment (REDIS_URL with its password, LOADLINE_RUNNER_KEY) is in /proc/<runner>/environ
 * beside it. A tenant's script must not get it: k6's file access refuses /proc. This script
 * tries every likely pid and posts what it read to its own target; the secrets must not arrive.
 */
async function tenantScriptCannotReadRunner(token, targetId) {
  const secrets = (process.env.LOADLINE_IMAGES_SECRETS ?? '').split(',').filter(Boolean);
  if (secrets.length < 1) fail('LOADLINE_IMAGES_SECRETS must name the runner key (and the Redis password, if any)');
  const source = `
import http from 'k6/http';
const read = [];
for (const pid of ['1', '2', '3', '4', '5', '6', '7', '8', 'self']) {
  for (const file of ['environ', 'cmdline']) {
    try {
      read.push(pid + '/' + file + ': ' + open('/proc/' + pid + '/' + file));
    } catch (error) {
      read.push(pid + '/' + file + ': refused (' + error + ')');
    }
  }
}
export const options = { scenarios: { leak: { executor: 'shared-iterations', vus: 1, iterations: 1, maxDuration: '10s' } } };
export default function () {
  http.post(__ENV.LOADLINE_BASE_URL + '/leak', read.join('\\n'));
}`;
  const plan = await call('POST', '/plans', { token, body: { name: 'reads the runner', targetId, script: { source } } });
  if (plan.status !== 201) fail(`custom-script plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  const started = await call('POST', `/plans/${plan.body.id}/runs`, { token });
  if (started.status !== 202) fail(`start of the custom script: ${started.status} ${JSON.stringify(started.body)}`);
  const runId = started.body.run.id;
  const run = await waitFor(`custom-script run ${runId} finished`, 120, async () => {
    const got = (await call('GET', `/runs/${runId}`, { token })).body;
    return ['PASSED', 'FAILED', 'ERRORED', 'CANCELLED', 'INCONCLUSIVE'].includes(got?.status) ? got : null;
  });
  if (leaks.length !== 1) fail(`the tenant's script posted ${leaks.length} reports, expected 1 (run ${run.status})`);
  const [report] = leaks;
  if (!report.includes('1/environ: refused')) fail(`the script was not refused /proc/1/environ: ${report.slice(0, 300)}`);
  const leaked = secrets.filter((secret) => report.includes(secret));
  if (leaked.length > 0) fail(`a tenant's script read ${leaked.length} of the runner pod's secrets from /proc`);
  console.log(`images e2e: a tenant's script in a runner pod was refused /proc (runner environment not readable; run ${run.status})`);
}
