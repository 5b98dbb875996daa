import { useId } from 'react';
import { Card } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/States';
import { formatCount } from '../../format/numbers';
import { formatDateTime, formatSeconds } from '../../format/time';
import { useUsage } from './hooks';
import { usageBar, type UsageBar } from './usage-model';

/** This month's VU-minutes and the runs going on now, against the organization's quotas. */
export function UsageCard() {
  const usage = useUsage();
  return (
    <Card title="Usage this month">
      {usage.isPending ? (
        <LoadingState label="Loading usage…" />
      ) : usage.isError ? (
        <ErrorState title="Could not load usage" error={usage.error} onRetry={() => void usage.refetch()} />
      ) : (
        <div className="usage" data-testid="usage">
          <p className="muted small">
            VU-minutes are counted per calendar month (UTC); the count starts again on {formatDateTime(usage.data.period.end)}. A run that would go over a limit
            is refused when it is started.
          </p>
          <UsageMeter
            label="VU-minutes"
            bar={usageBar(usage.data.usage.vuMinutes, usage.data.limits.monthlyVuMinutes)}
            text={`${formatCount(usage.data.usage.vuMinutes)} of ${formatCount(usage.data.limits.monthlyVuMinutes)} VU-minutes`}
            testId="usage-vu-minutes"
          />
          <UsageMeter
            label="Concurrent runs"
            bar={usageBar(usage.data.usage.concurrentRuns, usage.data.limits.maxConcurrentRuns)}
            text={`${formatCount(usage.data.usage.concurrentRuns)} of ${formatCount(usage.data.limits.maxConcurrentRuns)} running now`}
            testId="usage-concurrent-runs"
          />
          <dl className="facts facts--inline">
            <div>
              <dt>Max VUs per run</dt>
              <dd>{formatCount(usage.data.limits.maxVusPerRun)}</dd>
            </div>
            <div>
              <dt>Max run duration</dt>
              <dd>{formatSeconds(usage.data.limits.maxRunDurationSeconds)}</dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}

function UsageMeter({ label, bar, text, testId }: { label: string; bar: UsageBar; text: string; testId: string }) {
  const labelId = useId();
  return (
    <div className={`usage-meter usage-meter--${bar.level}`} data-testid={testId} data-level={bar.level}>
      <div className="usage-meter__head">
        <span className="usage-meter__label" id={labelId}>
          {label}
        </span>
        <span className="usage-meter__text">{text}</span>
      </div>
      <div
        className="usage-meter__track"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={bar.limit}
        aria-valuenow={Math.min(bar.used, bar.limit)}
        aria-valuetext={text}
      >
        <div className="usage-meter__fill" style={{ width: `${(bar.fraction * 100).toFixed(1)}%` }} />
      </div>
    </div>
  );
}
