import { describeThreshold, THRESHOLD_STOP_CODE, type RunSeries, type RunView, type Threshold } from '@loadline/shared';
import { formatCount, formatMs, formatPercent, formatRps, formatSeconds, formatTable } from './format.js';

/**
 * A threshold as a short label ("p95 of GetListing < 50 ms"). Run views may lack fields a
 * threshold was saved with (the API keeps only metric, stat, request, op and value per result),
 * so a missing status is shown as such rather than as "undefined".
 */
export function thresholdLabel(threshold: Threshold): string {
  if (threshold.metric === 'status_share' && !threshold.status) {
    const scope = threshold.request ? ` of ${threshold.request}` : threshold.scenario ? ` of scenario ${threshold.scenario}` : '';
    return `status share${scope} ${threshold.op} ${formatPercent(threshold.value)}`;
  }
  return describeThreshold(threshold);
}

/** The verdict line's word: the run's verdict, or why there is none. */
function verdictWord(run: RunView): string {
  if (run.status === 'ERRORED' || run.status === 'CANCELLED') return run.status;
  return run.verdict ?? run.status;
}

/**
 * The report printed when a run is over: verdict, per-request figures, thresholds with their
 * explanation, diagnostics, the error of an ERRORED run (or what stopped a run early), and the
 * link to the full report.
 */
export function renderRunReport(run: RunView, reportUrl: string): string {
  const out: string[] = [];
  out.push(`Loadline run ${run.id}: ${run.planName} v${run.planVersion}`);
  out.push(`verdict: ${verdictWord(run)}${run.partial ? ' (partial data)' : ''}`);
  // What the run measured, as it was labelled (commit, version...): what a regression points at.
  const labels = Object.entries(run.labels ?? {});
  if (labels.length) out.push(`labels:  ${labels.map(([key, value]) => `${key}=${value}`).join(' ')}`);
  const summary = run.summary;
  if (summary) {
    out.push(
      `load:    ${formatSeconds(summary.durationSeconds)} of load (${formatSeconds(run.plannedSeconds)} planned), ${formatCount(summary.vusMax)} VUs at most, ${formatCount(summary.overall.count)} requests`,
    );
  }
  // A stop rule's reason is why a FAILED run is short, not an error of the run.
  if (run.error?.code === THRESHOLD_STOP_CODE) out.push(`stopped: ${run.error.message} (${formatSeconds(run.plannedSeconds)} planned)`);
  else if (run.error) out.push(`error:   ${run.error.code}: ${run.error.message}`);

  if (summary && summary.requests.length) {
    const row = (name: string, stats: (typeof summary.requests)[number] | typeof summary.overall) => [
      name,
      formatCount(stats.count),
      formatRps(stats.rps),
      formatMs(stats.latency?.p50),
      formatMs(stats.latency?.p95),
      formatMs(stats.latency?.p99),
      formatPercent(stats.errorRate),
    ];
    const rows = summary.requests.map((request) => row(request.name, request));
    if (summary.requests.length > 1) rows.push(row('(all requests)', summary.overall));
    out.push('');
    out.push(
      formatTable(
        [
          'REQUEST',
          { header: 'COUNT', align: 'right' },
          { header: 'RPS', align: 'right' },
          { header: 'P50', align: 'right' },
          { header: 'P95', align: 'right' },
          { header: 'P99', align: 'right' },
          { header: 'ERRORS', align: 'right' },
        ],
        rows,
      ),
    );
  }

  if (run.thresholds.length) {
    out.push('');
    out.push(
      formatTable(
        ['THRESHOLD', 'VERDICT', 'EXPLANATION'],
        run.thresholds.map((result) => [thresholdLabel(result.threshold), result.verdict, result.explanation]),
      ),
    );
  } else if (run.status !== 'ERRORED' && run.status !== 'CANCELLED') {
    out.push('');
    out.push('No thresholds: the plan sets no SLA to judge.');
  }

  if (run.segments > 1 && run.segmentDetails.some((segment) => segment.health)) {
    out.push('');
    out.push(segmentsTable(run));
  }

  if (run.diagnostics.length) {
    out.push('');
    out.push('DIAGNOSTICS');
    for (const diagnostic of run.diagnostics) out.push(`${diagnostic.severity.padEnd(8)}  ${diagnostic.code}: ${diagnostic.message}`);
  }
  if (run.capacity) {
    out.push('');
    out.push(`capacity: ${run.capacity.statement}`);
  }
  const telemetry = run.telemetry?.findings ?? [];
  if (telemetry.length) {
    // The target's side, from its metric sources (docs/telemetry.md): why, beside that.
    out.push('');
    out.push("THE TARGET'S SIDE");
    for (const finding of telemetry) out.push(`${finding.severity.padEnd(8)}  ${finding.code} (${finding.source}): ${finding.message}`);
  }
  out.push('');
  out.push(`report: ${reportUrl}`);
  return `${out.join('\n')}\n`;
}

