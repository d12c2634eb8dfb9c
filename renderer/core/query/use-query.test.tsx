// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryCache, type Query } from './query-cache';
import { useQuery } from './use-query';
import { manualQueries } from '../../../tests/support/manual-query';

afterEach(cleanup);

/** Pages answered by hand. */
function pages() {
  const { calls, query } = manualQueries();
  return { calls, query: (page: number) => query(['page', page]) };
}

function Page({
  cache,
  query,
  keepPrevious = false,
}: {
  cache: QueryCache;
  query: Query<string>;
  keepPrevious?: boolean;
}) {
  const result = useQuery(query, { cache, staleMs: 10_000, keepPrevious });
  return (
    <p>
      {result.status}:{result.data ?? '-'}
    </p>
  );
}

describe('useQuery', () => {
  it('draws an answer handed over by the first render, without a call of its own', async () => {
    const cache = new QueryCache();
    const { calls, query } = pages();
    cache.prefetch(query(1));
    calls[0]?.resolve('early');
    await waitFor(() => {
      expect(cache.getData(query(1))).toBe('early');
    });
    render(<Page cache={cache} query={query(1)} />);
    // The very first render: no effect has run.
    expect(screen.getByText('success:early')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(calls).toHaveLength(1);
  });

  it('shows the latest key only; the older call is aborted when nobody waits for it', async () => {
    const cache = new QueryCache();
    const { calls, query } = pages();
    const view = render(<Page cache={cache} query={query(1)} />);
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    view.rerender(<Page cache={cache} query={query(2)} />);
    expect(screen.getByText('pending:-')).toBeTruthy();
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls[0]?.signal.aborted).toBe(true);
    act(() => {
      calls[1]?.resolve('two');
    });
    expect(await screen.findByText('success:two')).toBeTruthy();
  });

  it('keeps the previous answer while the next key loads, when asked to', async () => {
    const cache = new QueryCache();
    const { calls, query } = pages();
    const view = render(<Page cache={cache} query={query(1)} keepPrevious />);
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    act(() => {
      calls[0]?.resolve('one');
    });
    expect(await screen.findByText('success:one')).toBeTruthy();
    view.rerender(<Page cache={cache} query={query(2)} keepPrevious />);
    expect(screen.getByText('pending:one')).toBeTruthy();
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    act(() => {
      calls[1]?.resolve('two');
    });
    expect(await screen.findByText('success:two')).toBeTruthy();
  });
});
