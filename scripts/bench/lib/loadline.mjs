// Runs through the platform: POST /plans/:id/runs, poll GET /runs/:id until terminal, and
// read back from the bench database what was stored (RunSecond rows, segment and run times).
import { BenchError, descendantPids, processName, rssBytes, sleep } from './util.mjs';
import { cpuBetween, cpuSnapshot } from './cpu.mjs';

const TERMINAL = new Set(['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED']);

/**
 * Starts a run of `plan` and waits for its end. While it goes, samples every `sampleEveryMs`
 * the RSS of the runner, of its k6 and of the API (when sampleEveryMs is set). Returns the
 * final run view, what was seen, and the CPU seconds each process used during the run.
 */
export async function runPlan(ctx, plan, { label, timeoutMs, sampleEveryMs = null }) {
  const { client, stack, serverPid } = ctx;
  const runnerPid = stack.runner.child.pid;
  const apiPid = stack.api.child.pid;
  const before = await cpuSnapshot({ stack, serverPid });
  const postedAt = Date.now();
  const { run: created } = await client.post(`/plans/${plan.id}/runs`, undefined, 202);
  const statusSeenAt = {};
  const queueSeen = [];
  const samples = [];
  let status = created.status;
  let sampler = null;
  const sample = () => {
    const k6Pid = descendantPids(runnerPid).find((pid) => processName(pid) === 'k6');
    samples.push({
      t: (Date.now() - postedAt) / 1000,
      status,
      runnerRss: rssBytes(runnerPid),
      k6Rss: k6Pid ? rssBytes(k6Pid) : null,
      apiRss: rssBytes(apiPid),
    });
  };
  if (sampleEveryMs) {
    sample();
    sampler = setInterval(sample, sampleEveryMs);
  }
  let run;
  try {
    const deadline = postedAt + timeoutMs;
    for (;;) {
      run = await client.get(`/runs/${created.id}`);
      // Where a run that has not begun stands ("waiting for 3 runners, ..."), as it changed.
      if (run.queue && queueSeen.at(-1)?.message !== run.queue.message) queueSeen.push({ t: (Date.now() - postedAt) / 1000, ...run.queue });
      if (run.status !== status || !(run.status in statusSeenAt)) {
        status = run.status;
        statusSeenAt[status] ??= (Date.now() - postedAt) / 1000;
      }
      if (TERMINAL.has(run.status)) break;
      const gone = stack.runners.find((runner) => runner.entry.exited);
      if (gone) throw new BenchError(`runner ${gone.id} exited during run ${label} (see ${gone.entry.logPath})`);
      if (stack.api.exited) throw new BenchError(`the API exited during run ${label} (see ${stack.api.logPath})`);
      if (Date.now() > deadline) throw new BenchError(`run ${label} (${created.id}) still ${run.status} after ${timeoutMs / 1000} s`);
      // Slow polling while the load runs: the API's CPU is part of what is measured.
      await sleep(run.status === 'RUNNING' ? 1_000 : 250);
    }
  } finally {
    if (sampler) clearInterval(sampler);
  }
  if (sampleEveryMs) sample();
  const after = await cpuSnapshot({ stack, serverPid });
  const wallSeconds = (Date.now() - postedAt) / 1000;
  if (!['PASSED', 'FAILED', 'INCONCLUSIVE'].includes(run.status) || !run.summary) {
    throw new BenchError(`run ${label} (${run.id}) ended ${run.status}${run.error ? `: ${run.error.code} ${run.error.message}` : ''} without a summary`);
  }
  const stored = await storedFacts(stack.db, ctx.shared, run.id);
  return {
    label,
    runId: run.id,
    run,
    statusSeenAt,
    queueSeen,
    samples,
    wallSeconds,
    cpu: cpuBetween(before, after, { k6Under: 'runner' }),
    stored,
  };
}

/**
 * What the database holds for a run: RunSecond rows and their sizes, and the time between the
 * last segment's finish (runner's clock) and the stored final report (API's clock). A row
 * holds its second packed (`packed`) or, written before packed seconds, as JSON (`data`,
 * `generator`): the data bytes count whichever it has.
 */
