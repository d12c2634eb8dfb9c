import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_API, type NoticePage, type NoticeStats } from '../../contract/notices';
import {
  cookiesOf,
  expectInvalid,
  expectRefusal,
  getJson,
  postForm,
  postJson,
} from '../base/desktop-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SEED_NOTICE_COUNT } from './seed-notices';

const NEW_NOTICE = {
  title: '测试通知：期中考试',
  category: 'teaching',
  content: '请各班做好准备。',
  publisher: '教务处',
  contact: '010-1234 5678',
  email: 'a@school.cn',
};

describe('notice application API', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, ['teacher01', 'teacher02', 'parent01', 'area01']);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (cookie: string | undefined, query: string) =>
    getJson<NoticePage>(t.app, cookie, `${NOTICE_API.list}?${query}`);

  it('pages the unit’s notices with start and size, newest first', async () => {
    const first = await list(cookies.teacher01, 'start=1&size=30');
    expect(first.body.status).toBe(200);
    expect(first.body.data.total).toBe(SEED_NOTICE_COUNT);
    expect(first.body.data.list).toHaveLength(30);
    const times = first.body.data.list.map((notice) => notice.publishedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const last = await list(
      cookies.teacher01,
      `start=${String(Math.ceil(SEED_NOTICE_COUNT / 400))}&size=400`,
    );
    expect(last.body.data.list).toHaveLength(SEED_NOTICE_COUNT % 400 || 400);
    // Beyond the last page: an empty page (the container steps back).
    const beyond = await list(cookies.teacher01, 'start=999&size=400');
    expect(beyond.body.data).toEqual({ list: [], total: SEED_NOTICE_COUNT });
  });

  it('searches by title (literally) and filters by category', async () => {
    const found = await list(cookies.teacher01, `title=${encodeURIComponent('第2040号')}&size=30`);
    expect(found.body.data.total).toBe(1);
    const literal = await list(cookies.teacher01, `title=${encodeURIComponent('%')}`);
    expect(literal.body.data.total).toBe(0);
    const safety = await list(cookies.teacher01, 'category=safety&size=400');
    expect(safety.body.data.total).toBeGreaterThan(0);
    expect(safety.body.data.list.every((notice) => notice.category === 'safety')).toBe(true);
    expectInvalid(await list(cookies.teacher01, 'category=nope'), 'category');
    expectInvalid(await list(cookies.teacher01, 'size=401'), 'size');
  });

  it('keeps units apart: the bureau sees only its own notices', async () => {
    const bureau = await list(cookies.area01, 'size=30');
    expect(bureau.body.data.total).toBe(5);
    const id = bureau.body.data.list[0]?.id ?? 0;
    // teacher01 (publisher at the school) cannot delete or edit the bureau's notice.
    const removed = await postJson(t.app, cookies.teacher01, NOTICE_API.remove, { id });
    expect(removed.body).toMatchObject({ status: 404, code: 'not_found' });
    const edited = await postJson(t.app, cookies.teacher01, NOTICE_API.save, { ...NEW_NOTICE, id });
    expect(edited.body).toMatchObject({ status: 404 });
  });

  it('validates the notice: required fields, contact and email rules of spec §5', async () => {
    expectInvalid(
      await postJson(t.app, cookies.teacher01, NOTICE_API.save, { ...NEW_NOTICE, title: '' }),
      'title',
    );
    expectInvalid(
      await postJson(t.app, cookies.teacher01, NOTICE_API.save, {
        ...NEW_NOTICE,
        contact: 'call me',
      }),
      'contact',
    );
    expectInvalid(
      await postJson(t.app, cookies.teacher01, NOTICE_API.save, { ...NEW_NOTICE, email: 'nope' }),
      'email',
    );
    expectInvalid(
      await postJson(t.app, cookies.teacher01, NOTICE_API.save, { ...NEW_NOTICE, category: 'x' }),
      'category',
    );
  });

  it('publishes, edits and deletes with the permission codes; refuses without them', async () => {
    const created = await postJson<{ id: number }>(
      t.app,
      cookies.teacher01,
      NOTICE_API.save,
      NEW_NOTICE,
    );
    expect(created.body.status).toBe(200);
    const id = created.body.data.id;
    const top = await list(cookies.teacher01, 'size=1');
    expect(top.body.data.list[0]).toMatchObject({ id, title: NEW_NOTICE.title });

    const edited = await postJson(t.app, cookies.teacher01, NOTICE_API.save, {
      ...NEW_NOTICE,
      id,
      title: '已修改',
    });
    expect(edited.body.status).toBe(200);
    expect((await list(cookies.teacher01, 'size=1')).body.data.list[0]?.title).toBe('已修改');

    // teacher02 has tzgg_list only; a parent has no menu tree at all.
    expectRefusal(await postJson(t.app, cookies.teacher02, NOTICE_API.save, NEW_NOTICE));
    expectRefusal(await postJson(t.app, cookies.teacher02, NOTICE_API.remove, { id }));
    expectRefusal(await postForm(t.app, cookies.parent01, NOTICE_API.remove, { id: String(id) }));
    // But they can read.
    expect((await list(cookies.teacher02, 'size=1')).body.status).toBe(200);

    const removed = await postForm(t.app, cookies.teacher01, NOTICE_API.remove, { id: String(id) });
    expect(removed.body).toMatchObject({ status: 200, data: true });
    expect((await list(cookies.teacher01, 'size=1')).body.data.total).toBe(SEED_NOTICE_COUNT);
  });

  it('counts notices per month and per category', async () => {
    const stats = await getJson<NoticeStats>(t.app, cookies.teacher01, NOTICE_API.stats);
    const months = stats.body.data.perMonth;
    expect(months.length).toBeGreaterThan(12);
    expect(months.reduce((sum, month) => sum + month.count, 0)).toBe(SEED_NOTICE_COUNT);
    expect(months.map((month) => month.month)).toEqual([...months.map((m) => m.month)].sort());
    expect(stats.body.data.perCategory.map((entry) => entry.category).sort()).toEqual([
      'activity',
      'family',
      'safety',
      'school',
      'teaching',
    ]);
  });

  it('answers 401 without a session', async () => {
    const answer = await list(undefined, 'size=1');
    expect(answer.statusCode).toBe(401);
  });
});