/** Each load generator of a split run beside the others, so one that lagged stands out. */
function segmentsTable(run: RunView): string {
  const starts = run.segmentDetails.flatMap((segment) => (segment.startedAt ? [Date.parse(segment.startedAt)] : []));
  const first = starts.length ? Math.min(...starts) : null;
  const rows = run.segmentDetails.map((segment) => {
    const health = segment.health;
    return [
      `${segment.index + 1}/${run.segments}`,
      segment.runnerId ?? '-',
      segment.status,
      segment.startedAt && first !== null ? `+${Date.parse(segment.startedAt) - first} ms` : '-',
      health ? formatCount(health.requests) : '-',
      health ? formatRps(health.rps) : '-',
      health?.deliveredShare != null ? formatPercent(health.deliveredShare) : '-',
      health ? formatCount(health.droppedIterations) : '-',
      health?.k6CpuMax != null ? health.k6CpuMax.toFixed(2) : '-',
      health?.hostCpuMax != null ? formatPercent(health.hostCpuMax) : '-',
    ];
  });
  const spread = run.startSpreadMs === null ? '' : ` (started within ${run.startSpreadMs} ms)`;
  return `SEGMENTS${spread}\n${formatTable(
    [
      'SEGMENT',
      'RUNNER',
      'STATUS',
      { header: 'START', align: 'right' },
      { header: 'REQUESTS', align: 'right' },
      { header: 'RPS', align: 'right' },
      { header: 'DELIVERED', align: 'right' },
      { header: 'DROPPED', align: 'right' },
      { header: 'K6 CORES', align: 'right' },
      { header: 'HOST CPU', align: 'right' },
    ],
    rows,
  )}`;
}

export interface LiveFigures {
  /** Requests completed so far (every second measured). */
  requests: number;
  /** p95 of the last measured second, ms. */
  p95: number | null;
  /** Seconds since the first measured second. */
  elapsed: number | null;
  errorRate: number | null;
}

/** What the series says so far: requests completed, and the newest second's p95 and error rate. */
export function liveFigures(series: RunSeries | null | undefined): LiveFigures | null {
  if (!series || !series.points.length) return null;
  let requests = 0;
  for (const point of series.points) for (const stats of Object.values(point.requests)) requests += stats.count;
  const last = series.points[series.points.length - 1]!;
  return { requests, p95: last.p95, elapsed: last.elapsed + 1, errorRate: last.errorRate };
}

/** One progress line: "RUNNING  12s / 30s  1,234 requests  p95 3.41 ms (last second)". */
export function progressLine(run: RunView, live: LiveFigures | null, nowMs: number, waitedSeconds: number): string {
  const parts: string[] = [run.status.padEnd(9)];
  if (run.queue) {
    parts.push(`${run.queue.message} (${formatSeconds(waitedSeconds)})`);
  } else if (run.status === 'QUEUED') {
    parts.push(`waiting for a runner (${formatSeconds(waitedSeconds)})`);
  } else {
    const sinceStart = run.startedAt ? Math.max(0, (nowMs - Date.parse(run.startedAt)) / 1000) : null;
    const elapsed = live?.elapsed ?? sinceStart;
    parts.push(`${elapsed === null ? '-' : formatSeconds(elapsed)} / ${formatSeconds(run.plannedSeconds)}`);
    if (live) {
      parts.push(`${formatCount(live.requests)} requests`);
      if (live.p95 !== null) parts.push(`p95 ${formatMs(live.p95)} (last second)`);
      if (live.errorRate) parts.push(`errors ${formatPercent(live.errorRate)}`);
    }
  }
  if (run.cancelRequestedAt) parts.push('(cancelling)');
  return parts.join('  ');
}
