import type { SourceFigures, SourceFigureKey, TelemetryFigureDelta, TrendPoint } from '@loadline/shared';
import type { ChartModel, LineSpec } from '../../components/charts/chart-model';
import { trendPointLabel, type ChangeTone } from './report-format';

/**
 * View models of the target's side of a comparison and a trend: each metric source's figures
 * in words and units. Pure: unit-tested without a DOM.
 */

const LOCALE = 'en-US';
const MINUS = '−';
const MiB = 2 ** 20;

export const TELEMETRY_FIGURE_LABEL: Record<SourceFigureKey, string> = {
  peakCpuShare: 'Peak CPU (share of its cores or limit)',
  peakCpuCores: 'Peak CPU cores',
  cpuSecondsPer1kRequests: 'CPU-seconds per 1,000 requests',
  peakMemoryBytes: 'Peak memory',
  restarts: 'Restarts',
  backlogGrowthPerSecond: 'Backlog growth (steady load)',
};

/** The figures a trend can plot, in the order the chooser lists them. */
export const TREND_TELEMETRY_FIGURES: readonly SourceFigureKey[] = [
  'cpuSecondsPer1kRequests',
  'peakCpuShare',
  'peakCpuCores',
  'peakMemoryBytes',
  'restarts',
  'backlogGrowthPerSecond',
];

const digits = (value: number, max: number) => value.toLocaleString(LOCALE, { maximumFractionDigits: max });
/** Two significant-ish digits for small values, fewer as they grow: 0.042, 1.25, 12.5, 1,250. */
const plain = (value: number) => digits(value, Math.abs(value) < 1 ? 3 : Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0);

/** The unit a figure's axis and values are shown in. */
export function telemetryFigureUnit(figure: SourceFigureKey): '%' | 'cores' | 'CPU-s/1k req' | 'MiB' | '' | 'jobs/s' {
  switch (figure) {
    case 'peakCpuShare':
      return '%';
    case 'peakCpuCores':
      return 'cores';
    case 'cpuSecondsPer1kRequests':
      return 'CPU-s/1k req';
    case 'peakMemoryBytes':
      return 'MiB';
    case 'restarts':
      return '';
    case 'backlogGrowthPerSecond':
      return 'jobs/s';
  }
}

/** A figure in the unit its table shows it in: shares in %, memory in MiB, the rest as they are. */
function shownValue(figure: SourceFigureKey, value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (figure === 'peakCpuShare') return value * 100;
  if (figure === 'peakMemoryBytes') return value / MiB;
  return value;
}

/** A figure with its unit: "97 %", "3.88 cores", "2.4 CPU-s/1k req", "600 MiB", "2", "90 jobs/s"; "—" when unknown. */
export function formatTelemetryFigure(figure: SourceFigureKey, value: number | null | undefined): string {
  const shown = shownValue(figure, value);
  if (shown === null) return '—';
  if (figure === 'restarts') return digits(shown, 0);
  if (figure === 'peakCpuShare') return `${digits(shown, shown < 10 ? 1 : 0)} %`;
  if (figure === 'peakMemoryBytes') return `${digits(shown, shown < 10 ? 1 : 0)} MiB`;
  return `${plain(shown)} ${telemetryFigureUnit(figure)}`;
}

function signed(text: string, value: number): string {
  return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : text;
}

/** The change with its sign and unit: "−1.2 CPU-s/1k req", "+2", "−36 pp" (a CPU share's change in percentage points). */
export function formatTelemetryChange(figure: SourceFigureKey, delta: number | null): string {
  if (delta === null || !Number.isFinite(delta)) return '—';
  if (figure === 'peakCpuShare') return signed(`${digits(Math.abs(delta) * 100, Math.abs(delta) < 0.1 ? 1 : 0)} pp`, delta);
  return signed(formatTelemetryFigure(figure, Math.abs(delta)), delta);
}

function formatPercentChange(deltaPct: number | null): string {
  if (deltaPct === null || !Number.isFinite(deltaPct)) return '';
  const percent = deltaPct * 100;
  if (percent === 0) return '0 %';
  const abs = Math.abs(percent);
  return signed(`${abs < 0.1 ? '<0.1' : digits(abs, abs < 100 ? 1 : 0)} %`, percent);
}

