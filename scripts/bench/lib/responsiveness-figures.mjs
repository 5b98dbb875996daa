// Figures of the responsiveness benchmark (responsiveness.mjs), pure: from the times the bench
// took (its click, the requests its server saw, the answers of the API) and the run's own
// timestamps, what a user waits for after clicking Run and after the load ends; and the text of
// its part of the report. Every time is in epoch milliseconds of this machine's clock (the API,
// the runners and the bench share it).
import { fmtInt, median, round } from './util.mjs';

const ms = (value) => (value === null || value === undefined || !Number.isFinite(value) ? null : round(value, 1));
const at = (iso) => (iso ? Date.parse(iso) : null);
const diff = (to, from) => (to === null || from === null || to === undefined || from === undefined ? null : ms(to - from));

/**
 * One run's figures.
 * - `clickAt`: just before `POST /plans/:id/runs` was sent;
 * - `requests`: what the bench's server saw of the plan's requests, `{ arrivedAt, finishedAt }`;
 * - `pollSentAt`, `pollAnsweredAt`: the poll of `GET /runs/:id` that first answered the run
 *   finished with its verdict (the verdict was stored before `pollSentAt` + the API's reading
 *   and after the previous poll's reading);
 * - `streamEndAt`: when the run's live stream (`GET /runs/:id/events`) delivered `end`;
 * - `run`: the final run view (createdAt, segmentDetails[].startedAt/finishedAt, finishedAt);
 * - `startLog`: per segment, from its runner's debug log, when its paused k6 was ready
 *   (`readyAt`) and how long it then waited for the common start moment (`waitedMs`).
 */
export function runFigures({ segments, clickAt, postAnsweredAt, requests, pollSentAt, pollAnsweredAt, streamEndAt, run, startLog = [] }) {
  const arrivals = requests.map((request) => request.arrivedAt);
  const firstRequestAt = arrivals.length ? Math.min(...arrivals) : null;
  const lastRequestAt = arrivals.length ? Math.max(...arrivals) : null;
  const finishes = requests.map((request) => request.finishedAt).filter(Number.isFinite);
  const lastResponseAt = finishes.length ? Math.max(...finishes) : null;
  const starts = run.segmentDetails.map((segment) => at(segment.startedAt)).filter((t) => t !== null);
  const ends = run.segmentDetails.map((segment) => at(segment.finishedAt)).filter((t) => t !== null);
  const readies = startLog.map((facts) => facts.readyAt).filter(Number.isFinite);
  const waits = startLog.map((facts) => facts.waitedMs).filter(Number.isFinite);
  const createdAt = at(run.createdAt);
  const runFinishedAt = at(run.finishedAt);
  return {
    segments,
    runId: run.id,
    status: run.status,
    verdict: run.verdict,
    diagnostics: (run.diagnostics ?? []).map((diagnostic) => diagnostic.code),
    requests: requests.length,
    summaryCount: run.summary?.overall?.count ?? null,
    // The headline figures.
    clickToFirstRequestMs: diff(firstRequestAt, clickAt),
    lastRequestToVerdictMs: diff(pollAnsweredAt, lastRequestAt),
    lastRequestToStreamEndMs: diff(streamEndAt, lastRequestAt),
    // Where the start goes: the API answers the click, stores the run (its clock), the runners
    // start their k6 (their clocks: the moment they took after k6's resume call returned, so
    // k6's first request may come a few ms before it), k6 sends.
    start: {
      postAnsweredMs: diff(postAnsweredAt, clickAt),
      createdMs: diff(createdAt, clickAt),
      // Every segment's k6 started paused with its VUs: the runners report ready, the last one
      // sets the start moment a lead ahead, and each waits for it.
      lastSegmentReadyMs: diff(readies.length ? Math.max(...readies) : null, clickAt),
      waitedMs: waits.length ? Math.max(...waits) : null,
      firstSegmentStartedMs: diff(starts.length ? Math.min(...starts) : null, clickAt),
      lastSegmentStartedMs: diff(starts.length ? Math.max(...starts) : null, clickAt),
    },
    // Where the end goes, from the last request's arrival: its response, the last segment's
    // finish (runner), the stored verdict (Run.finishedAt, API), the poll and the stream.
    end: {
      lastResponseMs: diff(lastResponseAt, lastRequestAt),
      lastSegmentFinishedMs: diff(ends.length ? Math.max(...ends) : null, lastRequestAt),
      runFinishedMs: diff(runFinishedAt, lastRequestAt),
      pollSentMs: diff(pollSentAt, lastRequestAt),
    },
  };
}

function spread(values) {
  const known = values.filter((value) => value !== null && Number.isFinite(value));
  if (!known.length) return { median: null, min: null, max: null, all: [] };
  return { median: ms(median(known)), min: Math.min(...known), max: Math.max(...known), all: known };
}

