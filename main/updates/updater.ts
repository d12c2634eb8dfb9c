import type { AppUpdater } from 'electron-updater';
import type { HostUpdateStatus } from '../../contract/host';
import type { InstallKind } from './install-kind';
import { readFeed, type FeedFetch } from './update-feed';
import { decideUpdate, feedUrlOf, type UpdateDecision, type UpdatePolicy } from './update-policy';

/** Checks at start and then every 4 hours (docs/desktop-client.md, "Updates"). */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** The part of electron-updater's autoUpdater the client uses (faked in updater.test.ts). */
export type UpdaterPort = Pick<
  AppUpdater,
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowDowngrade'
  | 'logger'
  | 'isUserWithinRollout'
  | 'setFeedURL'
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall'
>;

export interface UpdaterDeps {
  kind: InstallKind;
  currentVersion: string;
  policy: () => UpdatePolicy;
  platformOrigin: () => string | null;
  /** This installation's rollout bucket, 0–99, kept in the settings (settings-store.ts). */
  stagingBucket: () => number;
  /** Electron's net.fetch: the system proxy and certificate store. */
  fetch: FeedFetch;
  /** electron-updater's autoUpdater, created only when an NSIS install downloads. */
  autoUpdater: () => UpdaterPort;
  log: (message: string) => void;
  setInterval?: (run: () => void, ms: number) => unknown;
}

export interface Updater {
  /** Checks now and every CHECK_INTERVAL_MS. */
  start(): void;
  /** One check; never throws (failures are logged, the user is never told). */
  check(): Promise<void>;
  status(): HostUpdateStatus;
  /** Quits and installs a downloaded update; nothing unless the status is 'ready'. */
  restartToUpdate(): void;
}

/**
 * The thin part that touches electron-updater: the feed is read and judged by the pure modules
 * (update-feed.ts, update-policy.ts); electron-updater only downloads (verifying the installer's
 * sha512, differentially with the blockmap) and installs what update-policy.ts decided.
 */
export function createUpdater(deps: UpdaterDeps): Updater {
  let status: HostUpdateStatus = { state: 'none' };
  let running: Promise<void> | null = null;
  let updater: UpdaterPort | null = null;
  let toldIt = '';

  function port(): UpdaterPort {
    if (updater) return updater;
    updater = deps.autoUpdater();
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = true;
    updater.allowDowngrade = false;
    updater.logger = {
      info: (message: unknown) => {
        deps.log(`updater: ${String(message)}`);
      },
      warn: (message: unknown) => {
        deps.log(`updater: ${String(message)}`);
      },
      error: (message: unknown) => {
        deps.log(`updater: ${String(message)}`);
      },
    };
    // The staged rollout was decided by update-policy.ts with this installation's bucket.
    updater.isUserWithinRollout = () => true;
    return updater;
  }

  async function download(decision: { version: string }, feedUrl: string): Promise<void> {
    if (status.state === 'ready' && status.version === decision.version) return;
    const auto = port();
    auto.setFeedURL({ provider: 'generic', url: feedUrl });
    const result = await auto.checkForUpdates();
    if (!result?.isUpdateAvailable || result.updateInfo.version !== decision.version) {
      deps.log(`Update ${decision.version}: the feed changed while checking; trying later`);
      return;
    }
    await auto.downloadUpdate();
    status = { state: 'ready', version: decision.version };
    deps.log(`Update ${decision.version} downloaded; it installs on restart`);
  }

  function tell(decision: Extract<UpdateDecision, { action: 'tell' }>): void {
    status =
      decision.downloadUrl === undefined
        ? { state: 'available', version: decision.version, install: decision.install }
        : {
            state: 'available',
            version: decision.version,
            install: decision.install,
            downloadUrl: decision.downloadUrl,
          };
    if (decision.install === 'msi' && toldIt !== decision.version) {
      toldIt = decision.version;
      deps.log(
        `EduDesk ${decision.version} is available (this is ${deps.currentVersion}); ` +
          'this per-machine (MSI) installation is updated by IT',
      );
    }
  }

  async function checkOnce(): Promise<void> {
    const policy = deps.policy();
    if (deps.kind === 'dev' || policy.mode === 'off') return;
    const feedUrl = feedUrlOf(policy, deps.platformOrigin());
    if (feedUrl === null) return;
    const feed = await readFeed(feedUrl, deps.fetch, deps.log);
    if (feed === null) return;
    const decision = decideUpdate({
      kind: deps.kind,
      policy,
      currentVersion: deps.currentVersion,
      feed,
      feedUrl,
      stagingBucket: deps.stagingBucket(),
    });
    if (decision.action === 'tell') tell(decision);
    else if (decision.action === 'download') await download(decision, feedUrl);
  }

  async function check(): Promise<void> {
    if (running) return running;
    running = checkOnce()
      .catch((error: unknown) => {
        deps.log(`Update check failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    start() {
      void check();
      (deps.setInterval ?? setInterval)(() => {
        void check();
      }, CHECK_INTERVAL_MS);
    },
    check,
    status: () => ({ ...status }),
    restartToUpdate() {
      if (status.state !== 'ready' || updater === null) return;
      deps.log(`Restarting to install ${status.version}`);
      // Silent (the per-user installer needs no questions), then start the client again.
      updater.quitAndInstall(true, true);
    },
  };
}
