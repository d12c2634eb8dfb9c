import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow, Certificate } from 'electron';
import { describe, expect, it } from 'vitest';
import { IPC } from '../../contract/ipc';
import { createMainI18n } from '../i18n/main-i18n';
import { createIpcHandlers } from '../ipc/ipc-handlers';
import { createCertificateGuard } from '../network/certificate-guard';
import { createProxyLogin } from '../network/proxy-login';
import { createFakeSafeStorage } from '../testing/fake-safe-storage';
import { createMemoryVaultStore, createVault } from '../vault/vault';
import { createWindowManager } from '../windows/window-manager';
import { createLogger } from './log';

/**
 * A sign-in-like sequence through the real code that logs (vault, IPC refusals, the main
 * window's failed loads, the proxy sign-in, the certificate guard), with secrets in every
 * input, written to a real log folder; then the files are searched for the secrets.
 */
const PLATFORM = 'https://school.example.edu';
const SECRETS = {
  password: 'Edu@2026-Pa55!',
  proxyPassword: 'Pr0xy-Pa55!',
  accessToken: 'at-7f3c9b1e5d',
  code: 'oauth-code-91ab',
  cookie: 'sess-4471aa',
  bearer: 'bearer-c0ffee42',
};

/** A main window just real enough for the window manager. */
function fakeWindow() {
  const contents = Object.assign(new EventEmitter(), {
    setWindowOpenHandler: () => undefined,
    getURL: () => '',
    isDestroyed: () => false,
    loadURL: () => Promise.resolve(),
  });
  return Object.assign(new EventEmitter(), {
    webContents: contents,
    loadURL: () => Promise.resolve(),
    maximize: () => undefined,
    setFullScreen: () => undefined,
  });
}

describe('the log after a sign-in', () => {
  it('holds what happened and none of the secrets', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edudesk-log-secrets-'));
    const log = createLogger({ dir, maxBytes: 4096, maxFiles: 3 });
    const warn = (message: string) => {
      log.warn(message);
    };

    // The vault: a remembered login saved, an unreadable entry dropped.
    const store = createMemoryVaultStore({ 'https://old.example.edu': 'bm90IHNlYWxlZA==' });
    const vault = createVault({
      store,
      encryption: createFakeSafeStorage(),
      platform: 'win32',
      warn,
    });
    await vault.saveLogin(PLATFORM, {
      remember: true,
      username: 'teacher01',
      password: SECRETS.password,
    });
    await vault.loadLogin('https://old.example.edu');

    // IPC: a foreign frame with tokens in its URL asks for the login.
    const handlers = createIpcHandlers(
      {
        platformOrigin: () => PLATFORM,
        flags: () => ({
          disableAutoLogin: false,
          disableThemeButton: false,
          disableLanguageButton: false,
        }),
        deploymentClientId: () => null,
        setBadgeCount: () => undefined,
        notify: () => undefined,
        vault,
        logoutHook: () => true,
      },
      warn,
    );
    const foreign = `https://evil.example/cb?access_token=${SECRETS.accessToken}&code=${SECRETS.code}`;
    expect(() =>
      handlers[IPC.loadRememberedLogin]({
        senderFrame: { url: foreign, origin: 'https://evil.example' },
      }),
    ).toThrow();

    // The main window fails to load a URL that carries the help centre's token.
    const window = fakeWindow();
    const manager = createWindowManager({
      createWindow: () => window as unknown as BrowserWindow,
      openInBrowser: () => undefined,
      showMessage: () => undefined,
      preloadPath: '/p.cjs',
      iconPath: '/i.png',
      platform: () => ({ origin: PLATFORM, url: `${PLATFORM}/` }),
      serverLocked: () => false,
      language: () => 'en',
      t: createMainI18n('en'),
      loadWindowState: () => ({ width: 1200, height: 800, maximized: false, fullScreen: false }),
      saveWindowState: () => undefined,
      connect: () => Promise.resolve({ ok: false, error: 'unreachable' }),
      chooseServer: () => undefined,
      setOffline: () => undefined,
      warn,
    });
    manager.start();
    window.webContents.emit(
      'did-fail-load',
      {},
      -105,
      'ERR_NAME_NOT_RESOLVED',
      `${PLATFORM}/help?redUrl=%2F&accessToken=${SECRETS.accessToken}&unitId=7`,
      true,
    );

    // The proxy asks; the user signs in and keeps the credentials.
    const proxy = createProxyLogin({
      vault: {
        load: (key) => vault.loadProxyLogin(key),
        save: (key, credentials) => vault.saveProxyLogin(key, credentials),
        clear: (key) => vault.clearProxyLogin(key),
      },
      canSave: () => true,
      ask: () =>
        Promise.resolve({
          username: 'SCHOOL\\t01',
          password: SECRETS.proxyPassword,
          remember: true,
        }),
      log,
    });
    const answered: (string | undefined)[][] = [];
    const auth = { host: 'proxy.school.example', port: 8080, realm: 'School' };
    await proxy.handle(auth, true, (...args) => answered.push(args));
    await proxy.handle(auth, false, (...args) => answered.push(args));
    expect(answered[0]).toEqual(['SCHOOL\\t01', SECRETS.proxyPassword]);

    // A certificate refused; an error that quotes headers.
    createCertificateGuard({ trusted: () => new Set(), log }).onCertificateError(
      { preventDefault: () => undefined },
      null,
      `${PLATFORM}/?token=${SECRETS.accessToken}`,
      'net::ERR_CERT_AUTHORITY_INVALID',
      {
        subjectName: 'x',
        issuerName: 'Proxy CA',
        fingerprint: `sha256/${'A'.repeat(43)}=`,
      } as Certificate,
      () => undefined,
    );
    log.error('Request failed', {
      error: new Error(`401 with Set-Cookie: SESSION=${SECRETS.cookie}; Path=/`),
      headers: { Authorization: `Bearer ${SECRETS.bearer}`, cookie: `SESSION=${SECRETS.cookie}` },
      detail: `password=${SECRETS.password}&user=teacher01`,
    });

    const text = readdirSync(dir)
      .map((file) => readFileSync(path.join(dir, file), 'utf8'))
      .join('');
    for (const line of text.trimEnd().split('\n'))
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    // What happened is there …
    for (const expected of [
      'Removing an unreadable vault entry',
      'IPC edudesk:vault:load-remembered-login refused',
      'Cannot load https://school.example.edu/help',
      'Proxy sign-in with typed credentials',
      'Proxy refused the credentials',
      'Certificate refused',
      'Request failed',
    ]) {
      expect(text).toContain(expected);
    }
    // … and no secret is.
    for (const secret of Object.values(SECRETS)) expect(text, secret).not.toContain(secret);
  });
});
