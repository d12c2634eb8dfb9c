import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultHashingLimits } from '../../server/auth/password-hasher';
import { resetPassword } from '../../server/cli/account-commands';
import { DEFAULT_OPTIONS } from '../../server/config';
import { DATABASE_FILE } from '../../server/db/database';
import { SqliteSql } from '../../server/db/sqlite-sql';
import { keepScreenshot, signIn, TODO_LOADED } from './harness';
import { e2eSuite } from './suite';

/**
 * The first sign-in password change (docs/security.md): an administrator resets a password with
 * the admin tool; the user signs in with the one-time password, lands on the change page (never
 * on the desktop), chooses a password the server accepts, and lands on the desktop.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-password-'));
const suite = e2eSuite({ dataDir });
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const CHANGE_PAGE = /\/pages\/base\/pc_changePassword_all\/index\.html/;
const DESKTOP = /\/pages\/base\/pc_desktop_all\/index\.html$/;
const NEW_PASSWORD = 'Lantern-Orchard-2026';

/** The admin tool's reset-password on the server's database: the one-time password. */
async function reset(user: string): Promise<string> {
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    const context = {
      passwordCost: DEFAULT_OPTIONS.passwordCost,
      hashing: defaultHashingLimits(),
      now: Date.now,
    };
    return (await resetPassword(new SqliteSql(db), { user, unitId: 1001 }, context)).password;
  } finally {
    db.close();
  }
}

/** The calls the server refused as forbidden: a page that knows the rule makes none. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  return refused;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}`),
    );
}

/** Screenshots at the desktop's and a phone's size, then back to the desktop's. */
async function photograph(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `${name}-1366x768`);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, `${name}-390x844`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('first sign-in password change', () => {
  it('sends a one-time password to the change page, then to the desktop', async () => {
    const oneTime = await reset('teacher02');
    const { page } = await suite.open('/login?lang=zh-CN', 'zh-CN');
    const refused = refusedCalls(page);
    await signIn(page, 'teacher02', oneTime);

    await page.waitForURL(CHANGE_PAGE);
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    expect(await page.getByRole('region', { name: /^(我的桌面|My desktop)$/ }).count()).toBe(0);
    // No way round it from the header: no desktop button.
    expect(await page.getByRole('button', { name: /桌\s*面/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await photograph(page, 'password-change-zh-CN');
    // On a phone the header has no room for the welcome beside the unit: the name stays whole.
    await page.setViewportSize({ width: 390, height: 844 });
    const unit = page.locator('.app-header__unit');
    await expect
      .poll(() => unit.evaluate((element) => element.scrollWidth <= element.clientWidth))
      .toBe(true);
    expect(await page.locator('.app-header__welcome').count()).toBe(0);
    await page.setViewportSize({ width: 1366, height: 768 });

    // Keyboard only: the current password has the focus; Tab to each field, Enter sends.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('oldPassword');
    await page.keyboard.type(oneTime);
    await page.getByLabel('新密码', { exact: true }).focus();
    await page.keyboard.type('password123');
    await page.getByLabel('确认新密码').focus();
    await page.keyboard.type('password123');
    await page.keyboard.press('Enter');
    // The server's reason, in place under the new password.
    await page.getByText(/^新密码太容易被猜到/).waitFor();
    await photograph(page, 'password-change-refused-zh-CN');
    expect(page.url()).toMatch(CHANGE_PAGE);

    await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(DESKTOP);
    await page.getByRole('dialog', { name: TODO_LOADED }).waitFor();
    expect(refused).toEqual([]);

    // Out, and in again with the new password: straight to the desktop.
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    await page.getByRole('button', { name: /退\s*出/ }).click();
    const confirm = page.getByRole('dialog', { name: '您确认要退出吗？' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    // Where the page ends is what counts (tests/e2e/session.test.ts counts the navigations).
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/login');
    await page.waitForLoadState('load');
    await signIn(page, 'teacher02', NEW_PASSWORD);
    await page.waitForURL(DESKTOP);
    await page.getByRole('region', { name: '我的桌面' }).waitFor();
  });

  it('speaks English, and checks the repeated password before sending it', async () => {
    const oneTime = await reset('student01');
    const { page } = await suite.open('/login?lang=en', 'en');
    const refused = refusedCalls(page);
    await signIn(page, 'student01', oneTime);
    await page.waitForURL(CHANGE_PAGE);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    // No menu in this header: the unit's long English name has the room to be read whole.
    const unit = page.locator('.app-header__unit');
    await expect(unit.textContent()).resolves.toBe('Sunshine Experimental Primary School');
    expect(await unit.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // On a phone that long name gives way, not the header's buttons: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const root = document.documentElement;
          return root.scrollWidth <= root.clientWidth;
        }),
      )
      .toBe(true);
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(await seriousViolations(page)).toEqual([]);
    await photograph(page, 'password-change-en');

    await page.getByLabel('Current password').fill(oneTime);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two new passwords do not match').waitFor();
    await photograph(page, 'password-change-mismatch-en');
    expect(refused).toEqual([]);
  });
});