/** Medians and extremes of the measured runs (warm-ups left out), per segment count. */
export function summarizeRuns(runs, segmentCounts) {
  const bySegments = {};
  for (const segments of segmentCounts) {
    const mine = runs.filter((run) => run.segments === segments && !run.warmup);
    bySegments[segments] = {
      runs: mine.length,
      // Runs the platform itself flagged: the box's CPU was saturated (shared cores), figures inflated.
      saturated: mine.filter((run) => run.diagnostics.includes('GENERATOR_SATURATED')).length,
      clickToFirstRequestMs: spread(mine.map((run) => run.clickToFirstRequestMs)),
      lastRequestToVerdictMs: spread(mine.map((run) => run.lastRequestToVerdictMs)),
      lastRequestToStreamEndMs: spread(mine.map((run) => run.lastRequestToStreamEndMs)),
      // The API's own account: last request -> Run.finishedAt, i.e. without the poll's delay.
      lastRequestToRunFinishedMs: spread(mine.map((run) => run.end.runFinishedMs)),
      createdMs: spread(mine.map((run) => run.start.createdMs)),
      lastSegmentReadyMs: spread(mine.map((run) => run.start.lastSegmentReadyMs)),
      waitedMs: spread(mine.map((run) => run.start.waitedMs)),
      lastSegmentStartedMs: spread(mine.map((run) => run.start.lastSegmentStartedMs)),
    };
  }
  return bySegments;
}

const num = (value) => (value === null || value === undefined ? 'n/a' : fmtInt(value));
const plural = (segments) => `${segments} segment${segments === 1 ? '' : 's'}`;

/** "323 ms median, 360 max (1 segment); 418 ms median, 470 max (3 segments)". */
function perSegments(result, key) {
  return result.segmentCounts.map((segments) => {
    const figure = result.bySegments[segments][key];
    return `${num(figure.median)} ms median, ${num(figure.max)} max (${plural(segments)})`;
  });
}

/** Rows of the summary block. */
export function summarizeResponsiveness(result) {
  const runs = result.segmentCounts.map((segments) => result.bySegments[segments].runs);
  const saturated = result.segmentCounts.reduce((total, segments) => total + result.bySegments[segments].saturated, 0);
  return [
    `  latency    click -> first request       ${perSegments(result, 'clickToFirstRequestMs').join('; ')}  (${runs.join(' / ')} runs` +
      `${saturated ? `; ${saturated} flagged GENERATOR_SATURATED: the box was busy` : ''})`,
    `             last request -> verdict      ${perSegments(result, 'lastRequestToVerdictMs').join('; ')}  (poll every ${result.pollMs} ms)`,
    `             last request -> live end     ${perSegments(result, 'lastRequestToStreamEndMs').join('; ')}  (GET /runs/:id/events)`,
  ];
}

/** The benchmark's part of the report: the plan, each run and where its time went. */
export function formatResponsiveness(result) {
  const { plan } = result;
  const lines = [
    `responsiveness: constant-arrival-rate ${plan.rate}/s for ${plan.seconds} s, ${plan.vus} VUs, one GET against a node:http server of the bench on 127.0.0.1; ` +
      `${result.runsPerCount} runs per segment count after ${result.warmups} warm-up each, ${result.runners} runners online; load average ${result.loadAverageBefore.join(' ')} -> ${result.loadAverageAfter.join(' ')}`,
    '  ms from the click (just before POST /plans/:id/runs)      | ms from the last request (its arrival at the server)',
    '  run   segs  answered  created  k6 ready  (waited)  started (first..last)  first request | response  segment finished  Run.finishedAt  poll sent  verdict (poll)  live end  requests (report)',
  ];
  for (const run of result.runs) {
    const s = run.start;
    const e = run.end;
    lines.push(
      `  ${(run.warmup ? 'warm' : String(run.index)).padStart(4)}  ${String(run.segments).padStart(4)}  ${num(s.postAnsweredMs).padStart(8)}  ${num(s.createdMs).padStart(7)}  ` +
        `${num(s.lastSegmentReadyMs).padStart(8)}  ${`(${num(s.waitedMs)})`.padStart(8)}  ` +
        `${`${num(s.firstSegmentStartedMs)}..${num(s.lastSegmentStartedMs)}`.padStart(21)}  ${num(run.clickToFirstRequestMs).padStart(13)} | ` +
        `${num(e.lastResponseMs).padStart(8)}  ${num(e.lastSegmentFinishedMs).padStart(16)}  ${num(e.runFinishedMs).padStart(14)}  ${num(e.pollSentMs).padStart(9)}  ` +
        `${num(run.lastRequestToVerdictMs).padStart(14)}  ${num(run.lastRequestToStreamEndMs).padStart(8)}  ${`${num(run.requests)} (${num(run.summaryCount)})`.padStart(17)}` +
        `${run.status === 'PASSED' ? '' : `  ${run.status}`}${run.diagnostics.length ? ` (${run.diagnostics.join(', ')})` : ''}`,
    );
  }
  for (const segments of result.segmentCounts) {
    const figures = result.bySegments[segments];
    lines.push(
      `  ${plural(segments)}: click -> created ${num(figures.createdMs.median)} ms, -> last k6 ready ${num(figures.lastSegmentReadyMs.median)} ms (then waited ${num(figures.waitedMs.median)} ms), -> last segment started ${num(figures.lastSegmentStartedMs.median)} ms, ` +
        `-> first request ${num(figures.clickToFirstRequestMs.median)} ms (min ${num(figures.clickToFirstRequestMs.min)}); last request -> Run.finishedAt ` +
        `${num(figures.lastRequestToRunFinishedMs.median)} ms, -> poll ${num(figures.lastRequestToVerdictMs.median)} ms (min ${num(figures.lastRequestToVerdictMs.min)}), ` +
        `-> live end ${num(figures.lastRequestToStreamEndMs.median)} ms (medians)`,
    );
  }
  return lines;
}
