// The chart drawn with uPlot (a ~22 KB gzipped canvas library): bars or lines over categories,
// a legend, a hover tooltip, and the same figures as a table for screen readers. Loaded lazily.
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useId, useRef, useState } from 'react';
import { defaultFormat, groupedBarLayout, labelStep, seriesColor, toAligned } from './layout';
import type { ChartProps } from './types';

const PIXEL_PERCENT = 2; // uPlot.BarsPathBuilderFacetUnit.PixelPercent (a const enum)

function buildOptions(props: ChartProps, width: number): Options {
  const { type, labels, series, height = 260, format = defaultFormat } = props;
  const n = series.length;
  const step = labelStep(labels.length, width);
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: type === 'line' } },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0, labels.length - 1) + 0.5] },
      y: {
        range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1],
      },
    },
    axes: [
      {
        stroke: '#44403c',
        grid: { show: false },
        splits: () => labels.map((_, i) => i).filter((i) => i % step === 0),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        stroke: '#44403c',
        grid: { stroke: '#e7e5e4', width: 1 },
        values: (_u, splits) => splits.map((v) => format(v)),
        // Wide enough for the longest tick label (about 7 px a character at 12 px).
        size: (_u, values) =>
          values?.length ? Math.max(...values.map((v) => String(v).length)) * 7 + 24 : 40,
      },
    ],
    series: [
      {},
      ...series.map((s, j) => {
        const color = seriesColor(j, s.color);
        if (type === 'line') {
          return { label: s.label, stroke: color, width: 2, points: { show: true, size: 6 } };
        }
        const layout = groupedBarLayout(labels.length, n, j);
        return {
          label: s.label,
          stroke: color,
          fill: color,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars!({
            disp: {
              x0: { unit: PIXEL_PERCENT, values: () => layout.offs },
              size: { unit: PIXEL_PERCENT, values: () => labels.map(() => layout.size) },
            },
          }),
        };
      }),
    ],
  } as Options;
}

let drawable: boolean | undefined;
function canDraw() {
  drawable ??= (() => {
    try {
      return !!document.createElement('canvas').getContext('2d');
    } catch {
      return false;
    }
  })();
  return drawable;
}

export default function ChartView(props: ChartProps) {
  const {
    title,
    labels,
    series,
    height = 260,
    format = defaultFormat,
    hideTitle,
    className = '',
  } = props;
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const figure = useRef<HTMLElement>(null);
  const [hover, setHover] = useState<{ idx: number; left: number; top: number } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(200, el.clientWidth || 600);
    const options = buildOptions(props, width);
    options.hooks = {
      setCursor: [
        (u) => {
          const idx = u.cursor.idx;
          const fig = figure.current?.getBoundingClientRect();
          const over = u.over.getBoundingClientRect();
          setHover(
            idx == null || !fig
              ? null
              : {
                  idx,
                  left: over.left - fig.left + (u.cursor.left ?? 0) + 12,
                  top: over.top - fig.top + 8,
                },
          );
        },
      ],
    };
    // No canvas (e.g. a test DOM): the table below still carries the figures.
    if (!canDraw()) return;
    const chart = new uPlot(options, toAligned(labels, series) as AlignedData, el);
    plot.current = chart;
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(([entry]) => {
            const w = Math.max(200, Math.floor(entry.contentRect.width));
            if (w !== chart.width) chart.setSize({ width: w, height });
          })
        : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // Rebuild when the data or the look changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify([props.type, labels, series, height])]);

  return (
    <figure ref={figure} className={`relative ${className}`} aria-labelledby={`${id}-title`}>
      <figcaption
        id={`${id}-title`}
        className={hideTitle ? 'sr-only' : 'mb-2 font-semibold text-stone-900'}
      >
        {title}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-hidden>
        {series.map((s, j) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: seriesColor(j, s.color) }}
            />
            {s.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="w-full" style={{ minHeight: height }} aria-hidden />
      {hover && labels[hover.idx] !== undefined && (
        <div
          aria-hidden
          className="pointer-events-none absolute z-10 rounded-md border border-stone-200 bg-white px-2 py-1 text-xs shadow"
          style={{ left: hover.left, top: hover.top }}
        >
          <p className="font-semibold">{labels[hover.idx]}</p>
          {series.map((s) => (
            <p key={s.label}>
              {s.label}: {s.values[hover.idx] == null ? '–' : format(s.values[hover.idx]!)}
            </p>
          ))}
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.label}>{s.values[i] == null ? '–' : format(s.values[i]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
