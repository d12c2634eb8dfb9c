// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../../contract/envelope';
import type { PageApi } from '../../core/paged/page-api';
import { queryCache } from '../../core/query/query-cache';
import { usePagedList, type PageFetcher } from './use-paged-list';

interface Call {
  params: Record<string, unknown>;
  signal: AbortSignal;
  answer: (envelope: ApiEnvelope) => void;
  fail: (error: unknown) => void;
}

function harness(pageApi: PageApi | null = { api: '/api/x' }) {
  const calls: Call[] = [];
  const fetchPage: PageFetcher = ({ params, signal }) =>
    new Promise((resolve, reject) => {
      calls.push({ params, signal, answer: resolve, fail: reject });
    });
  const hook = renderHook(
    ({ api }: { api: PageApi | null }) => usePagedList<number>(api, { fetchPage }),
    { initialProps: { api: pageApi } },
  );
  return { calls, hook, current: () => hook.result.current };
}

const page = (list: number[], total: number): ApiEnvelope => ({
  status: 200,
  message: '',
  code: 'ok',
  fieldErrors: [],
  data: { list, total },
});

beforeEach(() => {
  queryCache.clear();
});
afterEach(cleanup);

describe('usePagedList (spec §4)', () => {
  it('shows only the latest page asked for: the earlier call is aborted', async () => {
    const { calls, current } = harness();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    act(() => {
      current().load(2, 30);
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.params).toMatchObject({ start: 2, size: 30 });
    act(() => {
      calls[1]?.answer(page([31, 32], 40));
    });
    await waitFor(() => {
      expect(current()).toMatchObject({ list: [31, 32], total: 40, page: 2, loading: false });
    });
    // The earlier call's late answer changes nothing.
    act(() => {
      calls[0]?.answer(page([1, 2], 40));
    });
    expect(current()).toMatchObject({ list: [31, 32], page: 2 });
  });

  it('empties the list, total 0 and page 1 on any failure', async () => {
    const { calls, current } = harness();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    act(() => {
      calls[0]?.answer(page([1], 1));
    });
    await waitFor(() => {
      expect(current().list).toEqual([1]);
    });
    act(() => {
      current().load(3, 30);
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    act(() => {
      calls[1]?.fail(new Error('network'));
    });
    await waitFor(() => {
      expect(current()).toMatchObject({ list: [], total: 0, page: 1, loading: false });
    });
    act(() => {
      current().load(2, 30);
    });
    await waitFor(() => {
      expect(calls).toHaveLength(3);
    });
    act(() => {
      calls[2]?.answer({ status: 500, message: 'x', code: 'e', fieldErrors: [], data: null });
    });
    await waitFor(() => {
      expect(current()).toMatchObject({ list: [], total: 0, page: 1, loading: false });
    });
  });

  it('steps back one page and loads it when a later page comes back empty', async () => {
    const { calls, current } = harness();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    act(() => {
      current().load(3, 30);
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    act(() => {
      calls[1]?.answer(page([], 60));
    });
    await waitFor(() => {
      expect(calls).toHaveLength(3);
    });
    expect(calls[2]?.params).toMatchObject({ start: 2, size: 30 });
    act(() => {
      calls[2]?.answer(page([31], 31));
    });
    await waitFor(() => {
      expect(current()).toMatchObject({ list: [31], total: 31, page: 2 });
    });
  });

  it('reloads the current page, and goes back to page 1 when the config changes', async () => {
    const { calls, current, hook } = harness();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    act(() => {
      calls[0]?.answer(page([1], 1));
    });
    act(() => {
      current().reload();
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls[1]?.params).toMatchObject({ start: 1 });
    hook.rerender({ api: { api: '/api/x', querys: { title: 'y' } } });
    await waitFor(() => {
      expect(calls).toHaveLength(3);
    });
    expect(calls[2]?.params).toMatchObject({ title: 'y', start: 1, size: 30 });
  });

  it('calls nothing with an unusable config, and aborts when the list leaves', async () => {
    const unusable = harness(null);
    await act(() => Promise.resolve());
    expect(unusable.calls).toHaveLength(0);
    expect(unusable.current().problem).toBe('no pageApi config found');
    unusable.hook.unmount();
    const { calls, hook } = harness();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    hook.unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });
});
