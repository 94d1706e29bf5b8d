import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labelledOptions, TextFilter } from './filter-bar';
import { useTableUrlState } from './url-state';

describe('labelledOptions', () => {
  it('labels stored values in their order, and shows a value without a label as itself', () => {
    expect(
      labelledOptions(['Check', 'Yes', 'Other'], { Check: 'Pending', Yes: 'Approved' }),
    ).toEqual([
      { value: 'Check', label: 'Pending' },
      { value: 'Yes', label: 'Approved' },
      { value: 'Other', label: 'Other' },
    ]);
  });
});

describe('TextFilter', () => {
  let search = '';
  let reset: () => void = () => undefined;
  function Screen() {
    const state = useTableUrlState({ defaults: { city: '' } });
    search = useLocation().search;
    reset = state.reset;
    return <TextFilter state={state} name="city" label="City" />;
  }
  const mount = (url = '/list') =>
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/list', element: <Screen /> }], {
          initialEntries: [url],
        })}
      />,
    );
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the trimmed value to the URL after the debounce, back to page 1', () => {
    mount('/list?page=3');
    const box = screen.getByLabelText('City');
    fireEvent.change(box, { target: { value: ' Sirsi ' } });
    expect(search).toBe('?page=3');
    act(() => vi.advanceTimersByTime(300));
    expect(search).toBe('?city=Sirsi');
    expect(box).toHaveValue(' Sirsi ');
  });

  it('commits at once on Enter, and an empty box removes the filter', () => {
    mount('/list?city=Sagar');
    const box = screen.getByLabelText('City');
    expect(box).toHaveValue('Sagar');
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(search).toBe('');
  });

  it('follows the URL when the filters are reset, dropping a pending keystroke', () => {
    mount('/list?city=Sagar');
    const box = screen.getByLabelText('City');
    fireEvent.change(box, { target: { value: 'Sagara' } });
    act(() => reset());
    expect(box).toHaveValue('');
    act(() => vi.advanceTimersByTime(500));
    expect(search).toBe('');
  });
});
