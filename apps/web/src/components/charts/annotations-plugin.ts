import type uPlot from 'uplot';
import type { ChartModel } from './chart-model';
import { offScaleText, type OffScaleReference } from './reference-fit';

/** Two shades that alternate between neighbouring phases, light enough for the lines to stay readable on them. */
const BAND_FILLS = ['rgba(0, 114, 178, 0.07)', 'rgba(0, 158, 115, 0.08)'];
const BAND_TEXT = '#3f4859';
const MARK_COLOR = '#b42318';
/** The limits above the axis: the limit lines' dark red, on white so a line under the words does not cross them. */
const OFF_SCALE_COLOR = '#b42318';
const OFF_SCALE_BACKGROUND = 'rgba(255, 255, 255, 0.9)';
const FONT = '600 11px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/**
 * Draws the model's bands (shaded behind the lines, named at the top), marks (a vertical
 * line with its name) and the limits left above the axis (named at its top right edge, under
 * the bands' names) on the plot's canvas, clipped to the plot area. Reads the model when
 * it draws, so a live chart's new seconds need no new uPlot.
 */
export function annotationsPlugin(getModel: () => ChartModel, getAbove: () => readonly OffScaleReference[] = () => []): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        const bands = getModel().bands;
        if (!bands?.length) return;
        const { ctx } = u;
        const { top, height } = u.bbox;
        const pxRatio = clipToPlot(u);
        ctx.textBaseline = 'top';
        bands.forEach((band, index) => {
          const x0 = u.valToPos(band.from, 'x', true);
          const x1 = u.valToPos(band.to, 'x', true);
          if (!(x1 > x0)) return;
          ctx.fillStyle = BAND_FILLS[index % BAND_FILLS.length]!;
          ctx.fillRect(x0, top, x1 - x0, height);
          ctx.fillStyle = BAND_TEXT;
          const text = fit(ctx, band.label, x1 - x0 - 8 * pxRatio);
          if (text) ctx.fillText(text, x0 + 4 * pxRatio, top + 3 * pxRatio);
        });
        ctx.restore();
      },
      draw: (u) => {
        drawOffScale(u, getAbove(), Boolean(getModel().bands?.length));
        const marks = getModel().marks;
        if (!marks?.length) return;
        const { ctx } = u;
        const { left, top, width, height } = u.bbox;
        const pxRatio = clipToPlot(u);
        ctx.strokeStyle = MARK_COLOR;
        ctx.fillStyle = MARK_COLOR;
        ctx.lineWidth = 2 * pxRatio;
        ctx.setLineDash([4 * pxRatio, 3 * pxRatio]);
        ctx.textBaseline = 'bottom';
        for (const mark of marks) {
          const x = u.valToPos(mark.x, 'x', true);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
          // The name goes left of the line when the line is near the right edge.
          const textWidth = ctx.measureText(mark.label).width;
          const right = x + 4 * pxRatio + textWidth <= left + width;
          ctx.textAlign = right ? 'left' : 'right';
          ctx.fillText(mark.label, right ? x + 4 * pxRatio : x - 4 * pxRatio, top + height - 3 * pxRatio);
        }
        ctx.restore();
      },
    },
  };
}

/**
 * Saves the canvas state, clips drawing to the plot area and sets the label font at the
 * device's pixel ratio, which it returns; the caller restores.
 */
function clipToPlot(u: uPlot): number {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const pxRatio = uPlotRatio();
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.font = FONT.replace('11px', `${Math.round(11 * pxRatio)}px`);
  return pxRatio;
}

/** Each limit above the axis as words at the top right edge, one under another: "↑ limit 2,000 ms above (p95 < 2000 ms)". */
function drawOffScale(u: uPlot, above: readonly OffScaleReference[], underBands: boolean): void {
  if (!above.length) return;
  const { ctx } = u;
  const { left, top, width } = u.bbox;
  const pxRatio = clipToPlot(u);
  const lineHeight = 15 * pxRatio;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'right';
  let y = top + (underBands ? 18 : 3) * pxRatio;
  for (const reference of above) {
    const text = fit(ctx, `↑ ${offScaleText(reference)}`, width - 8 * pxRatio);
    if (!text) continue;
    const textWidth = ctx.measureText(text).width;
    const x = left + width - 4 * pxRatio;
    ctx.fillStyle = OFF_SCALE_BACKGROUND;
    ctx.fillRect(x - textWidth - 3 * pxRatio, y - 1 * pxRatio, textWidth + 6 * pxRatio, lineHeight - 1 * pxRatio);
    ctx.fillStyle = OFF_SCALE_COLOR;
    ctx.fillText(text, x, y);
    y += lineHeight;
  }
  ctx.restore();
}

/** uPlot draws in device pixels (its pxRatio is the window's). */
function uPlotRatio(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}

/** The label, shortened with an ellipsis to fit `room` pixels; '' when not even that fits. */
function fit(ctx: CanvasRenderingContext2D, label: string, room: number): string {
  if (ctx.measureText(label).width <= room) return label;
  for (let length = label.length - 1; length > 0; length--) {
    const text = `${label.slice(0, length)}…`;
    if (ctx.measureText(text).width <= room) return text;
  }
  return '';
}
