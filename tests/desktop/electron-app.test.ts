import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEFAULT_OPTIONS } from '../../server/config';
import { DEMO_PASSWORD, signIn, startServer, WEB_ROOT, type TestServer } from '../e2e/harness';
import { ROOT } from './dry-run';

/**
 * The Electron client end to end (Playwright `_electron`), against the reference server serving
 * the production web build. Run by `npm run test:desktop` where an Electron binary exists
 * (EDUDESK_ELECTRON_BINARY, found by scripts/test-desktop.mjs); these build machines cannot
 * download one, so here the suite is reported as skipped, never as passed.
 */
const binary = process.env.EDUDESK_ELECTRON_BINARY ?? '';
const title = binary === '' ? 'Electron client (skipped: no Electron binary)' : 'Electron client';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// A fake camera, but no fake permission prompt: the client's own handler must decide.
const CHROMIUM_FLAGS = [...(isRoot ? ['--no-sandbox'] : []), '--use-fake-device-for-media-stream'];

function baseEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

const launched: { app: ElectronApplication; userData: string }[] = [];

async function launch(env: Record<string, string> = {}) {
  const userData = mkdtempSync(path.join(tmpdir(), 'edudesk-desktop-'));
  const app = await _electron.launch({
    executablePath: binary,
    args: [...CHROMIUM_FLAGS, ROOT],
    env: { ...baseEnv(), EDUDESK_USER_DATA_DIR: userData, ...env },
  });
  launched.push({ app, userData });
  return { app, userData };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The platform's main window: the first one on the server. */
async function platformWindow(app: ElectronApplication, origin: string): Promise<Page> {
  const page = await app.firstWindow();
  await page.waitForURL((url) => url.origin === origin);
  return page;
}

describe.skipIf(binary === '')(title, () => {
  let server: TestServer;

  beforeAll(async () => {
    expect(existsSync(path.join(WEB_ROOT, 'index.html')), 'run `vite build` first').toBe(true);
    server = await startServer();
  });
  afterEach(async () => {
    for (const { app, userData } of launched.splice(0)) {
      await app.close().catch(() => undefined);
      rmSync(userData, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('first run: refuses plain http, accepts the platform server, then opens it with the bridge', async () => {
    const { app, userData } = await launch();
    const setup = await app.firstWindow();
    await setup.waitForURL(/^app:\/\/edudesk\/first-run\.html/);
    expect(await setup.evaluate(() => typeof (window as { process?: unknown }).process)).toBe(
      'undefined',
    );
    await setup.getByRole('textbox').fill('http://school.example.edu');
    await setup.getByRole('button').click();
    await setup
      .getByRole('alert')
      .filter({ hasText: /https:\/\// })
      .waitFor();

    const opened = app.waitForEvent('window');
    await setup.getByRole('textbox').fill(server.url);
    await setup.getByRole('button').click();
    const main = await opened;
    await main.waitForURL((url) => url.origin === server.url);
    expect(await main.evaluate(() => window.edudesk?.kind)).toBe('desktop');
    expect(await main.evaluate(() => typeof (window as { require?: unknown }).require)).toBe(
      'undefined',
    );
    const settings = JSON.parse(readFileSync(path.join(userData, 'settings.json'), 'utf8')) as {
      serverUrl?: string;
    };
    expect(settings.serverUrl).toBe(`${server.url}/`);
  });

  it('gives the bridge to the platform only, and main refuses invalid calls', async () => {
    const { app } = await launch({ EDUDESK_SERVER_URL: server.url });
    const main = await platformWindow(app, server.url);
    expect(await main.evaluate(() => window.edudesk?.getConfigFlags())).toEqual({
      disableAutoLogin: false,
      disableThemeButton: false,
      disableLanguageButton: false,
    });
    expect(
      await main.evaluate(() =>
        window.edudesk?.saveClientId('two words').then(
          () => 'saved',
          (error: unknown) => String(error),
        ),
      ),
    ).toMatch(/Invalid client id/);

    // 127.0.0.1 is another origin than localhost: an application window without the bridge.
    const appWindow = app.waitForEvent('window');
    const foreign = server.url.replace('localhost', '127.0.0.1');
    await main.evaluate((url) => window.open(`${url}/login`, 'edudesk-app-test'), foreign);
    const other = await appWindow;
    await other.waitForURL((url) => url.origin === foreign);
    expect(await other.evaluate(() => typeof window.edudesk)).toBe('undefined');
  });

  it('sorts new windows: relogin window in the app, other sites to the system browser', async () => {
    const { app } = await launch({ EDUDESK_SERVER_URL: server.url });
    const main = await platformWindow(app, server.url);
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      Object.assign(globalThis, { openedExternally: opened });
      shell.openExternal = (url: string) => {
        opened.push(url);
        return Promise.resolve();
      };
    });
    await main.evaluate(() => window.open('https://www.example.com/filing', '_blank'));
    await main.evaluate(() => window.open('file:///etc/passwd', '_blank'));
    await expect
      .poll(() =>
        app.evaluate(
          () => (globalThis as unknown as { openedExternally: string[] }).openedExternally,
        ),
      )
      .toEqual(['https://www.example.com/filing']);
    expect(app.windows()).toHaveLength(1);

    const relogin = app.waitForEvent('window');
    await main.evaluate(() => window.open('/needtologinpagerelogin'));
    const window2 = await relogin;
    await window2.waitForURL(/\/needtologinpagerelogin/);
    expect(await window2.evaluate(() => window.edudesk?.kind)).toBe('desktop');
  });

  it('keeps the remembered password in the OS vault, never in plain text, and forgets it on logout', async () => {
    const { app, userData } = await launch({ EDUDESK_SERVER_URL: server.url });
    const main = await platformWindow(app, server.url);
    await main.waitForURL(/\/login/);
    await signIn(main, 'teacher01', DEMO_PASSWORD, true);
    await main.waitForURL(/pc_desktop_all/);
    const vaultFile = path.join(userData, 'vault.json');
    const onDisk = existsSync(vaultFile) ? readFileSync(vaultFile, 'utf8') : '';
    expect(onDisk).not.toContain(DEMO_PASSWORD);
    const backend = await app.evaluate(({ safeStorage }) =>
      process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os',
    );
    const remembered = await main.evaluate(() => window.edudesk?.loadRememberedLogin());
    if (backend === 'basic_text' || backend === 'unknown') {
      // No keyring: nothing is stored at all (main/vault/keyring-policy.ts).
      expect(remembered).toBeNull();
      expect(onDisk).not.toContain(server.url);
    } else {
      expect(remembered).toEqual({
        remember: true,
        username: 'teacher01',
        password: DEMO_PASSWORD,
      });
      expect(onDisk).toContain(server.url);
      await main.evaluate(() => window.edudesk?.onLoggedOut());
      expect(readFileSync(vaultFile, 'utf8')).not.toContain(server.url);
    }
  });

  it('shows the offline page while the server is down, and retries', async () => {
    const port = await freePort();
    const origin = `http://localhost:${String(port)}`;
    const { app } = await launch({ EDUDESK_SERVER_URL: origin });
    const page = await app.firstWindow();
    await page.waitForURL(/^app:\/\/edudesk\/offline\.html/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-late-server-'));
    const late = await buildApp({ ...DEFAULT_OPTIONS, dataDir, webRoot: WEB_ROOT, logger: false });
    await late.listen({ port, host: '127.0.0.1' });
    try {
      await page.getByRole('link', { name: /Retry|重试|重試/ }).click();
      await page.waitForURL((url) => url.origin === origin);
    } finally {
      await late.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('allows the camera (video only) to the platform', async () => {
    const { app } = await launch({ EDUDESK_SERVER_URL: server.url });
    const main = await platformWindow(app, server.url);
    const ask = (constraints: MediaStreamConstraints) =>
      main.evaluate(
        (wanted) =>
          navigator.mediaDevices.getUserMedia(wanted).then(
            (stream) => {
              for (const track of stream.getTracks()) track.stop();
              return 'granted';
            },
            (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
          ),
        constraints,
      );
    expect(await ask({ video: true })).toBe('granted');
    expect(await ask({ audio: true })).toBe('NotAllowedError');
  });

  it('runs as a single instance: a second start hands over and exits', async () => {
    const { app, userData } = await launch({ EDUDESK_SERVER_URL: server.url });
    await platformWindow(app, server.url);
    const second = spawn(binary, [...CHROMIUM_FLAGS, ROOT], {
      env: { ...baseEnv(), EDUDESK_USER_DATA_DIR: userData, EDUDESK_SERVER_URL: server.url },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    expect(app.windows()).toHaveLength(1);
  });
});
