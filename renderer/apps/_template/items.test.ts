import { describe, expect, it } from 'vitest';
import { createItems, envelope } from './backend/items.mjs';

describe('the application back end’s items', () => {
  it('answers pages newest first, for the caller’s unit only', () => {
    const items = createItems();
    for (const title of ['one', 'two', 'three'])
      items.add(1001, 'teacher', { title, due: '2026-09-01' });
    items.add(2001, 'other', { title: 'elsewhere', due: '2026-09-01' });
    expect(items.page(1001, 1, 2)).toEqual({
      list: [
        { id: 3, title: 'three', owner: 'teacher', due: '2026-09-01' },
        { id: 2, title: 'two', owner: 'teacher', due: '2026-09-01' },
      ],
      total: 3,
    });
    expect(items.page(1001, 2, 2).list.map((item) => item.title)).toEqual(['one']);
  });

  it('refuses an item without a title or a date, with a bilingual reason', () => {
    const items = createItems();
    const result = items.add(1001, 'teacher', { title: ' ', due: 'soon' });
    expect('error' in result && result.error).toContain('|||');
    expect(items.page(1001, 1, 30).total).toBe(0);
  });

  it('wraps answers in the platform envelope', () => {
    expect(envelope(200, { list: [], total: 0 })).toEqual({
      status: 200,
      message: '',
      data: { list: [], total: 0 },
      code: 'ok',
      fieldErrors: [],
    });
  });
});
