// The `--only api` and `--only reads` sections of the bench report.
import { fmtBytes } from './util.mjs';
export function formatApiReads(result) {
  const lines = [
    `api: ${result.vus} concurrent clients per route for ${result.seconds} s, ${result.runs} finished runs in the plan; ratios against GET /health in the same run`,
  ];
  lines.push('  route                        req/s    p50 ms   p95 ms   p99 ms   failed   req/s vs health   p95 vs health   response');
  for (const route of result.routes) {
    lines.push(
      `  ${route.name.padEnd(26)} ${route.rps.toFixed(0).padStart(7)} ${route.p50.toFixed(1).padStart(9)} ${route.p95.toFixed(1).padStart(8)} ${route.p99.toFixed(1).padStart(8)} ${(route.failedShare * 100).toFixed(1).padStart(7)} %` +
        ` ${route.rpsRatio.toFixed(3).padStart(12)}x ${route.p95Ratio.toFixed(1).padStart(14)}x ${route.bytesPerResponse === undefined ? '' : fmtBytes(route.bytesPerResponse).padStart(10)}`,
    );
  }
  return lines;
}

/** The `reads` benchmark (first-reads.mjs): first and second read of each route, after a restart. */
export function formatFirstReads(reads) {
  const lines = [
    `reads: first read of each route in a freshly started API, run of ${reads.requestNames} request names x ${reads.seconds} s ` +
      `(seeded in ${reads.seededSeconds.toFixed(1)} s, ${fmtBytes(reads.storedBytes)} of stored seconds)`,
    '  route                             first (ms)  again (ms)  response',
  ];
  for (const route of reads.routes) {
    lines.push(
      `  ${route.name.padEnd(32)} ${String(Math.round(route.firstMs)).padStart(10)}  ${String(Math.round(route.againMs)).padStart(10)}  ${fmtBytes(route.bytes).padStart(9)}`,
    );
  }
  return lines;
}
