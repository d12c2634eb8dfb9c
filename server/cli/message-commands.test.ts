import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { sendMessage } from './message-commands';
import { ELSEWHERE_CHECK_MS } from '../base/unread-counts';

describe('send-message', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  async function desktop(url: string, cookie: string) {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie, host: 'localhost' },
    });
    return response.json<{ data: unknown }>().data;
  }

  it('leaves a message and a to-do item the desktop shows as unread', async () => {
    const session = await signIn(t.app, 'teacher02');
    const before = (await desktop(DESKTOP_API.unhandleCount, session.cookie)) as {
      todo: number;
      message: number;
    };
    const sql = await t.database();
    await sendMessage(
      sql,
      { user: 'teacher02', text: '机房周五停电，请提前保存文件', module: 'oa' },
      { now: t.clock.now },
    );
    await sendMessage(
      sql,
      {
        user: 'teacher02',
        text: '请提交本学期课表',
        todo: true,
        url: 'https://edu.example.org/kb',
      },
      { now: t.clock.now },
    );
    // The admin tool is another process: the node hears of its writes within a second on SQLite
    // (it asks then), and once the database's notice arrives on PostgreSQL.
    t.clock.advance(ELSEWHERE_CHECK_MS);
    await expect
      .poll(() => desktop(DESKTOP_API.unhandleCount, session.cookie), { timeout: 10_000 })
      .toEqual({ todo: before.todo + 1, message: before.message + 1 });
    const unread = (await desktop(DESKTOP_API.messagesNotRead, session.cookie)) as {
      messageMeno: string;
      module: string;
      url: string;
    }[];
    expect(unread[0]).toMatchObject({
      messageMeno: '机房周五停电，请提前保存文件',
      module: '协同办公',
    });
    expect(unread[0]?.url).toMatch(/^\/pages\/.+\/pc_oa_(pre|tm|spm)\/index\.html$/);
  });

  it('refuses an unknown application, an empty text and a bad link', async () => {
    const sql = await t.database();
    const clock = { now: t.clock.now };
    await expect(
      sendMessage(sql, { user: 'teacher02', text: 'x', module: 'nosuchapp' }, clock),
    ).rejects.toThrow('has no application "nosuchapp"');
    await expect(sendMessage(sql, { user: 'teacher02', text: ' ' }, clock)).rejects.toThrow(
      '--text',
    );
    await expect(
      sendMessage(sql, { user: 'teacher02', text: 'x', url: 'javascript:alert(1)' }, clock),
    ).rejects.toThrow('--url');
  });
});
