// Tests of the responsiveness benchmark's figures (pure: times in, figures and report rows out).
//   node --test scripts/bench/lib/responsiveness-figures.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatResponsiveness, runFigures, summarizeResponsiveness, summarizeRuns } from './responsiveness-figures.mjs';

const T0 = Date.parse('2026-11-27T21:00:00.000Z');
const iso = (offsetMs) => new Date(T0 + offsetMs).toISOString();

/** A run clicked at T0 whose load went from +400 to +3,400 ms, each figure chosen by the test. */
function measured({ segments = 1, firstAt = 400, lastAt = 3_400, verdictAt = 3_550, streamAt = 3_600, warmup = false, index = 1 } = {}) {
  const requests = [
    { arrivedAt: T0 + lastAt, finishedAt: T0 + lastAt + 0.5 },
    { arrivedAt: T0 + firstAt, finishedAt: T0 + firstAt + 0.4 },
    { arrivedAt: T0 + 1_000, finishedAt: null },
  ];
  const run = {
    id: 'run-1',
    status: 'PASSED',
    verdict: 'PASS',
    createdAt: iso(20),
    finishedAt: iso(lastAt + 120),
    summary: { overall: { count: 3 } },
    diagnostics: [],
    segmentDetails: Array.from({ length: segments }, (_, i) => ({ startedAt: iso(firstAt + i * 5), finishedAt: iso(lastAt + 10 + i) })),
  };
  return {
    ...runFigures({
      segments,
      clickAt: T0,
      postAnsweredAt: T0 + 30,
      requests,
      pollSentAt: T0 + verdictAt - 4,
      pollAnsweredAt: T0 + verdictAt,
      streamEndAt: streamAt === null ? null : T0 + streamAt,
      run,
      startLog: Array.from({ length: segments }, (_, i) => ({ readyAt: T0 + 100 + i * 30, waitedMs: 250 - i * 20 })),
    }),
    warmup,
    index,
  };
}

test('click -> first request and last request -> verdict are read from the first and last arrivals, whatever their order', () => {
  const figures = measured({ segments: 3, firstAt: 412.25, lastAt: 3_401, verdictAt: 3_530.5, streamAt: 3_620 });
  assert.equal(figures.clickToFirstRequestMs, 412.3);
  assert.equal(figures.lastRequestToVerdictMs, 129.5);
  assert.equal(figures.lastRequestToStreamEndMs, 219);
  assert.equal(figures.requests, 3);
  assert.equal(figures.summaryCount, 3);
  assert.deepEqual(figures.start, {
    postAnsweredMs: 30,
    createdMs: 20,
    lastSegmentReadyMs: 160,
    waitedMs: 250,
    firstSegmentStartedMs: 412,
    lastSegmentStartedMs: 422,
  });
  // Run.finishedAt = last request + 120 ms on the whole-ms clock of the run's view (3,401 -> 3,521).
  assert.deepEqual(figures.end, { lastResponseMs: 0.5, lastSegmentFinishedMs: 12, runFinishedMs: 120, pollSentMs: 125.5 });
});

test('a stream that never delivered its end leaves that figure out, not zero', () => {
  const figures = measured({ streamAt: null });
  assert.equal(figures.lastRequestToStreamEndMs, null);
  const summary = summarizeRuns([figures], [1]);
  assert.deepEqual(summary[1].lastRequestToStreamEndMs, { median: null, min: null, max: null, all: [] });
});

test('medians and maxima per segment count leave the warm-ups out', () => {
  const runs = [
    measured({ segments: 1, firstAt: 900, verdictAt: 4_400, warmup: true, index: 0 }),
    measured({ segments: 1, firstAt: 300 }),
    { ...measured({ segments: 1, firstAt: 340 }), diagnostics: ['GENERATOR_SATURATED'] },
    measured({ segments: 1, firstAt: 320, verdictAt: 3_650 }),
    measured({ segments: 3, firstAt: 420 }),
    measured({ segments: 3, firstAt: 440, verdictAt: 3_700 }),
  ];
  const summary = summarizeRuns(runs, [1, 3]);
  assert.equal(summary[1].runs, 3);
  assert.equal(summary[1].saturated, 1);
  assert.deepEqual(summary[1].clickToFirstRequestMs, { median: 320, min: 300, max: 340, all: [300, 340, 320] });
  assert.equal(summary[1].lastRequestToVerdictMs.median, 150);
  assert.equal(summary[1].lastRequestToVerdictMs.max, 250);
  assert.equal(summary[3].runs, 2);
  assert.equal(summary[3].clickToFirstRequestMs.median, 430);
  assert.equal(summary[3].lastRequestToVerdictMs.max, 300);
});

test('the summary rows give median and max for each segment count', () => {
  const runs = [measured({ segments: 1, firstAt: 323 }), measured({ segments: 3, firstAt: 418, verdictAt: 3_654 })];
  const result = {
    plan: { rate: 30, seconds: 3, vus: 6 },
    pollMs: 10,
    runners: 3,
    runsPerCount: 1,
    warmups: 1,
    segmentCounts: [1, 3],
    loadAverageBefore: [1, 1, 1],
    loadAverageAfter: [1, 1, 1],
    bySegments: summarizeRuns(runs, [1, 3]),
    runs,
  };
  const rows = summarizeResponsiveness(result);
  assert.match(
    rows[0],
    /^ {2}latency {4}click -> first request {7}323 ms median, 323 max \(1 segment\); 418 ms median, 418 max \(3 segments\) {2}\(1 \/ 1 runs\)$/,
  );
  assert.match(rows[1], /last request -> verdict +150 ms median, 150 max \(1 segment\); 254 ms median, 254 max \(3 segments\) +\(poll every 10 ms\)/);
  const text = formatResponsiveness(result).join('\n');
  assert.match(text, /constant-arrival-rate 30\/s for 3 s/);
  assert.equal(text.split('\n').filter((line) => /^ {5}1 {5}[13] {2}/.test(line)).length, 2);
});
