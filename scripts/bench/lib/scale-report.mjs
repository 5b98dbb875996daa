// Text of the scale benchmark's part of the report (see scale.mjs): the ratios and the raw
// numbers behind them.
import { fmtInt, fmtRatio } from './util.mjs';

const fixed = (value, digits = 1) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));
/** "llbench-1a2b3c4d-runner-2" -> "runner-2". */
const shortRunner = (id) => (id ? id.replace(/^.*-(runner-\d+)$/, '$1') : 'n/a');

/** The runner's own account of its resume (from its debug log). */
const resumeText = (s) =>
  s.clockOffsetMs === undefined ? 'no resume logged' : `clock offset ${s.clockOffsetMs} ms, waited ${s.waitedMs} ms, resume ${s.resumeMs} ms`;

export function formatScale(sc) {
  const { plan } = sc;
  const lines = [''];
  lines.push(
    `scale: constant-arrival-rate ${fmtInt(plan.rate)}/s for ${plan.seconds} s, ${plan.vus} VUs (k6 splits the rate by maxVUs: even over 1, 2, 3), ` +
      'one GET against the Go "ok" server; segments = runner processes on this one box',
  );
  lines.push(
    '  runners  served at server (asked)  served/asked  full seconds: mean/rate (min..max req/s)  summary count/asked  rps/rate  vs 1 runner  spread ms',
  );
  for (const f of sc.throughput) {
    lines.push(
      `  ${String(f.runners).padEnd(7)}  ${`${fmtInt(f.served.count)} (${fmtInt(f.asked)})`.padStart(24)}  ${fmtRatio(f.servedRatio).padStart(12)}  ` +
        `${`${fmtRatio(f.fullSecondRatio)} (${fmtInt(f.served.fullMin)}..${fmtInt(f.served.fullMax)}, ${f.served.fullSeconds} s)`.padStart(40)}  ` +
        `${fmtRatio(f.summaryCountRatio).padStart(19)}  ${fmtRatio(f.summaryRpsRatio).padStart(8)}  ${fmtRatio(f.servedVsOneRunner).padStart(11)}  ${String(f.startSpreadMs ?? '-').padStart(9)}`,
    );
    for (const s of f.segments) {
      lines.push(
        `           segment ${s.index + 1} on ${shortRunner(s.runnerId)}: start +${s.startOffsetMs ?? 'n/a'} ms (${resumeText(s)}), ${fmtInt(s.requests)} requests, ` +
          `${fixed(s.rps)} req/s, delivered share ${fmtRatio(s.deliveredShare)}, dropped ${fmtInt(s.droppedIterations)}; ` +
          `k6 ${fixed(s.k6CpuAvg, 2)} cores avg / ${fixed(s.k6CpuMax, 2)} max, host CPU max ${s.hostCpuMax === null || s.hostCpuMax === undefined ? 'n/a' : `${Math.round(s.hostCpuMax * 100)} %`}, runner RSS max ${fixed(s.runnerRssMbMax)} MB`,
      );
    }
    const c = f.cpu;
    lines.push(
      `           CPU s over ${c.wallSeconds} s: k6 ${c.k6}, server ${c.server}, api ${c.api}, runners ${c.runner}, postgres ${c.postgres}, redis ${c.redis}, other ${c.other}, steal ${c.steal}; ` +
        `summary ${fmtInt(f.summaryCount)} requests${f.countsAgree ? ' (= server)' : ' (server counted otherwise)'}, ${fixed(f.summaryRps)} req/s; post -> start ${fmtInt(f.postToStartMs)} ms` +
        `${f.diagnostics.length ? `; diagnostics ${f.diagnostics.join(', ')}` : ''}`,
    );
  }
  for (const f of [...sc.throughput, ...sc.spread].filter((f) => !f.countsAgree)) {
    lines.push(
      `  ${f.label}: the report counted ${fmtInt(f.summaryCount)} requests, the server ${fmtInt(f.served.count)}; per second stored ${f.storedPerSecond?.join(' ')}, at the server ${f.served.seconds.join(' ')}`,
    );
  }
  if (sc.spread.length) {
    lines.push(`  start spread runs: ${sc.spread.length} x ${plan.spreadSeconds} s on ${plan.spreadRunners} runners at ${fmtInt(plan.rate)}/s`);
    lines.push(
      '    run  spread ms  start offsets ms        resume ms  aim spread ms  clock offsets ms  waited ms      ready spread ms  served/asked  delivered shares  post -> start ms  end -> report ms',
    );
    sc.spread.forEach((f, i) => {
      const each = (key) => f.segments.map((s) => s[key] ?? '-').join(', ');
      lines.push(
        `    ${String(i + 1).padStart(3)}  ${String(f.startSpreadMs ?? 'n/a').padStart(9)}  ${each('startOffsetMs').padStart(16)}  ${each('resumeMs').padStart(15)}  ` +
          `${String(f.aimSpreadMs ?? '-').padStart(13)}  ${each('clockOffsetMs').padStart(16)}  ${each('waitedMs').padStart(13)}  ${String(f.readySpreadMs ?? '-').padStart(15)}  ` +
          `${fmtRatio(f.servedRatio).padStart(12)}  ${f.segments
            .map((s) => fmtRatio(s.deliveredShare))
            .join(' ')
            .padStart(16)}  ${fmtInt(f.postToStartMs).padStart(16)}  ${fmtInt(f.endToReportMs).padStart(16)}`,
      );
    });
  }
  const st = sc.startSpread;
  lines.push(
    `  start spread (run.startSpreadMs) over ${st.runs} multi-segment runs: p50 ${st.p50Ms} ms, p90 ${st.p90Ms} ms, max ${st.maxMs} ms, min ${st.minMs} ms`,
  );
  lines.push(
    `  aim spread (the start moment each runner aimed at, in its own clock): p50 ${fixed(st.aimP50Ms)} ms, max ${fixed(st.aimMaxMs)} ms; slowest resume ${fixed(st.resumeMaxMs)} ms`,
  );
  lines.push('  served: requests the Go server counted during the run; full seconds: the seconds between the first and the last (partial) one.');
  lines.push("  rps: run.summary.overall.rps (count / measured seconds); delivered share: a segment's iterations / the iterations k6 owes it.");
  lines.push("  clock offset: the runner's estimate of Redis's clock minus its own; waited: from the start signal to the start moment;");
  lines.push("  resume: timer lateness + k6's REST resume call, after which the runner takes startedAt (runners' debug logs);");
  lines.push('  startedAt = aimed moment + resume, so the start spread is the aim spread plus the spread of the resumes.');
  return lines;
}

export function summarizeScale(sc) {
  const by = (pick) => sc.throughput.map((f) => `${f.runners}: ${fmtRatio(pick(f))}`).join(', ');
  const st = sc.startSpread;
  return [
    `  scale      delivered / asked (server)   ${by((f) => f.servedRatio)}  (runners: ratio; ${fmtInt(sc.plan.rate)}/s for ${sc.plan.seconds} s)`,
    `             full seconds / asked rate    ${by((f) => f.fullSecondRatio)}; summary rps / rate ${by((f) => f.summaryRpsRatio)}`,
    `             lowest delivered share       ${fmtRatio(sc.minDeliveredShare)} (any segment of any scale run)`,
    `             start spread p50 / max       ${st.p50Ms} / ${st.maxMs} ms over ${st.runs} multi-segment runs (aimed within ${fixed(st.aimP50Ms)} / ${fixed(st.aimMaxMs)} ms; post -> start median ${fmtInt(sc.postToStartMs.median)} ms)`,
  ];
}