export async function storedFacts(db, shared, runId) {
  await blocked(db, runId);
  const seconds = await db.query(
    `SELECT count(*)::int AS rows,
            coalesce(sum(coalesce(pg_column_size(s.data), 0) + coalesce(pg_column_size(s.generator), 0) + coalesce(pg_column_size(s.packed), 0)), 0)::bigint AS data_bytes,
            coalesce(sum(pg_column_size(s.*)), 0)::bigint AS tuple_bytes,
            -- Values over ~2 KB (blocks of seconds) live in the TOAST table in chunks of 1,996 bytes:
            -- each chunk a row of its own (24-byte header + 4-byte line pointer + chunk id, number and
            -- varlena header, 12) and an index entry (16 + 4): ~60 bytes that pg_column_size does not count.
            coalesce(sum(CASE WHEN pg_column_size(s.packed) > 2032 THEN ceil(pg_column_size(s.packed) / 1996.0) * 60 ELSE 0 END), 0)::bigint AS toast_overhead,
            coalesce(min(s.t), 0)::bigint AS first_t,
            coalesce(max(s.t), 0)::bigint AS last_t
       FROM "RunSecond" s WHERE s."runId" = $1`,
    [runId],
  );
  const times = await db.query(
    `SELECT r."finishedAt" AS run_finished_at,
            pg_column_size(r.summary)::int AS summary_bytes,
            (SELECT coalesce(pg_column_size(d.series), 0) + coalesce(pg_column_size(d.seconds), 0) FROM "RunDigest" d WHERE d."runId" = r.id)::int AS digest_bytes,
            (SELECT max(g."finishedAt") FROM "RunSegment" g WHERE g."runId" = r.id) AS segment_finished_at,
            (SELECT count(*)::int FROM "RunSegment" g WHERE g."runId" = r.id) AS segments
       FROM "Run" r WHERE r.id = $1`,
    [runId],
  );
  // Requests per stored second (summed over segments): shows partial first and last seconds.
  const { rows: secondRows } = await db.query(`SELECT t, data, generator, packed FROM "RunSecond" WHERE "runId" = $1 ORDER BY t`, [runId]);
  const byT = new Map();
  for (const row of secondRows) {
    // A finished run's rows are blocks of up to 60 seconds (RunSecond.packed version 3).
    for (const { sample } of shared.decodeStoredSeconds(row, runId)) {
      byT.set(sample.t, (byT.get(sample.t) ?? 0) + sample.requests.reduce((sum, request) => sum + request.count, 0));
    }
  }
  const perSecond = [...byT.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
  const ts = [...byT.keys()];
  const row = seconds.rows[0];
  const time = times.rows[0];
  const rows = row.rows;
  // Per row on disk besides the tuple: a 4-byte line pointer in the heap page, and an entry of
  // the primary key index ("runId", "segmentIndex", t): 8-byte index tuple header + key,
  // aligned to 8, + its own 4-byte line pointer.
  const runIdBytes = 1 + Buffer.byteLength(runId);
  const indexEntry = align(align(8 + runIdBytes, 4) + 8, 8) + 4;
  const heapBytes = Number(row.tuple_bytes) + 4 * rows;
  return {
    secondRows: rows,
    secondsSpan: ts.length ? Math.max(...ts) - Math.min(...ts) + 1 : 0,
    dataBytes: Number(row.data_bytes),
    heapBytes,
    indexBytes: indexEntry * rows,
    toastOverheadBytes: Number(row.toast_overhead),
    totalBytes: heapBytes + indexEntry * rows + Number(row.toast_overhead),
    summaryBytes: time?.summary_bytes ?? null,
    digestBytes: time?.digest_bytes ?? null,
    perSecond: perSecondFacts(perSecond),
    segments: time?.segments ?? 0,
    segmentFinishedAt: time?.segment_finished_at?.toISOString() ?? null,
    runFinishedAt: time?.run_finished_at?.toISOString() ?? null,
    endToReportMs: time?.segment_finished_at && time?.run_finished_at ? time.run_finished_at.getTime() - time.segment_finished_at.getTime() : null,
  };
}

/**
 * Waits (up to 15 s) until the API has put the finished run's seconds in blocks (run.ended:
 * RunSecondPacker), which it does after the verdict, so that what is measured is what stays.
 */
async function blocked(db, runId) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT "segmentIndex" FROM "RunSecond" WHERE "runId" = $1 AND "heldSeconds" = 1 AND span = 1
        GROUP BY "segmentIndex" HAVING count(*) > 1) s`,
      [runId],
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function perSecondFacts(counts) {
  if (!counts.length) return null;
  const sorted = [...counts].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    seconds: counts.length,
    first: counts[0],
    last: counts.at(-1),
    median,
    // How many full seconds the requests amount to at the median rate.
    fullSecondEquivalent: median > 0 ? Math.round((total / median) * 100) / 100 : null,
    counts: counts.length <= 120 ? counts : undefined,
  };
}

const align = (value, to) => Math.ceil(value / to) * to;
