import type { LiveThreshold } from '@loadline/shared';
import { formatMeasured } from '@loadline/shared';

/**
 * The words and tone of a threshold's standing while the run goes. "so far" everywhere: the
 * verdict is the run's end's; this is what it would be if the run ended now.
 */
export const LIVE_STATE_TEXT: Record<LiveThreshold['state'], { text: string; tone: 'success' | 'danger' | 'neutral' | 'muted' }> = {
  pass: { text: 'PASS so far', tone: 'success' },
  fail: { text: 'FAIL so far', tone: 'danger' },
  waiting: { text: 'Not enough samples yet', tone: 'neutral' },
  'at-end': { text: 'Judged at the end', tone: 'muted' },
};

/** The figure so far in the threshold's unit, or a dash. */
export function liveFigure(status: LiveThreshold): string {
  return status.measured === null ? '—' : formatMeasured(status.threshold, status.measured);
}

/** "stopped the run at 42 s", "breaching for 3 s of 10", "not breaching (stops after 10 s)"; null without a stop rule. */
export function stopText(status: LiveThreshold): string | null {
  const stop = status.stop;
  if (!stop) return null;
  if (stop.stoppedAtSeconds !== null) return `stopped the run at ${stop.stoppedAtSeconds.toLocaleString('en-US')} s`;
  if (stop.breachingSeconds > 0) return `breaching for ${stop.breachingSeconds} s of ${stop.afterSeconds}`;
  return `not breaching (stops the run after ${stop.afterSeconds} s in breach)`;
}
