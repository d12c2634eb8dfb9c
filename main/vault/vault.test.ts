import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSafeStorage } from '../testing/fake-safe-storage';
import { decideVaultStatus } from './keyring-policy';
import { createMemoryVaultStore, createVault } from './vault';
import { createVaultFileStore, VAULT_FILE_NAME } from './vault-store';

// The real electron-store, outside Electron: the `electron` package then resolves to the path of
// a (here absent) binary instead of downloading one, and electron-store works on the folder given.
vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH ??= '/nonexistent-electron-dist';
});

const SCHOOL = 'https://school.example.edu';
const AREA = 'https://area.example.edu';
const PASSWORD = 'Edu@2026-Secret!';
const LOGIN = { remember: true, username: 'teacher01', password: PASSWORD };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'edudesk-vault-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const vaultFile = () => path.join(dir, `${VAULT_FILE_NAME}.json`);
const onDisk = () => readFileSync(vaultFile(), 'utf8');

function diskVault(encryption = createFakeSafeStorage(), platform: NodeJS.Platform = 'win32') {
  return createVault({ store: createVaultFileStore(dir), encryption, platform });
}

describe('vault on disk (electron-store + safeStorage)', () => {
  it('round-trips the remembered login and the client id across restarts', async () => {
    const encryption = createFakeSafeStorage();
    const vault = diskVault(encryption);
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.saveClientId(SCHOOL, 'device-42');
    const restarted = diskVault(encryption);
    expect(await restarted.loadLogin(SCHOOL)).toEqual(LOGIN);
    expect(await restarted.loadClientId(SCHOOL)).toBe('device-42');
  });

  it('never writes the password, the username or the client id in plain text', async () => {
    const vault = diskVault();
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.saveClientId(SCHOOL, 'device-42');
    const text = onDisk();
    expect(text).toContain(SCHOOL);
    // Also what the stored base64 decodes to: base64 alone would hide nothing.
    const decoded = Object.values(
      (JSON.parse(text) as { entries: Record<string, string> }).entries,
    ).map((value) => Buffer.from(value, 'base64').toString('latin1'));
    expect(decoded).toHaveLength(1);
    for (const content of [text, ...decoded]) {
      for (const secret of [PASSWORD, 'teacher01', 'device-42']) {
        expect(content).not.toContain(secret);
        expect(content).not.toContain(Buffer.from(secret, 'utf16le').toString('latin1'));
      }
    }
  });

  it('keeps the file readable by the user only', async () => {
    await diskVault().saveLogin(SCHOOL, LOGIN);
    if (process.platform !== 'win32') expect(statSync(vaultFile()).mode & 0o777).toBe(0o600);
  });

  it('keeps origins apart, and forgets one origin on logout without touching another', async () => {
    const vault = diskVault();
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.saveLogin(AREA, { remember: true, username: 'area01', password: 'other' });
    await vault.saveClientId(SCHOOL, 'device-42');
    expect((await vault.loadLogin(AREA))?.username).toBe('area01');
    expect(await vault.loadClientId(AREA)).toBeNull();
    await vault.forget(SCHOOL);
    expect(await vault.loadLogin(SCHOOL)).toBeNull();
    expect(await vault.loadClientId(SCHOOL)).toBeNull();
    expect((await vault.loadLogin(AREA))?.username).toBe('area01');
    expect(onDisk()).not.toContain(SCHOOL);
  });

  it('forgets only the login when remember is off, and the whole entry once it is empty', async () => {
    const vault = diskVault();
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.saveClientId(SCHOOL, 'device-42');
    await vault.saveLogin(SCHOOL, { ...LOGIN, remember: false });
    expect(await vault.loadLogin(SCHOOL)).toBeNull();
    expect(await vault.loadClientId(SCHOOL)).toBe('device-42');
    await vault.forget(SCHOOL);
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.clearLogin(SCHOOL);
    expect(onDisk()).not.toContain(SCHOOL);
  });

  it('runs concurrent calls one after another, so none is lost', async () => {
    const vault = diskVault();
    await Promise.all([vault.saveLogin(SCHOOL, LOGIN), vault.saveClientId(SCHOOL, 'device-42')]);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
    expect(await vault.loadClientId(SCHOOL)).toBe('device-42');
  });

  it('seals an entry again when the OS rotated its key', async () => {
    const encryption = createFakeSafeStorage();
    const vault = diskVault(encryption);
    await vault.saveLogin(SCHOOL, LOGIN);
    const before = onDisk();
    encryption.rotate();
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
    expect(onDisk()).not.toBe(before);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
  });

  it('removes an entry sealed by another key (another Windows user, a new profile)', async () => {
    await diskVault(createFakeSafeStorage()).saveLogin(SCHOOL, LOGIN);
    const warnings: string[] = [];
    const other = createVault({
      store: createVaultFileStore(dir),
      encryption: createFakeSafeStorage(),
      platform: 'win32',
      warn: (message) => warnings.push(message),
    });
    expect(await other.loadLogin(SCHOOL)).toBeNull();
    expect(onDisk()).not.toContain(SCHOOL);
    expect(warnings).toHaveLength(1);
  });

  it('refuses an entry moved under another origin, and garbage', async () => {
    const encryption = createFakeSafeStorage();
    await diskVault(encryption).saveLogin(SCHOOL, LOGIN);
    const file = JSON.parse(onDisk()) as { entries: Record<string, string> };
    const sealed = file.entries[SCHOOL] ?? '';
    writeFileSync(vaultFile(), JSON.stringify({ entries: { [AREA]: sealed, [SCHOOL]: '%%%' } }));
    const vault = diskVault(encryption);
    expect(await vault.loadLogin(AREA)).toBeNull();
    expect(await vault.loadLogin(SCHOOL)).toBeNull();
    expect(JSON.parse(onDisk())).toEqual({ entries: {} });
  });

  it('survives a corrupt file (starts empty)', async () => {
    writeFileSync(vaultFile(), '{ not json');
    const vault = diskVault();
    expect(await vault.loadLogin(SCHOOL)).toBeNull();
    await vault.saveLogin(SCHOOL, LOGIN);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
  });
});

