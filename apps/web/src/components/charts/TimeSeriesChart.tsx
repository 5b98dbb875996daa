import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  TIME_INCREMENTS,
  describeAnnotations,
  formatBytes,
  formatClock,
  formatTick,
  indexTick,
  xRange,
  niceAxis,
  niceSplits,
  type ChartModel,
  type ScaleKey,
} from './chart-model';
import { annotationsPlugin } from './annotations-plugin';
import { tooltipPlugin } from './tooltip-plugin';
import { fitScale, offScaleText, type OffScaleReference } from './reference-fit';

/**
 * The one chart of the app: uPlot (a few dozen KB, canvas, fast with thousands of points)
 * drawing lines over elapsed seconds. Width follows the container; the legend is plain HTML
 * (buttons that hide or show a line); a tooltip follows the cursor.
 */
export interface TimeSeriesChartProps {
  model: ChartModel;
  /** What the chart shows, for screen readers ("Latency over time"). */
  label: string;
  height?: number;
  /** Keep the x axis at least this long (seconds), e.g. the planned duration while live. */
  minXMax?: number;
  /** Drag to zoom (off while live: every update would reset it). */
  zoomable?: boolean;
  testId?: string;
  /** Shown over the plot while no line has a value. */
  emptyText?: string;
  /** What the points are, for screen readers ("seconds"; a load profile: "points"). */
  pointsLabel?: string;
  /** Called with the x index clicked (a trend: open that run). */
  onPick?: (index: number) => void;
}

const AXIS_LABEL: Record<ScaleKey, string> = {
  ms: 'ms',
  rps: 'req/s',
  pct: '%',
  vus: 'VUs',
  its: 'it/s',
  cores: 'cores',
  bytes: 'bytes',
  seconds: 's',
  per_second: '/s',
  count: 'count',
  ratio: 'ratio',
  none: 'value',
};
const TEXT = '#5b6476';
const GRID = '#e9ecf2';
const FONT = '11px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const LABEL_FONT = '600 11px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/**
 * uPlot's line paths, except that a line holding more points than its stretch of the plot is
 * wide in CSS pixels is stroked 1 CSS pixel wide. At that density the line is a band of
 * second-to-second jitter whatever its width, and a canvas strokes such a hairline an order of
 * magnitude faster than a wider line: without a GPU, Chromium took 7-22 ms per line of 3,600
 * points at 1.5-2 px against under 1 ms at 1 px, so a 1-hour run's 10-line chart spent ~70 ms
 * on each redraw (every live second, every hover that moves the focus). See the "charts"
 * benchmark in docs/benchmarks.md. Sparse lines keep their width, so does the legend.
 */
const linearPaths = uPlot.paths.linear!();
const densePaths: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const paths = linearPaths(u, seriesIdx, idx0, idx1);
  const xs = u.data[0];
  const first = xs[idx0];
  const last = xs[idx1];
  if (paths && first !== undefined && last !== undefined) {
    const spanCss = Math.abs(u.valToPos(last, 'x') - u.valToPos(first, 'x'));
    // uPlot reads a path's own width from `_width` (CSS pixels; its typings say `width`).
    // 1 CSS pixel: a hairline on ordinary screens; on 2x screens (which rasterize on a GPU)
    // a thinner one would be hard to read.
    if (idx1 - idx0 + 1 > spanCss) (paths as uPlot.Series.Paths & { _width?: number })._width = 1;
  }
  return paths;
};

/** From 0 to a round top at or above the highest point (niceAxis): no point above the top label. */
function niceRange(_u: uPlot, _min: number | null, max: number | null, scale: string): uPlot.Range.MinMax {
  if (max === null || !Number.isFinite(max) || max <= 0) return [0, scale === 'pct' ? 1 : scale === 'vus' ? 2 : 1];
  return [0, niceAxis(max, scale === 'vus').top];
}

function yAxis(scale: ScaleKey, side: 'left' | 'right', color?: string): uPlot.Axis {
  return {
    scale,
    side: side === 'left' ? 3 : 1,
    label: AXIS_LABEL[scale],
    labelSize: 16,
    labelGap: 2,
    labelFont: LABEL_FONT,
    font: FONT,
    stroke: color ?? TEXT,
    gap: 4,
    size: (_u, values) => {
      const longest = Math.max(1, ...(values ?? []).map((value) => String(value ?? '').length));
      return 12 + longest * 6.5;
    },
    values: (_u, splits) => splits.map(scale === 'bytes' ? formatBytes : formatTick),
    // The labels niceRange's top was made for, so the top label is the top of the plot.
    splits: (_u, _axis, _min, max) => niceSplits(max, scale === 'vus'),
    grid: side === 'left' ? { stroke: GRID, width: 1 } : { show: false },
    ticks: { show: false },
  };
}

