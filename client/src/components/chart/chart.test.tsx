import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Chart } from './index';
import { defaultFormat, groupedBarLayout, labelStep, seriesColor, toAligned } from './layout';

describe('chart layout helpers', () => {
  it('aligns series to the labels, filling gaps with null', () => {
    expect(
      toAligned(['Jan', 'Feb', 'Mar'], [{ values: [1, 2] }, { values: [3, null, 5] }]),
    ).toEqual([
      [0, 1, 2],
      [1, 2, null],
      [3, null, 5],
    ]);
  });

  it('places grouped bars side by side inside each category slot', () => {
    const a = groupedBarLayout(2, 2, 0);
    const b = groupedBarLayout(2, 2, 1);
    // Two categories: slots [0, 0.5) and [0.5, 1); each group is 70 % of its slot.
    expect(a.size).toBeCloseTo(0.1575);
    expect(a.offs[0]).toBeCloseTo(0.075 + 0.00875);
    expect(b.offs[0]).toBeCloseTo(a.offs[0] + 0.175);
    expect(a.offs[1]).toBeCloseTo(a.offs[0] + 0.5);
    for (const x of [...a.offs, ...b.offs]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + a.size).toBeLessThanOrEqual(1);
    }
  });

  it('thins axis labels to what fits', () => {
    expect(labelStep(12, 800)).toBe(1);
    expect(labelStep(60, 300)).toBe(12);
    expect(labelStep(0, 300)).toBe(1);
  });

  it('formats with Indian grouping and cycles the palette', () => {
    expect(defaultFormat(1234567)).toBe('12,34,567');
    expect(seriesColor(6)).toBe(seriesColor(0));
    expect(seriesColor(1, 'red')).toBe('red');
  });
});

describe('<Chart>', () => {
  // uPlot watches the device pixel ratio through matchMedia, which jsdom lacks.
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  beforeAll(async () => {
    await import('./chart-view');
  }, 60_000);

  it('loads lazily and carries its figures in a table for screen readers', async () => {
    render(
      <Chart
        type="bar"
        title="Registrations per month"
        labels={['Jan', 'Feb']}
        series={[
          { label: 'Members', values: [12, 1500] },
          { label: 'Students', values: [3, null] },
        ]}
      />,
    );
    const figure = await screen.findByRole(
      'figure',
      { name: 'Registrations per month' },
      { timeout: 10_000 },
    );
    const table = within(figure).getByRole('table', { name: 'Registrations per month' });
    expect(within(table).getByRole('columnheader', { name: 'Students' })).toBeInTheDocument();
    const feb = within(table).getByRole('row', { name: /Feb/ });
    expect(feb).toHaveTextContent('1,500');
    expect(feb).toHaveTextContent('–');
  }, 20_000);
});
