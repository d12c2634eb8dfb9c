import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

const suite = e2eSuite();
/** The notice application's page (code tzgg, server id notice) for teachers. */
const NOTICE_PAGE = '/pages/notice/pc_tzgg_pre/index.html';

async function noticePageOf(username: string, route: string) {
  const { page } = await suite.open('/login');
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/pc_desktop_all/);
  await page.goto(`${suite.server.url}${NOTICE_PAGE}#${route}`);
  return page;
}

describe('PH, the shared layer, in a platform application page', () => {
  it('shows a permitted route, hides what the permission codes do not grant (teacher02)', async () => {
    const page = await noticePageOf('teacher02', '/list');
    const shared = page.getByRole('region', { name: /共享层/ });
    await shared.getByText('页面 · Page /list').waitFor();
    // teacher02 has no tzgg_delete: the element is removed.
    await expect(shared.getByRole('button', { name: '删除 · Delete' }).count()).resolves.toBe(0);
    // The upload panel of the shared layer is there to use.
    await shared
      .getByRole('button', { name: /选择文件|上传/ })
      .first()
      .waitFor();
    await keepScreenshot(page, 'ph-notice-teacher02');

    // /publish is not in teacher02's permitted menu list: not found.
    await page.evaluate(() => {
      window.location.hash = '#/publish';
    });
    await shared.getByRole('heading', { name: '页面不存在' }).waitFor();
  });

  it('shows the element and the route the admin is granted (teacher01)', async () => {
    const page = await noticePageOf('teacher01', '/publish');
    const shared = page.getByRole('region', { name: /共享层/ });
    await shared.getByText('页面 · Page /publish').waitFor();
    await shared.getByRole('button', { name: '删除 · Delete' }).waitFor();
  });
});
