// The demo target: a small HTTP service on loopback with a realistic latency spread, so the
// demo plan has something honest to measure. Started by scripts/up.sh; never exposed.
import http from 'node:http';

const port = Number(process.env.LOADLINE_DEMO_PORT ?? 8081);

/** Log-normal delay around `medianMs`: most requests fast, a long tail. */
function delay(medianMs, spread = 0.35) {
  const u = 1 - Math.random();
  const v = Math.random();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.min(medianMs * Math.exp(spread * normal), medianMs * 20);
}

const routes = [
  { method: 'GET', match: /^\/listings\/\d+$/, median: 6, body: () => JSON.stringify({ id: 1, title: 'Flat near the park', price: 1200 }) },
  { method: 'POST', match: /^\/search$/, median: 18, body: () => JSON.stringify({ results: [1, 2, 3] }) },
  { method: 'GET', match: /^\/health$/, median: 0, body: () => 'ok' },
];

const server = http.createServer((req, res) => {
  req.resume();
  const path = (req.url ?? '/').split('?')[0];
  const route = routes.find((candidate) => candidate.method === req.method && candidate.match.test(path));
  if (!route) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    return;
  }
  setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(route.body()), route.median ? delay(route.median) : 0);
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => console.log(`demo target listening on http://127.0.0.1:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