export interface TelemetryDeltaView {
  label: string;
  base: string;
  head: string;
  /** "−1.2 CPU-s/1k req (−50 %)": the change with its unit, and relative to the base when it can be. */
  change: string;
  /** Better, Worse, No change, Not judged or Not comparable: in words, never only by colour. */
  word: string;
  tone: ChangeTone;
  /** Why it is called so, or why not ("one reading per run…"). */
  reason: string;
}

const WORD = { improvement: 'Better', regression: 'Worse', unchanged: 'No change' } as const;
const TONE = { improvement: 'success', regression: 'danger', unchanged: 'muted' } as const;

export function telemetryDeltaView(delta: TelemetryFigureDelta): TelemetryDeltaView {
  const percent = formatPercentChange(delta.deltaPct);
  const absolute = formatTelemetryChange(delta.figure, delta.delta);
  return {
    label: TELEMETRY_FIGURE_LABEL[delta.figure],
    base: formatTelemetryFigure(delta.figure, delta.base),
    head: formatTelemetryFigure(delta.figure, delta.head),
    change: delta.delta === null ? '—' : percent && delta.delta !== 0 ? `${absolute} (${percent})` : absolute,
    word: delta.change ? WORD[delta.change] : delta.delta === null ? 'Not comparable' : 'Not judged',
    tone: delta.change ? TONE[delta.change] : 'neutral',
    reason: delta.reason,
  };
}

/** "read for 95 % of the load" per run, for a source's heading; null parts left out. */
export function coverageText(coverage: { base: number | null; head: number | null }): string {
  const part = (label: string, value: number | null) => (value === null ? null : `${label} ${digits(value * 100, 0)} %`);
  const parts = [part('base', coverage.base), part('head', coverage.head)].filter((text): text is string => text !== null);
  return parts.length ? `read for ${parts.join(', ')} of the load` : '';
}

// --- Trends ---

/** Source names on any point, alphabetically. */
export function trendTelemetrySources(points: ReadonlyArray<{ telemetry?: readonly SourceFigures[] }>): string[] {
  const names = new Set<string>();
  for (const point of points) for (const figures of point.telemetry ?? []) names.add(figures.source);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** How each figure is drawn: its axis (cores and bytes never share one) and the unit its tooltip shows. */
const PLOT: Record<SourceFigureKey, { scale: LineSpec['scale']; unit: LineSpec['unit'] }> = {
  peakCpuShare: { scale: 'pct', unit: '%' },
  peakCpuCores: { scale: 'cores', unit: 'cores' },
  // CPU-seconds (per 1,000 requests, said in the line's label).
  cpuSecondsPer1kRequests: { scale: 'seconds', unit: 's' },
  peakMemoryBytes: { scale: 'bytes', unit: 'bytes' },
  restarts: { scale: 'count', unit: '' },
  backlogGrowthPerSecond: { scale: 'per_second', unit: '/s' },
};

/**
 * One source's figure over the plan's runs: one x per run (oldest first, labelled like the
 * other trend charts), a gap where a run had no such source or figure; `measured`: how many
 * runs have it.
 */
export function telemetryTrendChart(
  points: ReadonlyArray<Pick<TrendPoint, 'createdAt' | 'planVersion'> & { telemetry?: readonly SourceFigures[] }>,
  source: string,
  figure: SourceFigureKey,
): ChartModel & { measured: number } {
  const ys = points.map((point) => {
    const value = point.telemetry?.find((figures) => figures.source === source)?.[figure];
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    return figure === 'peakCpuShare' ? value * 100 : value;
  });
  return {
    data: [points.map((_, index) => index), ys],
    lines: [{ label: `${source}: ${TELEMETRY_FIGURE_LABEL[figure]}`, color: '#0072B2', width: 2, ...PLOT[figure], points: true }],
    xLabels: points.map((point) => `${trendPointLabel(point)} · v${point.planVersion}`),
    measured: ys.filter((y) => y !== null).length,
  };
}