function buildOptions(
  model: ChartModel,
  width: number,
  height: number,
  hidden: ReadonlySet<string>,
  opts: {
    minXMax?: number;
    zoomable: boolean;
    tooltip: uPlot.Plugin;
    annotations: uPlot.Plugin;
    getModel: () => ChartModel;
    /** Written by the y ranges: the limits each axis leaves above it (the annotations draw them). */
    offScale: Map<string, OffScaleReference[]>;
  },
): uPlot.Options {
  const labels = model.xLabels;
  const scales = [...new Set(model.lines.map((line) => line.scale))];
  const left = scales[0] ?? 'ms';
  const right = scales[1];
  const rightColor = right ? model.lines.find((line) => line.scale === right)?.color : undefined;
  const scaleOptions: uPlot.Scales = {
    x: {
      time: false,
      range: (u, min, max) => {
        if (labels) return [-0.4, Math.max(1, labels.length - 1) + 0.4];
        return xRange(u.data?.[0] ?? [], min, max, opts.minXMax);
      },
    },
  };
  for (const scale of scales) {
    const hasReferences = model.lines.some((line) => line.scale === scale && line.reference);
    scaleOptions[scale] = {
      range: (u, min, max) => {
        if (!hasReferences) return niceRange(u, min, max, scale);
        // The axis holds the data and the limits near it; farther limits are named at its top.
        // A zoom (only where zoomable: never live) fits the axis to the seconds in view.
        const xMin = u.scales.x?.min;
        const xMax = u.scales.x?.max;
        const window = opts.zoomable && typeof xMin === 'number' && typeof xMax === 'number' ? { min: xMin, max: xMax } : undefined;
        const fit = fitScale(opts.getModel(), scale, hiddenLabels(u), window);
        opts.offScale.set(scale, fit.above);
        return niceRange(u, null, fit.max, scale);
      },
    };
  }

  return {
    width,
    height,
    legend: { show: false },
    cursor: {
      drag: { x: opts.zoomable, y: false, setScale: opts.zoomable },
      points: { size: 7, width: 2 },
      focus: { prox: 24 },
    },
    focus: { alpha: 0.35 },
    scales: scaleOptions,
    axes: [
      {
        scale: 'x',
        font: FONT,
        stroke: TEXT,
        space: labels ? 90 : 56,
        incrs: labels ? [1, 2, 5, 10, 20, 50, 100, 200, 500] : TIME_INCREMENTS,
        values: (_u, splits) => splits.map((split) => (labels ? indexTick(labels, split) : formatClock(split))),
        grid: { stroke: GRID, width: 1 },
        ticks: { show: true, stroke: GRID, width: 1, size: 4 },
        size: 30,
      },
      yAxis(left, 'left'),
      ...(right ? [yAxis(right, 'right', rightColor)] : []),
    ],
    series: [
      { label: 'time' },
      ...model.lines.map((line): uPlot.Series => ({
        label: line.label,
        scale: line.scale,
        stroke: line.color,
        width: line.width ?? 1.5,
        ...(line.dash ? { dash: line.dash } : {}),
        show: !hidden.has(line.label),
        spanGaps: Boolean(labels),
        ...(line.markers
          ? { paths: () => null, points: { show: true, size: 13, width: 2, stroke: line.color, fill: '#ffffff' } }
          : // uPlot's default: markers only while the points are sparse (a lone second shows).
            { paths: densePaths, points: line.points === undefined ? { size: 5 } : { show: line.points, size: 6 } }),
      })),
    ],
    plugins: [opts.annotations, opts.tooltip, scaleReport(opts.getModel)],
  };
}

/** The labels of the lines hidden from the legend. */
function hiddenLabels(u: uPlot): Set<string> {
  return new Set(u.series.slice(1).flatMap((series) => (series.show === false && typeof series.label === 'string' ? [series.label] : [])));
}

/**
 * After each draw, each y scale's top label and highest drawn value on the figure
 * (`data-y-scales`): what a browser test reads to check that no point sits above the top label.
 * Reference lines (limits) are not points: one above the axis is named at its top instead.
 */
function scaleReport(getModel: () => ChartModel): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const lines = getModel().lines;
        const report: Record<string, { top: number; highest: number | null }> = {};
        for (const [key, scale] of Object.entries(u.scales)) {
          if (key === 'x' || scale.max === undefined || scale.max === null) continue;
          let highest: number | null = null;
          u.series.forEach((series, index) => {
            if (index === 0 || series.scale !== key || series.show === false || lines[index - 1]?.reference) return;
            for (const value of u.data[index] ?? []) if (typeof value === 'number' && (highest === null || value > highest)) highest = value;
          });
          report[key] = { top: niceSplits(scale.max, key === 'vus').at(-1) ?? scale.max, highest };
        }
        u.root.closest('figure')?.setAttribute('data-y-scales', JSON.stringify(report));
      },
    },
  };
}

