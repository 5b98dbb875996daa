import { describe, expect, it } from 'vitest';
import { thresholdSchema, type LiveThreshold } from '@loadline/shared';
import { liveFigure, stopText } from './live-thresholds-text';

const status = (patch: Partial<LiveThreshold>): LiveThreshold => ({
  index: 0,
  threshold: thresholdSchema.parse({ metric: 'latency', stat: 'p95', op: '<', value: 100, stop: { after: '10s' } }),
  label: 'p95 < 100 ms',
  state: 'pass',
  measured: 12.5,
  explanation: '',
  samples: null,
  stop: { afterSeconds: 10, breachingSeconds: 0, stoppedAtSeconds: null },
  ...patch,
});

describe('live threshold words', () => {
  it('says how long a stop rule has been breached, and when it stopped the run', () => {
    expect(stopText(status({}))).toBe('not breaching (stops the run after 10 s in breach)');
    expect(stopText(status({ stop: { afterSeconds: 10, breachingSeconds: 4, stoppedAtSeconds: null } }))).toBe('breaching for 4 s of 10');
    expect(stopText(status({ stop: { afterSeconds: 10, breachingSeconds: 10, stoppedAtSeconds: 42 } }))).toBe('stopped the run at 42 s');
    expect(stopText(status({ stop: null }))).toBeNull();
  });

  it('shows the figure so far in its unit', () => {
    expect(liveFigure(status({}))).toBe('12.5 ms');
    expect(liveFigure(status({ measured: null }))).toBe('—');
  });
});
