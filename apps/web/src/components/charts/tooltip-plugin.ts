import type uPlot from 'uplot';
import { formatClock, formatValue, type ChartModel, type LineSpec } from './chart-model';

/** A small HTML tooltip inside the plot area: the second, then each visible line's value. */
export function tooltipPlugin(getModel: () => ChartModel): uPlot.Plugin {
  let tip: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = 'chart-tooltip';
        tip.setAttribute('aria-hidden', 'true');
        tip.style.display = 'none';
        u.over.appendChild(tip);
        u.over.addEventListener('mouseleave', () => {
          if (tip) tip.style.display = 'none';
        });
      },
      setCursor: (u) => {
        if (!tip) return;
        const idx = u.cursor.idx;
        const left = u.cursor.left ?? -1;
        if (idx === null || idx === undefined || left < 0) {
          tip.style.display = 'none';
          return;
        }
        const model = getModel();
        tip.replaceChildren();
        const head = document.createElement('div');
        head.className = 'chart-tooltip__time';
        head.textContent = model.xLabels ? (model.xLabels[idx] ?? '') : `at ${formatClock(u.data[0][idx] ?? 0)}`;
        tip.appendChild(head);
        model.lines.forEach((line: LineSpec, i) => {
          if (!u.series[i + 1]?.show) return;
          const value = u.data[i + 1]?.[idx];
          const row = document.createElement('div');
          row.className = 'chart-tooltip__row';
          const swatch = document.createElement('span');
          swatch.className = 'chart-tooltip__swatch';
          swatch.style.background = line.color;
          const name = document.createElement('span');
          name.className = 'chart-tooltip__name';
          name.textContent = line.label;
          const val = document.createElement('span');
          val.className = 'chart-tooltip__value';
          const note = model.notes?.[i]?.[idx];
          val.textContent = formatValue(value, line.unit) + (note && value !== null && value !== undefined ? ` · ${note}` : '');
          row.append(swatch, name, val);
          tip!.appendChild(row);
        });
        tip.style.display = 'block';
        const overWidth = u.over.clientWidth;
        const tipWidth = tip.offsetWidth;
        const x = left + 14 + tipWidth > overWidth ? Math.max(0, left - 14 - tipWidth) : left + 14;
        tip.style.transform = `translate(${Math.round(x)}px, 6px)`;
      },
    },
  };
}