describe('keyring-missing policy', () => {
  it('on Linux without a keyring (basic_text) stores nothing and says so once', async () => {
    const warnings: string[] = [];
    const encryption = createFakeSafeStorage({ backend: 'basic_text' });
    const vault = createVault({
      store: createVaultFileStore(dir),
      encryption,
      platform: 'linux',
      warn: (message) => warnings.push(message),
    });
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.saveClientId(SCHOOL, 'device-42');
    expect(await vault.loadLogin(SCHOOL)).toBeNull();
    expect(await vault.loadClientId(SCHOOL)).toBeNull();
    expect(await vault.status()).toEqual({ available: false, reason: 'no-keyring' });
    expect(encryption.calls.encrypt).toBe(0);
    expect(onDisk()).not.toContain(PASSWORD);
    expect(onDisk()).not.toContain(SCHOOL);
    expect(warnings).toEqual([
      'Credential vault unavailable (no-keyring): nothing is remembered on disk',
    ]);
  });

  it('keeps an earlier entry while the keyring is away, and drops it on the next save', async () => {
    const store = createMemoryVaultStore();
    const encryption = createFakeSafeStorage();
    await createVault({ store, encryption, platform: 'linux' }).saveLogin(SCHOOL, LOGIN);
    const locked = createVault({
      store,
      encryption: { ...encryption, isAsyncEncryptionAvailable: () => Promise.resolve(false) },
      platform: 'linux',
    });
    expect(await locked.loadLogin(SCHOOL)).toBeNull();
    expect(Object.keys(store.read())).toEqual([SCHOOL]);
    // Back with the keyring, the entry opens again.
    expect(await createVault({ store, encryption, platform: 'linux' }).loadLogin(SCHOOL)).toEqual(
      LOGIN,
    );
    // A save without the keyring cannot store the new password: the old one must not stay.
    await locked.saveLogin(SCHOOL, { ...LOGIN, password: 'new' });
    expect(store.read()).toEqual({});
  });

  it('decides per platform and backend', async () => {
    const fake = (available: boolean, backend?: Parameters<typeof createFakeSafeStorage>[0]) =>
      createFakeSafeStorage({ available, ...backend });
    expect(await decideVaultStatus('win32', fake(true))).toEqual({
      available: true,
      backend: 'win32',
    });
    expect(await decideVaultStatus('win32', fake(false))).toEqual({
      available: false,
      reason: 'encryption-unavailable',
    });
    expect(
      (await decideVaultStatus('darwin', fake(true, { backend: 'basic_text' }))).available,
    ).toBe(true);
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'] as const) {
      expect(await decideVaultStatus('linux', fake(true, { backend }))).toEqual({
        available: true,
        backend,
      });
    }
    for (const backend of ['basic_text', 'unknown'] as const) {
      expect(await decideVaultStatus('linux', fake(true, { backend }))).toEqual({
        available: false,
        reason: 'no-keyring',
      });
    }
    const failing = {
      ...fake(true),
      isAsyncEncryptionAvailable: () => Promise.reject(new Error('x')),
    };
    expect((await decideVaultStatus('win32', failing)).available).toBe(false);
  });
});

