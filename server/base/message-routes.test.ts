import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type {
  DesktopMessage,
  ModuleExpiryItem,
  PopupList,
  UnreadCounts,
} from '../../contract/desktop';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cookiesOf, expectInvalid, getJson, postForm, postJson } from './desktop-test-helpers';

const USERS = [
  'teacher01',
  'teacher02',
  'staff01',
  'parent01',
  'parent02',
  'parent03',
  'student01',
  'area01',
] as const;

function popup(start: number | string, size: number | string = 3): string {
  return `${DESKTOP_API.popUpBox}?start=${String(start)}&size=${String(size)}`;
}

describe('desktop messages and to-do items', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, USERS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives teacher01 120 unread messages of every importance, newest first', async () => {
    const counts = await getJson<UnreadCounts>(t.app, cookies.teacher01, DESKTOP_API.unhandleCount);
    expect(counts.body).toMatchObject({ status: 200, data: { todo: 10, message: 120 } });

    const result = await getJson<DesktopMessage[]>(
      t.app,
      cookies.teacher01,
      DESKTOP_API.messagesNotRead,
    );
    const messages = result.body.data;
    expect(messages).toHaveLength(120);
    expect(new Set(messages.map((message) => message.importance))).toEqual(
      new Set([1, 2, 3, 4, 5]),
    );
    const dates = messages.map((message) => message.messageDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const message of messages) {
      expect(message.messageDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(message.module).not.toBe('');
    }
    expect(messages.some((message) => message.url.startsWith('https://'))).toBe(true);
    expect(messages.some((message) => message.url.startsWith('/pages/'))).toBe(true);
    expect(messages.some((message) => message.url === '')).toBe(true);
  });

  it('expands the expiry message (openWay 1) into modules with their status today', async () => {
    const result = await getJson<DesktopMessage[]>(
      t.app,
      cookies.teacher01,
      DESKTOP_API.messagesNotRead,
      { 'sy-language': 'en' },
    );
    const expiry = result.body.data.filter((message) => message.openWay === 1);
    expect(expiry).toHaveLength(1);
    const [message] = expiry;
    expect(message?.importance).toBe(5);
    const modules = JSON.parse(message?.content ?? '') as ModuleExpiryItem[];
    expect(modules.map((module) => [module.code, module.dqstatus, module.statusText])).toEqual([
      ['homework', 3, 'Expired'],
      ['score', 3, 'Expired'],
      ['kcb', 2, 'Soon to expire'],
      ['oa', 2, 'Soon to expire'],
      ['hr', 2, 'Soon to expire'],
    ]);
    // Other messages carry no module list.
    expect(
      result.body.data.filter((item) => item.openWay !== 1).every((item) => item.content === ''),
    ).toBe(true);
  });

  it('gives every demo user at least seven to-do items', async () => {
    for (const name of USERS) {
      const result = await getJson<PopupList>(t.app, cookies[name], popup(1));
      expect(result.body.data.total, name).toBeGreaterThanOrEqual(7);
      expect(result.body.data.list, name).toHaveLength(3);
    }
  });

  it('pages the to-do popup three at a time', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5].map((page) => getJson<PopupList>(t.app, cookies.teacher01, popup(page))),
    );
    expect(pages.map((page) => page.body.data.list.length)).toEqual([3, 3, 3, 1, 0]);
    for (const page of pages) expect(page.body.data).toMatchObject({ pages: 4, total: 10 });
    const ids = pages.flatMap((page) => page.body.data.list.map((item) => item.id));
    expect(new Set(ids).size).toBe(10);
    // The defaults are the first page of three.
    const plain = await getJson<PopupList>(t.app, cookies.teacher01, DESKTOP_API.popUpBox);
    expect(plain.body.data.list.map((item) => item.id)).toEqual(ids.slice(0, 3));
  });

  it('refuses bad paging', async () => {
    expectInvalid(await getJson(t.app, cookies.teacher01, popup(0)), 'start');
    expectInvalid(await getJson(t.app, cookies.teacher01, popup(1, 0)), 'size');
    expectInvalid(await getJson(t.app, cookies.teacher01, popup('one')), 'start');
    expectInvalid(await getJson(t.app, cookies.teacher01, popup(1, 101)), 'size');
  });

  it("marks one item read, but never someone else's", async () => {
    const list = await getJson<DesktopMessage[]>(
      t.app,
      cookies.teacher02,
      DESKTOP_API.messagesNotRead,
    );
    expect(list.body.data).toHaveLength(5);
    const [first] = list.body.data;
    const id = first?.id ?? '';

    // teacher01 cannot mark teacher02's message: it answers like an unknown id.
    const foreign = await postForm(t.app, cookies.teacher01, DESKTOP_API.messageReadById, {
      desktopMessageId: id,
    });
    expect(foreign.body).toMatchObject({ status: 404, code: 'not_found', data: null });
    expect(foreign.body.message).toContain('|||');

    const read = await postForm<boolean>(t.app, cookies.teacher02, DESKTOP_API.messageReadById, {
      desktopMessageId: id,
    });
    expect(read.body).toMatchObject({ status: 200, data: true });
    const again = await postJson<boolean>(t.app, cookies.teacher02, DESKTOP_API.messageReadById, {
      desktopMessageId: id,
    });
    expect(again.body.data).toBe(true);

    const after = await getJson<UnreadCounts>(t.app, cookies.teacher02, DESKTOP_API.unhandleCount);
    expect(after.body.data).toEqual({ todo: 8, message: 4 });
    expect(
      (await getJson<UnreadCounts>(t.app, cookies.teacher01, DESKTOP_API.unhandleCount)).body.data,
    ).toEqual({ todo: 10, message: 120 });

    expectInvalid(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.messageReadById),
      'desktopMessageId',
    );
    expectInvalid(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.messageReadById, {
        desktopMessageId: 'abc',
      }),
      'desktopMessageId',
    );
  });

  it('ignores a to-do item by id, which takes it out of the popup', async () => {
    const before = await getJson<PopupList>(t.app, cookies.parent02, popup(1));
    const first = before.body.data.list[0];
    await postForm(t.app, cookies.parent02, DESKTOP_API.messageReadById, {
      desktopMessageId: first?.id ?? '',
    });
    const after = await getJson<PopupList>(t.app, cookies.parent02, popup(1));
    expect(after.body.data.total).toBe(before.body.data.total - 1);
    expect(after.body.data.list.map((item) => item.id)).not.toContain(first?.id);
  });

  it("ignores all of the caller's messages and leaves their to-do items", async () => {
    const result = await postForm<boolean>(t.app, cookies.staff01, DESKTOP_API.messagesReadAll);
    expect(result.body).toMatchObject({ status: 200, data: true });
    const counts = await getJson<UnreadCounts>(t.app, cookies.staff01, DESKTOP_API.unhandleCount);
    expect(counts.body.data).toEqual({ todo: 8, message: 0 });
    const list = await getJson<DesktopMessage[]>(
      t.app,
      cookies.staff01,
      DESKTOP_API.messagesNotRead,
    );
    expect(list.body.data).toEqual([]);
    // An empty JSON body is accepted too (the client's post-json without arguments).
    const json = await t.app.inject({
      method: 'POST',
      url: DESKTOP_API.messagesReadAll,
      headers: { cookie: cookies.staff01, 'content-type': 'application/json' },
      payload: '',
    });
    expect(json.statusCode).toBe(200);
    // Nobody else's changed.
    const other = await getJson<UnreadCounts>(t.app, cookies.parent01, DESKTOP_API.unhandleCount);
    expect(other.body.data.message).toBe(4);
  });

  it('answers the message configuration as JSON with pcOpen', async () => {
    const teacher = await getJson<string>(t.app, cookies.teacher01, DESKTOP_API.messageConfig);
    expect(JSON.parse(teacher.body.data)).toEqual({ pcOpen: true });
    const staff = await getJson<string>(t.app, cookies.staff01, DESKTOP_API.messageConfig);
    expect(JSON.parse(staff.body.data)).toEqual({ pcOpen: false });
  });

  it('needs a session for every call', async () => {
    for (const url of [
      DESKTOP_API.unhandleCount,
      DESKTOP_API.messagesNotRead,
      DESKTOP_API.popUpBox,
      DESKTOP_API.messageConfig,
    ]) {
      expect((await getJson(t.app, undefined, url)).statusCode).toBe(401);
    }
    // 401 comes before validation, so a caller without a session learns nothing else.
    expect((await getJson(t.app, undefined, popup(0))).statusCode).toBe(401);
    expect((await postForm(t.app, undefined, DESKTOP_API.messagesReadAll)).statusCode).toBe(401);
  });
});
