// Charts (uPlot, loaded lazily): <Chart type="bar" | "line" title labels series />.
import { lazy, Suspense } from 'react';
import type { ChartProps } from './types';

export type { ChartProps, ChartSeries } from './types';

const ChartView = lazy(() => import('./chart-view'));

/** A bar or line chart with a legend, tooltip and a screen-reader table; loads on first use. */
export function Chart(props: ChartProps) {
  const height = props.height ?? 260;
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="animate-pulse rounded-md bg-stone-200/70"
          style={{ height: height + 48 }}
        >
          <span className="sr-only">{props.title}</span>
        </div>
      }
    >
      <ChartView {...props} />
    </Suspense>
  );
}
