import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  EMPTY_PAGE_API,
  NO_PAGE_API,
  PAGE_SIZE_OPTIONS,
  PAGINATION_LAYOUT,
  pageApiProblem,
  pageRequest,
} from './page-api';

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
