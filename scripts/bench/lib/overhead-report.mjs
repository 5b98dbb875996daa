// The overhead section of the bench's report (pure: overhead.mjs's result in, lines out).

const fmt = (value, digits = 3) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));
const int = (value) => (value === null || value === undefined ? 'n/a' : Math.round(value).toLocaleString('en-US'));

/** The overhead section of the bench's report. */
export function overheadLines(o) {
  const lines = [
    `overhead: ${o.plan.vus} VUs, ${o.plan.duration}, one GET against the Go "ok" server; two generators at once on CPU ${o.cpus.generator}, servers on CPU ${o.cpus.targets}`,
    '       measurement         side          req/s (window)  requests  k6 CPU s  req/k6-CPU-s  ratio   per CPU  load avg',
  ];
  for (const pair of o.pairs) {
    lines.push(`  pair ${pair.index}`);
    for (const [name, m, label] of [
      ['extension', pair.extension, 'k6 + ext'],
      ['Loadline', pair.loadline, 'Loadline'],
      ['like for like', pair.likeForLike, 'Loadline'],
    ]) {
      const row = (side, sideLabel, ratios) =>
        `       ${(side === m.a ? name : '').padEnd(18)}  ${sideLabel.padEnd(12)} ${int(side.rate).padStart(7)} (${m.window.seconds} s) ${int(side.count).padStart(9)} ${fmt(side.k6Cpu, 2).padStart(9)} ${int(side.perK6CpuSecond).padStart(13)}` +
        (ratios ? `  ${fmt(m.ratio)}   ${fmt(m.efficiencyRatio)}` : '');
      lines.push(row(m.a, m === pair.likeForLike ? `k6 GOGC=${o.runnerK6Env.GOGC}` : 'bare k6', false));
      lines.push(row(m.b, label, true));
    }
    lines.push(
      `       Loadline reports ${int(pair.loadline.b.count)} and ${int(pair.likeForLike.b.count)} requests, their server served ${int(pair.loadline.b.served)} and ${int(pair.likeForLike.b.served)}` +
        `${pair.loadline.countMatches && pair.likeForLike.countMatches ? '' : '  MISMATCH'}; load average ${pair.loadAverageBefore[0]} -> ${pair.loadAverageAfter[0]}`,
    );
  }
  lines.push("  req/s: requests the side's server received per second over the window of whole seconds both sides ran at full load.");
  lines.push(
    `  bare k6 beside Loadline runs as a user's k6 does (Go's defaults, k6's summary); extension and like for like: both sides with the runner's flags (no summary, no thresholds), like for like also with its GOGC=${o.runnerK6Env.GOGC} and GOMEMLIMIT.`,
  );
  lines.push("  ratio: variant / bare k6 over that window; per CPU: requests per CPU-second of each k6 (bash times; the runner's k6 from its cutime).");
  return lines;
}
