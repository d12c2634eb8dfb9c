import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverNodeArgs, serverProcessEnv } from '../../scripts/build-server.mjs';
import { packServerRelease } from '../../scripts/server-release.mjs';
import { freePort, keepScreenshot, launchBrowser, signIn } from './harness';
import { installProductionDependencies } from './production-install';

/**
 * docs/operations.md, "Install on a server", walked as an administrator would (without TLS and
 * systemd): the release archive unpacked, production dependencies only, the admin tool's first
 * start, an imported teacher's first sign-in in Chromium, a backup while the server runs, an
 * upgrade to a release beside it (the same build stands in for the next version), and a restore
 * onto an emptied data folder.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(path.join(tmpdir(), 'edudesk-walk-'));
const data = path.join(work, 'var-lib-edudesk');
const ADMIN_PASSWORD = 'Granite-Harbour-Lantern-7';
const TEACHER_PASSWORD = 'Maple-Quarry-Violet-42';
const UNIT_NAME = '明德实验中学';
/** Not the default unit's id (server/config.ts): an address bound to no unit then has none. */
const UNIT_ID = '3301';

let browser: Browser | undefined;
let server: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  port = await freePort();
  browser = await launchBrowser();
});

afterAll(async () => {
  await stopServer();
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The server's variables, as the systemd unit's environment file gives them. */
function serverEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: work,
    LANG: 'C.UTF-8',
    EDUDESK_MODE: 'production',
    EDUDESK_PUBLIC_ORIGIN: `http://127.0.0.1:${String(port)}`,
    EDUDESK_DATA_DIR: data,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
}

/** Unpacks the archive under `parent` and installs its production dependencies. */
function install(archive: string, parent: string): string {
  mkdirSync(parent, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', archive, '-C', parent], { encoding: 'utf8' });
  expect(untar.stderr).toBe('');
  const [folder] = readdirSync(parent);
  if (folder === undefined) throw new Error('the archive is empty');
  const release = path.join(parent, folder);
  installProductionDependencies(REPO_ROOT, release);
  return release;
}

/** `node dist/server/admin.mjs …` in a release folder; the answer, or a failure with its text. */
function admin(release: string, args: string[], input = ''): string {
  const result = spawnSync(process.execPath, ['dist/server/admin.mjs', ...args], {
    cwd: release,
    env: serverEnv(),
    input,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`admin ${args.join(' ')} exited ${String(result.status)}: ${result.stderr}`);
  }
  return result.stdout;
}

async function startServer(release: string): Promise<void> {
  const child = spawn(process.execPath, serverNodeArgs('dist/server/main.mjs'), {
    cwd: release,
    env: serverProcessEnv(serverEnv()),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening on')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the server exited with ${String(code)}: ${errors}`));
    });
  });
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (child?.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function version(): Promise<{ version: string; schema: number }> {
  const response = await fetch(`http://127.0.0.1:${String(port)}/api/version`);
  const body = (await response.json()) as { data: { version: string; schema: number } };
  return body.data;
}

/** A fresh Chromium page at the platform's login page. */
async function loginPage(host = '127.0.0.1'): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1366, height: 768 },
  });
  const page = await context.newPage();
  await page.goto(`http://${host}:${String(port)}/login`);
  return page;
}

const DESKTOP = /\/pages\/base\/pc_desktop_all\/index\.html$/;

describe('docs/operations.md, walked on production dependencies only', () => {
  it('installs, imports, signs in, backs up, upgrades and restores', async () => {
    // 1. The release, built by npm run build (tests/e2e runs after it) and packed.
    const archive = packServerRelease(REPO_ROOT, path.join(work, 'release'));
    // 2. Unpacked and installed with production dependencies only.
    const first = install(archive, path.join(work, 'opt'));
    for (const devOnly of ['electron', 'playwright-core', 'tsx', 'vitest', 'esbuild']) {
      expect(existsSync(path.join(first, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    // 3. The first start: the unit and its administrator, then the unit's details and users.
    expect(
      admin(
        first,
        ['create-admin', '--unit', UNIT_ID, '--unit-name', UNIT_NAME, '--username', 'admin'],
        `${ADMIN_PASSWORD}\n`,
      ),
    ).toContain(UNIT_NAME);
    admin(first, ['set-unit', '--unit', UNIT_ID, '--filing-icp', '浙ICP备20260001号-1']);
    admin(first, ['bind-host', '127.0.0.1', '--unit', UNIT_ID]);
    const csv = path.join(work, 'staff.csv');
    writeFileSync(csv, 'login_name,name,user_type\nwang01,王老师,teacher\n');
    expect(admin(first, ['import-users', csv, '--unit', UNIT_ID])).toContain('1 created');
    const passwordsFile = readdirSync(work).find((name) => name.startsWith('staff.passwords-'));
    if (passwordsFile === undefined) throw new Error('no one-time passwords file');
    const oneTime = /^wang01,[^,]*,([^,\r\n]+)/m.exec(
      readFileSync(path.join(work, passwordsFile), 'utf8'),
    )?.[1];
    if (oneTime === undefined) throw new Error('no one-time password for wang01');

    // 4. The server runs; the teacher's first sign-in asks for a new password.
    await startServer(first);
    const installed = await version();
    const { version: productVersion } = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(productVersion);

    // An address bound to no unit says so on its login page, in the server's words.
    const unbound = await loginPage('localhost');
    await unbound
      .getByRole('alert')
      .filter({ hasText: '此地址尚未开通单位，请联系管理员' })
      .waitFor();
    await unbound.context().close();

    const page = await loginPage();
    await page.getByText('浙ICP备20260001号-1').waitFor();
    await signIn(page, 'wang01', oneTime);
    await page.waitForURL(/\/pages\/base\/pc_changePassword_all\/index\.html/);
    await page.getByLabel('当前密码').fill(oneTime);
    await page.getByLabel('新密码', { exact: true }).fill(TEACHER_PASSWORD);
    await page.getByLabel('确认新密码').fill(TEACHER_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(DESKTOP);
    await page.getByText(UNIT_NAME).first().waitFor();
    expect(await page.getByText('阳光实验小学').count()).toBe(0);
    await keepScreenshot(page, 'operations-walk-desktop');
    await page.context().close();

    // 5. A backup while the server runs.
    const backup = path.join(work, 'backup-before-upgrade');
    admin(first, ['backup', backup]);
    expect(existsSync(path.join(backup, 'manifest.json'))).toBe(true);

    // 6. The upgrade: the next release beside the first, the server restarted from it.
    const next = install(archive, path.join(work, 'opt-next'));
    await stopServer();
    await startServer(next);
    expect(await version()).toEqual(installed);

    // 7. A lost data folder, restored with the server stopped.
    await stopServer();
    rmSync(data, { recursive: true, force: true });
    mkdirSync(data, { mode: 0o700 });
    admin(next, ['restore', backup, '--yes']);
    await startServer(next);
    const again = await loginPage();
    await signIn(again, 'wang01', TEACHER_PASSWORD);
    await again.waitForURL(DESKTOP);
    await again.getByText(UNIT_NAME).first().waitFor();
    await again.context().close();
  }, 300_000);
});
