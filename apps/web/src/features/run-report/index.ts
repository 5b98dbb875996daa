// A run's report as the run page and a public share link both show it, and the run status and
// verdict badges that lists of runs use. Other features import these only through this file.
export { CapacityCard, RecoveryCard } from './CapacityCard';
export { CustomMetricsCard } from './CustomMetricsTable';
export { DiagnosticsPanel } from './DiagnosticsPanel';
export { KeyFacts } from './KeyFacts';
export { RequestsTable } from './RequestsTable';
export { RunCharts } from './RunCharts';
export { RunProvenance } from './RunProvenance';
export { RunStatusBadge, VerdictBadge } from './RunStatusBadge';
export { SegmentsCard } from './SegmentsCard';
export { ThresholdOrigin, ThresholdsTable } from './ThresholdsTable';
export { VerdictBanner } from './VerdictBanner';
export { currentQueue } from './run-queue';
export { PROGRESS_STEPS, STATUS_LABEL, STATUS_TONE, progressIndex } from './status';
// The live run page appends pushed seconds to the same series the charts draw.
export { ALL_REQUESTS, complianceBands, latencyChart, mergePoints, withLivePoints, type ComplianceBand, type LatencySelection } from './series-data';
export { useNow } from './use-now';
export { bandsOfPhases, limitLines, phaseBands, stopMarks, NO_ANNOTATIONS, type ChartAnnotations } from './chart-annotations';
export { TelemetryCard } from './TelemetryCard';
export { TelemetryCharts } from './TelemetryCharts';
export { hasTelemetry } from './telemetry-format';
