/**
 * Chart.js, only the parts the bar charts use. This module is imported when the first chart
 * is shown (BarChart.tsx), so the page's first load does not carry it.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { angka } from '../core/format';
import { wrap } from './data';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
Chart.defaults.font.size = 13;
Chart.defaults.color = '#1d2430';

export interface BarSpec {
  /** The categories' full names (a region, a state, a period). */
  labels: string[];
  /** The names on the category axis when they differ from `labels` (a short month). */
  axisLabels?: string[];
  series: { label: string; data: number[]; color: string | string[] }[];
  /** Bars from the left (names one under another: long names stay readable) or from the bottom. */
  horizontal: boolean;
  /** The count axis's title. */
  countTitle: string;
}

/** Draws the bars on `canvas` (replacing what was there); counts only on whole-number ticks. */
export function drawBars(canvas: HTMLCanvasElement, spec: BarSpec): void {
  Chart.getChart(canvas)?.destroy();
  const names = spec.axisLabels ?? spec.labels;
  const count = {
    type: 'linear' as const,
    beginAtZero: true,
    // counts are whole numbers: never a tick at 0.5
    ticks: { precision: 0, callback: (v: number | string) => angka(Number(v)) },
    title: { display: true, text: spec.countTitle },
  };
  const category = {
    type: 'category' as const,
    ticks: spec.horizontal ? { autoSkip: false } : { autoSkip: true, maxRotation: 0 },
    grid: { display: false },
  };
  new Chart<'bar', number[], string | string[]>(canvas, {
    type: 'bar',
    data: {
      labels: spec.horizontal ? names.map((n) => wrap(n)) : names,
      datasets: spec.series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, maxBarThickness: 36 })),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: spec.horizontal ? { x: count, y: category } : { x: category, y: count },
      plugins: {
        legend: { display: spec.series.length > 1, position: 'bottom' },
        tooltip: {
          callbacks: {
            title: (items) => spec.labels[items[0]?.dataIndex ?? 0] ?? '',
            label: (item) => `${item.dataset.label}: ${angka(item.parsed[spec.horizontal ? 'x' : 'y'])}`,
          },
        },
      },
    },
  });
}

/** Chart.js's class: `Chart.getChart(canvas)` finds a canvas's chart (to remove it). */
export { Chart };
