// The `--only api` section of the bench report.
export function formatApiReads(result) {
  const lines = [
    `api: ${result.vus} concurrent clients per route for ${result.seconds} s, ${result.runs} finished runs in the plan; ratios against GET /health in the same run`,
  ];
  lines.push('  route                        req/s    p50 ms   p95 ms   p99 ms   failed   req/s vs health   p95 vs health');
  for (const route of result.routes) {
    lines.push(
      `  ${route.name.padEnd(26)} ${route.rps.toFixed(0).padStart(7)} ${route.p50.toFixed(1).padStart(9)} ${route.p95.toFixed(1).padStart(8)} ${route.p99.toFixed(1).padStart(8)} ${(route.failedShare * 100).toFixed(1).padStart(7)} %` +
        ` ${route.rpsRatio.toFixed(3).padStart(12)}x ${route.p95Ratio.toFixed(1).padStart(14)}x`,
    );
  }
  return lines;
}
