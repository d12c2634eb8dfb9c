import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HostUpdateStatus } from '../../contract/host';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * The desktop client's update bar in the shell (renderer/features/client-update): a recording
 * desktop bridge stands in for the preload's window.edudesk, answering an update status and
 * recording every call, as main/ipc/ipc-handlers.ts would receive them.
 */
const suite = e2eSuite();

/** Installs the recording bridge before the page's scripts run. */
async function withRecordingBridge(page: Page, status: HostUpdateStatus): Promise<void> {
  await page.context().addInitScript((answer) => {
    const calls: string[] = [];
    const recorded =
      <T>(name: string, value: T) =>
      () => {
        calls.push(name);
        return Promise.resolve(value);
      };
    Object.assign(window, {
      edudeskCalls: calls,
      edudesk: {
        kind: 'desktop',
        getConfigFlags: recorded('getConfigFlags', {
          disableAutoLogin: false,
          disableThemeButton: false,
          disableLanguageButton: false,
        }),
        loadRememberedLogin: recorded('loadRememberedLogin', null),
        saveRememberedLogin: recorded('saveRememberedLogin', undefined),
        clearRememberedLogin: recorded('clearRememberedLogin', undefined),
        loadClientId: recorded('loadClientId', null),
        saveClientId: recorded('saveClientId', undefined),
        onLoggedOut: recorded('onLoggedOut', undefined),
        logoutHook: recorded('logoutHook', false),
        getUpdateStatus: recorded('getUpdateStatus', answer),
        restartToUpdate: recorded('restartToUpdate', undefined),
      },
    });
  }, status);
}

async function calls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { edudeskCalls: string[] }).edudeskCalls);
}

async function signedInDesktop(status: HostUpdateStatus, lang = 'zh-CN'): Promise<Page> {
  const { page } = await suite.newPage({}, lang);
  await withRecordingBridge(page, status);
  await page.goto(`${suite.server.url}/login?lang=${lang}`);
  await signIn(page, 'teacher02', DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  return page;
}

describe('the client update bar in the desktop client', () => {
  it('shows Restart to update when the host says ready, and asks the host to restart', async () => {
    const page = await signedInDesktop({ state: 'ready', version: '1.2.0' });
    const bar = page.getByRole('status').filter({ hasText: 'EduDesk 1.2.0 已下载完成' });
    await bar.waitFor();
    await keepScreenshot(page, 'client-update-ready');
    expect(await calls(page)).toContain('getUpdateStatus');
    expect(await calls(page)).not.toContain('restartToUpdate');
    await bar.getByRole('button', { name: '重启以更新' }).click();
    await page.waitForFunction(() =>
      (window as unknown as { edudeskCalls: string[] }).edudeskCalls.includes('restartToUpdate'),
    );
  });

  it('tells a portable copy, in English, with the download link', async () => {
    const url = `http://127.0.0.1:1/client/updates/win/EduDesk-Portable-1.2.0.exe`;
    const page = await signedInDesktop(
      { state: 'available', version: '1.2.0', install: 'portable', downloadUrl: url },
      'en',
    );
    const bar = page.getByRole('status').filter({ hasText: 'A newer EduDesk, 1.2.0' });
    await bar.waitFor();
    await keepScreenshot(page, 'client-update-portable-en');
    expect(await bar.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(url);
  });
});