/** Changing these needs a new uPlot; anything else is a setData(). */
function structureKey(model: ChartModel): string {
  return (
    model.lines.map((line) => `${line.label}|${line.color}|${line.scale}|${line.dash?.join(',') ?? ''}`).join(';') +
    (model.xLabels ? `#${model.xLabels.join('\n')}` : '')
  );
}

export function TimeSeriesChart({
  model,
  label,
  height = 220,
  minXMax,
  zoomable = false,
  testId,
  emptyText = 'Waiting for the first measured second…',
  pointsLabel = 'seconds',
  onPick,
}: TimeSeriesChartProps) {
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const modelRef = useRef(model);
  modelRef.current = model;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;
  const structure = structureKey(model);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const width = Math.max(200, Math.floor(host.clientWidth));
    const offScale = new Map<string, OffScaleReference[]>();
    const plot = new uPlot(
      buildOptions(modelRef.current, width, height, hiddenRef.current, {
        minXMax,
        zoomable,
        tooltip: tooltipPlugin(() => modelRef.current),
        annotations: annotationsPlugin(
          () => modelRef.current,
          () => [...offScale.values()].flat(),
        ),
        getModel: () => modelRef.current,
        offScale,
      }),
      modelRef.current.data as uPlot.AlignedData,
      host,
    );
    plotRef.current = plot;
    const pick = () => {
      const idx = plot.cursor.idx;
      if (idx !== null && idx !== undefined && onPickRef.current) onPickRef.current(idx);
    };
    plot.over.addEventListener('click', pick);
    if (onPickRef.current) plot.over.style.cursor = 'pointer';
    let frame = 0;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (next <= 0 || next === plot.width) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => plot.setSize({ width: Math.max(200, next), height }));
    });
    observer.observe(host);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [structure, height, minXMax, zoomable]);

  useEffect(() => {
    plotRef.current?.setData(model.data as uPlot.AlignedData);
  }, [model.data]);

  const toggle = (index: number, lineLabel: string) => {
    const next = new Set(hidden);
    if (next.has(lineLabel)) next.delete(lineLabel);
    else next.add(lineLabel);
    setHidden(next);
    plotRef.current?.setSeries(index + 1, { show: !next.has(lineLabel) });
  };

  const points = model.data[0].length;
  // The limits above the axis, in words for screen readers (the plot names them at its top edge).
  const above = useMemo(
    () => [...new Set(model.lines.filter((line) => line.reference).map((line) => line.scale))].flatMap((scale) => fitScale(model, scale, hidden).above),
    [model, hidden],
  );
  const annotations = [describeAnnotations(model), ...above.map(offScaleText)].filter(Boolean).join('; ');
  const empty = useMemo(() => model.data.slice(1).every((ys) => ys.every((y) => y === null || y === undefined)), [model.data]);

  return (
    <figure
      className="chart"
      data-testid={testId}
      data-points={points}
      data-x-max={xMaxOf(model, minXMax)}
      data-bands={model.bands?.length ?? 0}
      data-marks={model.marks?.map((mark) => mark.x).join(',') || undefined}
      data-off-scale={above.map((reference) => reference.label).join('\n') || undefined}
    >
      <div className="chart__plot" role="img" aria-label={`${label}: ${points} ${pointsLabel}${annotations ? `; ${annotations}` : ''}`}>
        <div className="chart__host" ref={hostRef} />
        {empty ? <p className="chart__empty">{emptyText}</p> : null}
      </div>
      <figcaption className="chart__legend">
        {model.lines.map((line, index) => {
          const off = hidden.has(line.label);
          return (
            <button
              type="button"
              key={line.label}
              data-marker={line.markers ? 'true' : undefined}
              className={`chart__key${off ? ' chart__key--off' : ''}`}
              aria-pressed={!off}
              title={off ? `Show ${line.label}` : `Hide ${line.label}`}
              onClick={() => toggle(index, line.label)}
            >
              <svg className="chart__swatch" viewBox="0 0 24 8" aria-hidden="true">
                {line.markers ? <circle cx="12" cy="4" r="3" fill="#fff" stroke={line.color} strokeWidth="1.5" /> : null}
                {line.markers ? null : (
                  <line
                    x1="1"
                    y1="4"
                    x2="23"
                    y2="4"
                    stroke={line.color}
                    strokeWidth={Math.max(2, (line.width ?? 1.5) + 0.5)}
                    strokeDasharray={line.dash?.map((d) => d * 0.75).join(' ')}
                    strokeLinecap="butt"
                  />
                )}
              </svg>
              {line.label}
            </button>
          );
        })}
      </figcaption>
    </figure>
  );
}

/** The end of the x axis as drawn (for tests and screen readers: whether a live chart spans its plan). */
function xMaxOf(model: ChartModel, minXMax: number | undefined): number | undefined {
  if (model.xLabels) return undefined;
  const xs = model.data[0];
  return xRange(xs, xs[0] ?? null, xs.at(-1) ?? null, minXMax)[1];
}
