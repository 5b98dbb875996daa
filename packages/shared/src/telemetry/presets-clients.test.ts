import { describe, expect, it } from 'vitest';
import { parseExposition } from './exposition.js';
import { telemetryJobSourceSchema } from './job.js';
import { reduceScrape } from './reduce.js';

/*
 * Real output of prom-client 15.1.3 (Node's client library) in both of its formats, from a
 * registry the capture drove: before the first scrape 20 GET requests of 0.02 s and one scrape
 * of /metrics; between the two scrapes 90 more GETs of 0.02 s, 10 POSTs of 0.4 s (a label set
 * new in the second scrape) and another /metrics of 3 s; the queue gauge went from 5 to 17.
 */
const PROM_1 = `# HELP http_request_duration_seconds Duration of HTTP requests in seconds
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="1",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="5",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="10",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_sum{method="GET",route="/items/:id",status_code="200"} 0.4000000000000001
http_request_duration_seconds_count{method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="5",method="GET",route="/metrics",status_code="200"} 1
http_request_duration_seconds_bucket{le="10",method="GET",route="/metrics",status_code="200"} 1
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/metrics",status_code="200"} 1
http_request_duration_seconds_sum{method="GET",route="/metrics",status_code="200"} 3
http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 1

# HELP http_requests_total Total HTTP requests
# TYPE http_requests_total counter
http_requests_total{method="GET",route="/items/:id",status_code="200"} 20
http_requests_total{method="GET",route="/metrics",status_code="200"} 1

# HELP demo_queue_depth Jobs waiting
# TYPE demo_queue_depth gauge
demo_queue_depth 5
`;
const PROM_2 = `# HELP http_request_duration_seconds Duration of HTTP requests in seconds
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="1",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="5",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="10",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_sum{method="GET",route="/items/:id",status_code="200"} 2.2000000000000015
http_request_duration_seconds_count{method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="5",method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_bucket{le="10",method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_sum{method="GET",route="/metrics",status_code="200"} 6
http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_bucket{le="0.005",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.01",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.025",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.05",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.1",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.25",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.5",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="1",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="2.5",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="5",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="10",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_sum{method="POST",route="/items",status_code="201"} 3.9999999999999996
http_request_duration_seconds_count{method="POST",route="/items",status_code="201"} 10

# HELP http_requests_total Total HTTP requests
# TYPE http_requests_total counter
http_requests_total{method="GET",route="/items/:id",status_code="200"} 110
http_requests_total{method="GET",route="/metrics",status_code="200"} 2
http_requests_total{method="POST",route="/items",status_code="201"} 10

# HELP demo_queue_depth Jobs waiting
# TYPE demo_queue_depth gauge
demo_queue_depth 17
`;
const OPENMETRICS_1 = `# HELP http_request_duration_seconds Duration of HTTP requests in seconds
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="1",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="5",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="10",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_sum{method="GET",route="/items/:id",status_code="200"} 0.4000000000000001
http_request_duration_seconds_count{method="GET",route="/items/:id",status_code="200"} 20
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="5",method="GET",route="/metrics",status_code="200"} 1
http_request_duration_seconds_bucket{le="10",method="GET",route="/metrics",status_code="200"} 1
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/metrics",status_code="200"} 1
http_request_duration_seconds_sum{method="GET",route="/metrics",status_code="200"} 3
http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 1
# HELP http_requests Total HTTP requests
# TYPE http_requests counter
http_requests_total{method="GET",route="/items/:id",status_code="200"} 20
http_requests_total{method="GET",route="/metrics",status_code="200"} 1
# HELP demo_queue_depth Jobs waiting
# TYPE demo_queue_depth gauge
demo_queue_depth 5
# EOF
`;
const OPENMETRICS_2 = `# HELP http_request_duration_seconds Duration of HTTP requests in seconds
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/items/:id",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="1",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="5",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="10",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_sum{method="GET",route="/items/:id",status_code="200"} 2.2000000000000015
http_request_duration_seconds_count{method="GET",route="/items/:id",status_code="200"} 110
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.025",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="1",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="2.5",method="GET",route="/metrics",status_code="200"} 0
http_request_duration_seconds_bucket{le="5",method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_bucket{le="10",method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_sum{method="GET",route="/metrics",status_code="200"} 6
http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 2
http_request_duration_seconds_bucket{le="0.005",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.01",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.025",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.05",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.1",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.25",method="POST",route="/items",status_code="201"} 0
http_request_duration_seconds_bucket{le="0.5",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="1",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="2.5",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="5",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="10",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/items",status_code="201"} 10
http_request_duration_seconds_sum{method="POST",route="/items",status_code="201"} 3.9999999999999996
http_request_duration_seconds_count{method="POST",route="/items",status_code="201"} 10
# HELP http_requests Total HTTP requests
# TYPE http_requests counter
http_requests_total{method="GET",route="/items/:id",status_code="200"} 110
http_requests_total{method="GET",route="/metrics",status_code="200"} 2
http_requests_total{method="POST",route="/items",status_code="201"} 10
# HELP demo_queue_depth Jobs waiting
# TYPE demo_queue_depth gauge
demo_queue_depth 17
# EOF
`;

describe('presets on prom-client output', () => {
  const source = telemetryJobSourceSchema.parse({
    name: 'api',
    kind: 'scrape',
    url: 'http://127.0.0.1:3000/metrics',
    addresses: ['127.0.0.1'],
    presets: ['http', 'queue'],
    selectors: ['http_requests_total{route="/items"}'],
  });

  it.each([
    ['Prometheus text', PROM_1, PROM_2, 'prometheus'],
    ['OpenMetrics', OPENMETRICS_1, OPENMETRICS_2, 'openmetrics'],
  ])('%s: requests per second and p95 between the scrapes, /metrics left out, a new label set counted from 0', (_format, first, second, format) => {
    const a = { atMs: 10_000, exposition: parseExposition(first) };
    const b = { atMs: 12_000, exposition: parseExposition(second) };
    expect(b.exposition.format).toBe(format);
    const reduced = reduceScrape(source, a, b);
    // 100 requests in 2 s.
    expect(reduced.values.http_rps).toBeCloseTo(50, 9);
    // 90 at <= 0.025 s and 10 in (0.25, 0.5]: rank 95 lies halfway through the 10.
    expect(reduced.values.http_p95_seconds).toBeCloseTo(0.375, 9);
    expect(reduced.values.queue_depth).toBe(17);
    expect(reduced.values['http_requests_total{method="POST",route="/items",status_code="201"}']).toBeCloseTo(5, 9);
    expect(reduced.counterResets).toEqual([]);
  });
});
