import { describe, expect, it } from 'vitest';
import type { InstallKind } from './install-kind';
import type { FeedFetch } from './update-feed';
import type { UpdatePolicy } from './update-policy';
import { CHECK_INTERVAL_MS, createUpdater, type UpdaterPort } from './updater';

const ORIGIN = 'https://edu.example.org';
const FEED_URL = `${ORIGIN}/client/updates/win/`;
const FEED = 'version: 1.2.0\nfiles:\n  - url: EduDesk-Setup-1.2.0.exe\n    size: 10\n';

/** electron-updater's autoUpdater, faked at the boundary: records what the client asks of it. */
function fakeAutoUpdater(options: { offered?: string; failDownload?: boolean } = {}) {
  const calls: string[] = [];
  const fake = {
    autoDownload: true,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    logger: null,
    isUserWithinRollout: () => false,
    setFeedURL(feed: unknown) {
      calls.push(`setFeedURL ${JSON.stringify(feed)}`);
    },
    checkForUpdates() {
      calls.push('checkForUpdates');
      const version = options.offered ?? '1.2.0';
      return Promise.resolve({ isUpdateAvailable: true, updateInfo: { version } });
    },
    downloadUpdate() {
      calls.push('downloadUpdate');
      return options.failDownload === true
        ? Promise.reject(new Error('sha512 checksum mismatch'))
        : Promise.resolve(['C:\\pending\\EduDesk-Setup-1.2.0.exe']);
    },
    quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
      calls.push(`quitAndInstall ${String(isSilent)} ${String(isForceRunAfter)}`);
    },
  };
  return { fake, port: fake as unknown as UpdaterPort, calls };
}

function setup(
  options: {
    kind?: InstallKind;
    policy?: Partial<UpdatePolicy>;
    fetch?: FeedFetch;
    auto?: ReturnType<typeof fakeAutoUpdater>;
  } = {},
) {
  const logged: string[] = [];
  const fetched: string[] = [];
  const intervals: { run: () => void; ms: number }[] = [];
  const auto = options.auto ?? fakeAutoUpdater();
  let created = 0;
  const updater = createUpdater({
    kind: options.kind ?? 'nsis',
    currentVersion: '1.1.0',
    policy: () => ({ mode: 'auto', url: null, targetVersion: null, ...options.policy }),
    platformOrigin: () => ORIGIN,
    stagingBucket: () => 10,
    fetch:
      options.fetch ??
      ((url) => {
        fetched.push(url);
        return Promise.resolve(new Response(FEED));
      }),
    autoUpdater: () => {
      created += 1;
      return auto.port;
    },
    log: (message) => logged.push(message),
    setInterval: (run, ms) => intervals.push({ run, ms }),
  });
  return { updater, logged, fetched, intervals, auto, created: () => created };
}

describe('createUpdater', () => {
  it('downloads through electron-updater on the generic feed, then offers the restart', async () => {
    const { updater, auto, fetched } = setup();
    await updater.check();
    expect(fetched).toEqual([`${FEED_URL}latest.yml`]);
    expect(auto.calls).toEqual([
      `setFeedURL {"provider":"generic","url":"${FEED_URL}"}`,
      'checkForUpdates',
      'downloadUpdate',
    ]);
    expect(auto.fake.autoDownload).toBe(false);
    expect(auto.fake.allowDowngrade).toBe(false);
    expect(updater.status()).toEqual({ state: 'ready', version: '1.2.0' });

    updater.restartToUpdate();
    expect(auto.calls.at(-1)).toBe('quitAndInstall true true');
  });

  it('does not restart when nothing was downloaded', async () => {
    const { updater, auto } = setup({ policy: { targetVersion: '1.1.5' } });
    await updater.check();
    updater.restartToUpdate();
    expect(updater.status()).toEqual({ state: 'none' });
    expect(auto.calls).toEqual([]);
  });

  it('only tells an MSI install, and tells IT in the log, without electron-updater', async () => {
    const { updater, logged, created } = setup({ kind: 'msi' });
    await updater.check();
    await updater.check();
    expect(updater.status()).toEqual({ state: 'available', version: '1.2.0', install: 'msi' });
    expect(created()).toBe(0);
    expect(logged.filter((line) => line.includes('updated by IT'))).toHaveLength(1);
  });

  it('logs a failed check and shows nothing: no throw, no status', async () => {
    const { updater, logged, created } = setup({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(updater.check()).resolves.toBeUndefined();
    expect(updater.status()).toEqual({ state: 'none' });
    expect(created()).toBe(0);
    expect(logged).toEqual([`Update check: ${FEED_URL}latest.yml failed: fetch failed`]);
  });

  it('logs a failed download and stays quiet', async () => {
    const { updater, logged } = setup({ auto: fakeAutoUpdater({ failDownload: true }) });
    await updater.check();
    expect(updater.status()).toEqual({ state: 'none' });
    expect(logged).toContain('Update check failed: sha512 checksum mismatch');
  });

  it('does not download when electron-updater finds another version than was decided', async () => {
    const { updater, auto } = setup({ auto: fakeAutoUpdater({ offered: '9.0.0' }) });
    await updater.check();
    expect(auto.calls).not.toContain('downloadUpdate');
    expect(updater.status()).toEqual({ state: 'none' });
  });

  it('checks at start and every 4 hours; never in off mode', async () => {
    const { updater, fetched, intervals } = setup({ kind: 'portable' });
    updater.start();
    expect(intervals.map((interval) => interval.ms)).toEqual([CHECK_INTERVAL_MS]);
    await updater.check();
    intervals[0]?.run();
    await updater.check();
    expect(fetched.length).toBeGreaterThanOrEqual(2);
    expect(updater.status()).toMatchObject({
      state: 'available',
      install: 'portable',
      downloadUrl: `${FEED_URL}EduDesk-Portable-1.2.0.exe`,
    });

    const off = setup({ policy: { mode: 'off' } });
    await off.updater.check();
    expect(off.fetched).toEqual([]);
  });
});
