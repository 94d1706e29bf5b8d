// Pure helpers of the chart: colours, the uPlot data table, grouped-bar geometry and axis ticks.

/** The kit's series colours (Tailwind orange-800, sky-700, emerald-700, amber-500, stone-600, rose-700). */
export const PALETTE = ['#9a3412', '#0369a1', '#047857', '#f59e0b', '#57534e', '#be123c'];

export const seriesColor = (i: number, given?: string) => given ?? PALETTE[i % PALETTE.length];

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** 1234567 → '12,34,567' (Indian digit grouping). */
export const defaultFormat = (n: number) => grouping.format(n);

/** uPlot's aligned data: x = category index, then one row per series (missing → null). */
export function toAligned(labels: string[], series: { values: (number | null)[] }[]) {
  const x = labels.map((_, i) => i);
  return [x, ...series.map((s) => labels.map((_, i) => s.values[i] ?? null))] as [
    number[],
    ...(number | null)[][],
  ];
}

/**
 * Grouped bars: for `count` categories and `n` series, the left edge and width of series j's bar
 * in each category, as fractions of the plot width (uPlot's PixelPercent unit).
 */
export function groupedBarLayout(count: number, n: number, j: number, groupWidth = 0.7) {
  const slot = 1 / Math.max(1, count);
  const bar = (groupWidth * slot) / Math.max(1, n);
  const inner = bar * 0.9;
  const offs: number[] = [];
  for (let i = 0; i < count; i++) {
    offs.push(i * slot + (slot - groupWidth * slot) / 2 + j * bar + (bar - inner) / 2);
  }
  return { offs, size: inner };
}

/** Which category indices get an axis label so that labels of `labelPx` fit in `widthPx`. */
export function labelStep(count: number, widthPx: number, labelPx = 56) {
  if (count <= 0) return 1;
  return Math.max(1, Math.ceil(count / Math.max(1, Math.floor(widthPx / labelPx))));
}