describe('proxy sign-ins', () => {
  const PROXY = 'proxy.school.example:8080';
  const PROXY_LOGIN = { username: 'SCHOOL\\t01', password: PASSWORD };

  it('keeps a proxy’s sign-in sealed, apart from the servers’ entries, across restarts', async () => {
    const encryption = createFakeSafeStorage();
    const vault = diskVault(encryption);
    await vault.saveLogin(SCHOOL, LOGIN);
    const before = (JSON.parse(onDisk()) as { entries: Record<string, string> }).entries[SCHOOL];
    await vault.saveProxyLogin(PROXY, PROXY_LOGIN);
    const entries = (JSON.parse(onDisk()) as { entries: Record<string, string> }).entries;
    // The server's record is left exactly as it was.
    expect(entries[SCHOOL]).toBe(before);
    expect(Object.keys(entries).sort()).toEqual([SCHOOL, `proxy:${PROXY}`]);
    expect(onDisk()).not.toContain(PASSWORD);
    const restarted = diskVault(encryption);
    expect(await restarted.loadProxyLogin(PROXY)).toEqual(PROXY_LOGIN);
    expect(await restarted.loadLogin(SCHOOL)).toEqual(LOGIN);
    expect(await restarted.loadProxyLogin('other.example:8080')).toBeNull();
  });

  it('forgets a proxy’s sign-in without touching the servers’', async () => {
    const vault = diskVault();
    await vault.saveLogin(SCHOOL, LOGIN);
    await vault.saveProxyLogin(PROXY, PROXY_LOGIN);
    await vault.clearProxyLogin(PROXY);
    expect(await vault.loadProxyLogin(PROXY)).toBeNull();
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
  });

  it('does not open a proxy entry copied under another proxy’s key', async () => {
    const store = createMemoryVaultStore();
    const vault = createVault({ store, encryption: createFakeSafeStorage(), platform: 'win32' });
    await vault.saveProxyLogin(PROXY, PROXY_LOGIN);
    const sealed = store.read()[`proxy:${PROXY}`] ?? '';
    store.write({ ...store.read(), 'proxy:evil.example:3128': sealed });
    expect(await vault.loadProxyLogin('evil.example:3128')).toBeNull();
  });
});

describe('AutoLoginMaxDays (the remembered password’s age)', () => {
  const DAY = 24 * 60 * 60 * 1000;

  function agedVault(encryption: ReturnType<typeof createFakeSafeStorage>, maxDays: number | null) {
    let clock = Date.UTC(2026, 8, 1);
    const vault = createVault({
      store: createVaultFileStore(dir),
      encryption,
      platform: 'win32',
      autoLoginMaxDays: () => maxDays,
      now: () => clock,
    });
    return {
      vault,
      later: (days: number) => {
        clock += days * DAY;
      },
    };
  }

  it('keeps the username but not the password once it is older than the limit', async () => {
    const encryption = createFakeSafeStorage();
    const { vault, later } = agedVault(encryption, 15);
    await vault.saveLogin(SCHOOL, LOGIN);
    later(15);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
    later(1);
    expect(await vault.loadLogin(SCHOOL)).toEqual({ ...LOGIN, password: '' });
    // Gone from the vault too, not only withheld.
    const restarted = agedVault(encryption, null);
    expect(await restarted.vault.loadLogin(SCHOOL)).toEqual({ ...LOGIN, password: '' });
    // Typed again and saved: remembered anew for another 15 days.
    await vault.saveLogin(SCHOOL, LOGIN);
    later(10);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
  });

  it('never expires without the policy, or with 0', async () => {
    for (const maxDays of [null, 0]) {
      const { vault, later } = agedVault(createFakeSafeStorage(), maxDays);
      await vault.saveLogin(AREA, LOGIN);
      later(3650);
      expect(await vault.loadLogin(AREA)).toEqual(LOGIN);
    }
  });

  it('counts an entry saved before the timestamp existed from its first use', async () => {
    const encryption = createFakeSafeStorage();
    const store = createVaultFileStore(dir);
    const old = JSON.stringify({
      v: 1,
      origin: SCHOOL,
      login: { username: 'teacher01', password: PASSWORD },
    });
    store.write({ [SCHOOL]: (await encryption.encryptStringAsync(old)).toString('base64') });
    const { vault, later } = agedVault(encryption, 15);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
    later(15);
    expect(await vault.loadLogin(SCHOOL)).toEqual(LOGIN);
    later(1);
    expect(await vault.loadLogin(SCHOOL)).toEqual({ ...LOGIN, password: '' });
  });
});
