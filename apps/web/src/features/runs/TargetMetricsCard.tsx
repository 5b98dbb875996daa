import type { RunView, SeriesPoint } from '@loadline/shared';
import { isTerminalRunStatus } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/States';
import { TelemetryCharts } from '../run-report';
import { useRunTelemetry } from './hooks';

/**
 * The target's metrics over the run's seconds (GET /runs/:id/telemetry), live while the run
 * goes. Nothing at all for a run whose target has no metric sources.
 */
export function TargetMetricsCard({
  run,
  points,
  plannedSeconds,
  pushed = false,
}: {
  run: RunView;
  points: readonly SeriesPoint[];
  plannedSeconds?: number;
  /** The live stream is open: it says when the metrics have new seconds. */
  pushed?: boolean;
}) {
  const live = !isTerminalRunStatus(run.status);
  const telemetry = useRunTelemetry(run.id, { enabled: run.status !== 'QUEUED', live, pushed });
  if (telemetry.isPending) return telemetry.fetchStatus === 'idle' ? null : <LoadingState label="Loading the target's metrics…" />;
  if (telemetry.isError) {
    return (
      <Card title="The target's metrics">
        <ErrorState title="Could not load the target's metrics" error={telemetry.error} onRetry={() => void telemetry.refetch()} />
      </Card>
    );
  }
  if (!telemetry.data.sources.length) return null;
  return (
    <Card title="The target's metrics" intro="Read from the target's metric sources on the same seconds as the load: 0 is the load's first second.">
      <TelemetryCharts telemetry={telemetry.data} points={points} live={live} plannedSeconds={plannedSeconds} />
    </Card>
  );
}
