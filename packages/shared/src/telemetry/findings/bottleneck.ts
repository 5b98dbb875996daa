import type { BottleneckRow, TelemetryFinding } from '../report.js';
import type { TelemetryFindingsInput } from './index.js';
import { cpuUsage, firstSustained, phaseAt, type SourceView, type Usage } from './series.js';
import { SATURATION_LIMITS } from './saturation.js';
import { fmt, pct } from './words.js';

const round = (value: number) => Math.round(value * 1000) / 1000;

interface Component {
  row: BottleneckRow;
  /** Unix second it first reached 90 % (held 2 s), and its level then. */
  saturated: { start: number; peak: Usage } | null;
  peak: Usage | null;
}

function componentOf(name: string, kind: BottleneckRow['kind'], usage: Map<number, Usage>, input: TelemetryFindingsInput): Component {
  const inLoad = (t: number) => t >= input.loadStart && t <= input.loadEnd;
  const during = [...usage].filter(([t]) => inLoad(t)).map(([, value]) => value);
  if (!during.length) {
    return { row: { component: name, kind, peakUtilisation: null, averageUtilisation: null, saturatedAtSeconds: null }, saturated: null, peak: null };
  }
  const peak = during.reduce((best, value) => (value.share > best.share ? value : best));
  const saturated = firstSustained(usage, SATURATION_LIMITS.cpuShare, SATURATION_LIMITS.holdSeconds, inLoad);
  return {
    row: {
      component: name,
      kind,
      peakUtilisation: round(peak.share),
      averageUtilisation: round(during.reduce((sum, value) => sum + value.share, 0) / during.length),
      saturatedAtSeconds: saturated ? saturated.start - input.loadStart : null,
    },
    saturated,
    peak,
  };
}

/**
 * The load generator's CPU per second as a share of what it may use: k6's cores against the
 * machine's, or the whole machine's busy share when other work crowds k6 out.
 */
function generatorUsage(input: TelemetryFindingsInput): Map<number, Usage> {
  const usage = new Map<number, Usage>();
  for (const second of input.generator) {
    if (!(second.cores > 0)) continue;
    const share = Math.max(second.k6Cpu / second.cores, second.hostCpu);
    usage.set(second.t, { used: share * second.cores, limit: second.cores, share });
  }
  return usage;
}

const cores = (usage: Usage) => `${fmt(usage.limit)} core${usage.limit === 1 ? '' : 's'}`;

/**
 * Where the bottleneck is: per component of the target (each source's CPU against its cores or
 * limit) and for the load generator, peak and average utilisation over the load and when it
 * first reached 90 %; a finding when the generator got there before any component did.
 */
export function bottleneck(input: TelemetryFindingsInput, views: readonly SourceView[]): { rows: BottleneckRow[]; finding: TelemetryFinding | null } {
  const targets = views.map((view) => componentOf(view.name, 'target', cpuUsage(view), input));
  const generator = input.generator.length ? componentOf('generator', 'generator', generatorUsage(input), input) : null;
  const rows = [...targets, ...(generator ? [generator] : [])].map((component) => component.row);
  if (!generator?.saturated) return { rows, finding: null };

  const at = generator.saturated.start;
  const first = targets.filter((target) => target.saturated).sort((a, b) => a.saturated!.start - b.saturated!.start)[0];
  if (first && first.saturated!.start <= at) return { rows, finding: null };

  const measured = targets.filter((target) => target.peak);
  const busiest = measured.sort((a, b) => b.peak!.share - a.peak!.share)[0];
  let target: string;
  if (first) target = `before any component of the target (${first.row.component} reached 90 % ${first.saturated!.start - at} s later)`;
  else if (busiest)
    target = `while no component of the target did (the busiest, ${busiest.row.component}, peaked at ${pct(busiest.peak!.share)} of ${cores(busiest.peak!)})`;
  else target = 'and no source of the target reports its CPU against its cores';
  const atSeconds = at - input.loadStart;
  const phase = phaseAt(input.phases, at);
  return {
    rows,
    finding: {
      code: 'GENERATOR_FIRST',
      // Critical only when the target was measured and never got there: then the run measured the generator.
      severity: first || !busiest ? 'warning' : 'critical',
      source: 'generator',
      message: `The load generator reached ${pct(generator.saturated.peak.share)} of its ${cores(generator.saturated.peak)} at ${atSeconds} s, ${target}: the load generator is the bottleneck, and from then on latency and throughput measure it, not the target. Use more segments or a bigger runner.`,
      atSeconds,
      ...(phase !== undefined ? { phase } : {}),
      evidence: {
        generatorPeak: generator.row.peakUtilisation!,
        generatorCores: generator.saturated.peak.limit,
        ...(first ? { firstTarget: first.row.component, firstTargetAtSeconds: first.row.saturatedAtSeconds! } : {}),
        ...(busiest && !first ? { busiestTarget: busiest.row.component, busiestTargetPeak: busiest.row.peakUtilisation! } : {}),
      },
    },
  };
}
