// The chart's props (shared by the lazy wrapper and the uPlot module).

/** One data series: a name (legend, table header) and one value per label. */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** A CSS colour (default: the kit's palette in order). */
  color?: string;
}

export interface ChartProps {
  /** 'bar' (grouped when several series) or 'line'. */
  type: 'bar' | 'line';
  /** The chart's title: its figure caption and accessible name. */
  title: string;
  /** The categories along the x axis (months, event names…). */
  labels: string[];
  series: ChartSeries[];
  /** Plot height in CSS pixels (default 260). */
  height?: number;
  /** How values are written on the axis, tooltip and table (default en-IN grouping). */
  format?: (value: number) => string;
  /** Hide the visible caption (the accessible name stays). */
  hideTitle?: boolean;
  className?: string;
}
