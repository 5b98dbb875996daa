import type { RunAssignment, RunExecutePayload } from '@loadline/shared';

/** k6's execution segment flags for segment `index` of `count` equal parts. */
export function executionSegmentArgs(index: number, count: number): string[] {
  if (count <= 1) return [];
  const fraction = (n: number) => (n === 0 ? '0' : n === count ? '1' : `${n}/${count}`);
  const sequence = Array.from({ length: count + 1 }, (_, n) => fraction(n)).join(',');
  return ['--execution-segment', `${fraction(index)}:${fraction(index + 1)}`, '--execution-segment-sequence', sequence];
}

/** The segment payload of an assignment: the run's job with this runner's segment index. */
export function segmentPayload(assignment: RunAssignment): RunExecutePayload {
  const { segments, ...job } = assignment.job;
  return { ...job, runId: assignment.runId, segment: { index: assignment.segmentIndex, count: segments } };
}
