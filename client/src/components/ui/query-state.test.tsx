import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dataMessage } from '@/lib/errors';
import { QueryState, type QueryLike } from './query-state';

const query = (q: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...q,
});
const list = (data: string[]) => (
  <ul>
    {data.map((d) => (
      <li key={d}>{d}</li>
    ))}
  </ul>
);

describe('QueryState', () => {
  it('shows the placeholder while the first answer is awaited', () => {
    render(
      <QueryState query={query({ isPending: true })} loading={<p>Waiting</p>}>
        {list}
      </QueryState>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
  });

  it('shows the error in the spec’s words with Try again', () => {
    const error = { code: '42501', message: 'permission denied for table events' };
    const q = query({ isError: true, error });
    render(
      <QueryState query={q} errorTitle="Could not load events">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load events');
    expect(screen.getByRole('alert')).toHaveTextContent(dataMessage(error));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('says so when there is nothing, and draws the data otherwise', () => {
    const { rerender } = render(
      <QueryState query={query({ data: [] })} empty="No events yet" emptyBody="Check back soon.">
        {list}
      </QueryState>,
    );
    expect(screen.getByText('No events yet')).toBeInTheDocument();
    expect(screen.getByText('Check back soon.')).toBeInTheDocument();
    rerender(
      <QueryState query={query({ data: ['Ugadi', 'Deepavali'] })} empty="No events yet">
        {list}
      </QueryState>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ugadi',
      'Deepavali',
    ]);
  });
});
