import { describe, expect, it } from 'vitest';
import type { SegmentHealth, SegmentView } from '@loadline/shared';
import { segmentLagReasons, segmentsSummary, segmentsTable, startOffsets, startSpreadText } from './segments-model';

const health = (patch: Partial<SegmentHealth> = {}): SegmentHealth => ({
  v: 1,
  requests: 12_000,
  rps: 400,
  deliveredShare: 0.99,
  iterations: 12_000,
  droppedIterations: 0,
  seconds: 30,
  k6CpuAvg: 0.42,
  k6CpuMax: 0.873,
  hostCpuMax: 0.51,
  runnerRssMbMax: 143.6,
  ...patch,
});

const segment = (index: number, patch: Partial<SegmentView> = {}): SegmentView => ({
  index,
  status: 'COMPLETED',
  runnerId: `runner-${index}`,
  startedAt: '2026-11-23T20:00:00.000Z',
  finishedAt: '2026-11-23T20:00:30.000Z',
  error: null,
  health: health(),
  ...patch,
});

describe('segmentLagReasons', () => {
  it('says nothing of a segment that kept up', () => {
    expect(segmentLagReasons(segment(0))).toEqual([]);
    expect(segmentLagReasons(segment(0, { health: health({ deliveredShare: 0.95, hostCpuMax: 0.89 }) }))).toEqual([]);
    expect(segmentLagReasons(segment(0, { health: health({ deliveredShare: null, hostCpuMax: null }) }))).toEqual([]);
  });

  it('names each sign of lag in words', () => {
    expect(segmentLagReasons(segment(0, { health: health({ deliveredShare: 0.82 }) }))).toEqual(['it started 82 % of the iterations asked of it']);
    expect(segmentLagReasons(segment(0, { health: health({ droppedIterations: 1 }) }))).toEqual(['k6 dropped 1 iteration']);
    expect(segmentLagReasons(segment(0, { health: health({ droppedIterations: 1200 }) }))).toEqual(['k6 dropped 1,200 iterations']);
    expect(segmentLagReasons(segment(0, { health: health({ hostCpuMax: 0.9 }) }))).toEqual(['the runner’s CPU peaked at 90 %']);
    expect(segmentLagReasons(segment(0, { status: 'ERRORED', health: null, error: { code: 'SEGMENT_LOST', message: 'gone' } }))).toEqual([
      'it failed (SEGMENT_LOST)',
    ]);
  });
});

describe('startOffsets', () => {
  it('measures each start from the first, whichever segment that was', () => {
    expect(
      startOffsets([
        { startedAt: '2026-11-23T20:00:00.012Z' },
        { startedAt: '2026-11-23T20:00:00.000Z' },
        { startedAt: null },
        { startedAt: '2026-11-23T20:00:01.520Z' },
      ]),
    ).toEqual([12, 0, null, 1520]);
    expect(startOffsets([{ startedAt: null }])).toEqual([null]);
  });
});

describe('segmentsTable', () => {
  const run = {
    segments: 3,
    segmentDetails: [
      segment(2, { startedAt: '2026-11-23T20:00:00.009Z', health: health({ deliveredShare: 0.8, droppedIterations: 40, hostCpuMax: 0.97 }) }),
      segment(0),
      segment(1, { startedAt: '2026-11-23T20:00:00.004Z' }),
    ],
  };

  it('has one row per segment in order, formatted for the table', () => {
    const table = segmentsTable(run, { showRunner: true });
    expect(table.rows.map((row) => [row.label, row.runner, row.status, row.startOffset])).toEqual([
      ['Segment 1 of 3', 'runner-0', 'Completed', '+0 ms'],
      ['Segment 2 of 3', 'runner-1', 'Completed', '+4 ms'],
      ['Segment 3 of 3', 'runner-2', 'Completed', '+9 ms'],
    ]);
    expect(table.rows[0]).toMatchObject({
      requests: '12,000',
      rps: '400',
      delivered: '99 %',
      dropped: '0',
      k6Cpu: '0.42 / 0.87',
      hostCpu: '51 %',
      memory: '144 MiB',
      error: null,
      assessment: 'kept-up',
    });
    expect(table).toMatchObject({ showDelivered: true, showError: false, showRunner: true, lagged: 1, failed: 0 });
    expect(segmentsSummary(table)).toBe('1 of 3 lagged');
    expect(segmentsSummary({ rows: table.rows, lagged: 0, failed: 0 })).toBe('3 runners');
    expect(segmentsSummary({ rows: table.rows, lagged: 1, failed: 1 })).toBe('1 of 3 failed, 1 lagged');
  });

  it('marks the segment that lagged, with every reason', () => {
    const lagged = segmentsTable(run, { showRunner: true }).rows[2]!;
    expect(lagged.assessment).toBe('lagged');
    expect(lagged.reasons).toEqual(['it started 80 % of the iterations asked of it', 'k6 dropped 40 iterations', 'the runner’s CPU peaked at 97 %']);
  });

  it('leaves runner ids out for public pages', () => {
    const table = segmentsTable(run, { showRunner: false });
    expect(table.showRunner).toBe(false);
    expect(table.rows.every((row) => row.runner === null)).toBe(true);
  });

  it('shows dashes and no assessment for segments without figures, and errors with their code', () => {
    const table = segmentsTable(
      {
        segments: 2,
        segmentDetails: [
          segment(0, { status: 'CANCELLED', health: null }),
          segment(1, { status: 'ERRORED', startedAt: null, health: null, error: { code: 'SEGMENT_LOST', message: 'Runner r stopped responding' } }),
        ],
      },
      { showRunner: true },
    );
    expect(table.rows.map((row) => [row.status, row.statusTone, row.startOffset, row.requests, row.k6Cpu, row.assessment, row.error])).toEqual([
      ['Stopped', 'muted', '+0 ms', '—', '—', 'no-figures', null],
      ['Errored', 'danger', '—', '—', '—', 'failed', 'Runner r stopped responding (SEGMENT_LOST)'],
    ]);
    expect(table).toMatchObject({ showDelivered: false, showError: true, lagged: 0, failed: 1 });
    expect(segmentsSummary(table)).toBe('1 of 2 failed');
  });

  it('does not call a segment a stop rule stopped failed: it shows why it stopped', () => {
    const stopped = { code: 'STOPPED_BY_THRESHOLD', message: "Stopped early: a threshold's stop rule was breached (the run says which)" };
    const table = segmentsTable(
      { segments: 2, segmentDetails: [segment(0, { status: 'CANCELLED', error: stopped }), segment(1, { status: 'CANCELLED', error: stopped })] },
      { showRunner: false },
    );
    expect(table.rows.map((row) => [row.status, row.assessment, row.error])).toEqual([
      ['Stopped', 'kept-up', `${stopped.message} (STOPPED_BY_THRESHOLD)`],
      ['Stopped', 'kept-up', `${stopped.message} (STOPPED_BY_THRESHOLD)`],
    ]);
    expect(table).toMatchObject({ showError: true, failed: 0 });
  });
});

describe('startSpreadText', () => {
  it('says how far apart the segments began, and what a wide spread means', () => {
    expect(startSpreadText(12)).toBe('The segments began within 12 ms of each other.');
    expect(startSpreadText(1520)).toBe('The segments began 1.52 s apart: until the last one began, only part of the planned load was applied.');
    expect(startSpreadText(null)).toBeNull();
  });
});
