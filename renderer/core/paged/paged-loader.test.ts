import { describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../../contract/envelope';
import {
  DEFAULT_PAGE_SIZE,
  EMPTY_PAGE_API,
  NO_PAGE_API,
  PAGE_SIZE_OPTIONS,
  PAGINATION_LAYOUT,
  pageApiProblem,
  pageRequest,
} from './page-api';
import { PagedLoader, type PageFetcher, type PagedListState } from './paged-loader';

interface Call {
  params: Record<string, unknown>;
  signal: AbortSignal;
  answer: (envelope: ApiEnvelope) => void;
  fail: (error: unknown) => void;
}

function harness() {
  const calls: Call[] = [];
  const states: PagedListState<number>[] = [];
  const fetch: PageFetcher = ({ params, signal }) =>
    new Promise((resolve, reject) => {
      calls.push({ params, signal, answer: resolve, fail: reject });
    });
  const loader = new PagedLoader<number>((state) => states.push(state), fetch);
  loader.configure({ api: '/api/x' }, fetch, true);
  return { loader, calls, states, last: () => states[states.length - 1] };
}

const page = (list: number[], total: number): ApiEnvelope => ({
  status: 200,
  message: '',
  code: 'ok',
  fieldErrors: [],
  data: { list, total },
});
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('page API config (spec §3, §8, §9)', () => {
  it('has the constants of spec §9', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(30);
    expect(PAGE_SIZE_OPTIONS).toEqual([30, 100, 200, 300, 400]);
    expect(PAGINATION_LAYOUT).toEqual(['total', 'sizes', 'prev', 'pager', 'next']);
  });

  it('warns with the exact texts of spec §8', () => {
    expect(pageApiProblem(undefined)).toBe('no pageApi config found');
    expect(NO_PAGE_API).toBe('no pageApi config found');
    expect(pageApiProblem({ api: ' ' })).toBe('pageApi.api cannot be empty');
    expect(EMPTY_PAGE_API).toBe('pageApi.api cannot be empty');
    expect(pageApiProblem({ api: '/a' })).toBeNull();
  });

  it('sends start and size by default, its own keys when configured, and the queries', () => {
    expect(pageRequest({ api: '/a', querys: { title: 'x', category: '' } }, 2, 30)).toEqual({
      method: 'get',
      url: '/a',
      params: { title: 'x', start: 2, size: 30 },
    });
    expect(
      pageRequest({ api: '/a', method: 'post', pageKey: 'pageNo', sizeKey: 'rows' }, 3, 100).params,
    ).toEqual({ pageNo: 3, rows: 100 });
    expect(pageRequest({ api: '/a' }, 3, 100, false).params).toEqual({});
  });
});

describe('PagedLoader (spec §4)', () => {
  it('shows only the latest answer: an earlier call is aborted and its late answer dropped', async () => {
    const { loader, calls, last } = harness();
    loader.load(1, 30);
    loader.load(2, 30);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[1]?.answer(page([31, 32], 40));
    await settled();
    // The stale answer arrives after the newer one: it must not replace it.
    calls[0]?.answer(page([1, 2], 40));
    await settled();
    expect(last()).toMatchObject({ list: [31, 32], total: 40, page: 2, loading: false });
  });

  it('empties the list, total 0 and page 1 on any failure', async () => {
    const { loader, calls, last } = harness();
    loader.load(3, 30);
    calls[0]?.fail(new Error('network'));
    await settled();
    expect(last()).toMatchObject({ list: [], total: 0, page: 1, loading: false });
    loader.load(2, 30);
    calls[1]?.answer({ status: 500, message: 'x', code: 'e', fieldErrors: [], data: null });
    await settled();
    expect(last()).toMatchObject({ list: [], total: 0, page: 1 });
    loader.load(2, 30);
    calls[2]?.answer({ status: 200, message: '', code: 'ok', fieldErrors: [], data: { rows: [] } });
    await settled();
    expect(last()).toMatchObject({ list: [], total: 0, page: 1 });
  });

  it('steps back one page and reloads when a later page comes back empty', async () => {
    const { loader, calls, last } = harness();
    loader.load(3, 30);
    calls[0]?.answer(page([], 60));
    await settled();
    expect(calls[1]?.params).toMatchObject({ start: 2, size: 30 });
    calls[1]?.answer(page([31], 31));
    await settled();
    expect(last()).toMatchObject({ list: [31], total: 31, page: 2 });
    // An empty first page is simply empty.
    loader.load(1, 30);
    calls[2]?.answer(page([], 0));
    await settled();
    expect(calls).toHaveLength(3);
    expect(last()).toMatchObject({ list: [], total: 0, page: 1 });
  });

  it('does nothing after cancel, and does not call with an unusable config', async () => {
    const { loader, calls, states } = harness();
    loader.load(1, 30);
    loader.cancel();
    calls[0]?.answer(page([1], 1));
    await settled();
    expect(states.at(-1)?.list).toEqual([]);
    loader.configure(undefined, () => Promise.reject(new Error('never')), true);
    loader.load(1, 30);
    expect(calls).toHaveLength(1);
  });
});
