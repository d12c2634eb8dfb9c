import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import { HEADER_PROOF_OF_WORK } from '../../contract/http-headers';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * A whole school behind one NAT address (every browser here comes from 127.0.0.1): one student's
 * forty wrong passwords lock nobody else out (server/auth/login-guard.ts). Another teacher still
 * signs in (the login page solves the proof of work the address is now asked for, by itself),
 * and the attacked account's owner signs in from the browser they used before, while a fresh
 * browser is refused for that account with the time to retry.
 */
const suite = e2eSuite();
const DESKTOP = '/pages/base/pc_desktop_all/index.html';

/** The student's guesses, sent from their own browser's page as the login form would. */
async function guessFrom(page: Page, times: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, times: count }) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const username = i % 4 === 0 ? 'teacher01' : `guess-${String(i)}`;
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username, password: `wrong-${String(i)}` }).toString(),
        });
        statuses.push(((await response.json()) as { status: number }).status);
      }
      return statuses;
    },
    { url: API.login, times },
  );
}

describe('a school behind one address', () => {
  it('survives forty wrong passwords from one student', async () => {
    const url = suite.server.url;
    // teacher01 has signed in on this browser before (and signed out since).
    const owner = await suite.open('/login');
    await signIn(owner.page, 'teacher01', DEMO_PASSWORD);
    await owner.page.waitForURL(`${url}${DESKTOP}`);
    await owner.page.getByText('欢迎您，王老师').waitFor();
    await owner.page.goto('about:blank');
    await owner.context.clearCookies({ name: 'SY_ACCESS_TOKEN' });
    await owner.context.clearCookies({ name: 'SY_REFRESH_TOKEN' });

    const student = await suite.open('/login');
    const statuses = await guessFrom(student.page, 40);
    expect(statuses).not.toContain(200);
    // teacher01 is locked for browsers that do not know it; the address is asked to prove work.
    expect(statuses).toContain(429);
    expect(statuses).toContain(428);

    // Another teacher on a new browser signs in from the same address: the page proves work.
    const colleague = await suite.open('/login');
    const proofs: string[] = [];
    colleague.page.on('request', (request) => {
      const proof = request.headers()[HEADER_PROOF_OF_WORK];
      if (proof !== undefined) proofs.push(proof);
    });
    await signIn(colleague.page, 'teacher02', DEMO_PASSWORD);
    await colleague.page.waitForURL(`${url}${DESKTOP}`);
    await colleague.page.getByText('欢迎您，李老师').waitFor();
    expect(proofs).toHaveLength(1);

    // The owner, on the browser they used before, signs in at once.
    await owner.page.goto(`${url}/login`);
    await signIn(owner.page, 'teacher01', DEMO_PASSWORD);
    await owner.page.waitForURL(`${url}${DESKTOP}`);
    await owner.page.getByText('欢迎您，王老师').waitFor();

    // A fresh browser is refused for that account, and told when to retry.
    const stranger = await suite.open('/login');
    await signIn(stranger.page, 'teacher01', DEMO_PASSWORD);
    await stranger.page
      .getByRole('alert')
      .filter({ hasText: /登录失败次数过多，账号已暂时锁定，请在 .+后重试/ })
      .first()
      .waitFor();
    await keepScreenshot(stranger.page, 'school-nat-refused-stranger');
    expect(new URL(stranger.page.url()).pathname).toBe('/login');
  });
});
