import { clientDownloadFiles, clientDownloadUrl } from '../../contract/client-downloads';
import type { InstallKind } from './install-kind';
import { PLATFORM_UPDATES_PATH, type FeedInfo } from './update-feed';
import { compareVersions, parseVersion } from './version';

/** The UpdateMode policy: download and offer a restart, only tell, or never check. */
export type UpdateMode = 'auto' | 'notify' | 'off';

/** The administrator's update settings (policy UpdateMode, UpdateUrl, TargetVersion). */
export interface UpdatePolicy {
  mode: UpdateMode;
  /** The feed folder; null: the platform's own (feedUrlOf). */
  url: string | null;
  /** A pinned version: never update past it. */
  targetVersion: string | null;
}

/** The raw values from policy or config.json (main/config/policy.ts). */
export interface UpdateSettings {
  updateMode?: string;
  updateUrl?: string;
  targetVersion?: string;
}

const MODES: readonly UpdateMode[] = ['auto', 'notify', 'off'];

/**
 * The update policy from the deployment settings. A mode or URL that is not valid is reported and
 * left at its default; a TargetVersion that is not a version turns checks off, since an
 * administrator who pins a version never wants the client to go past it.
 */
export function updatePolicyFrom(
  settings: UpdateSettings,
  warn: (message: string) => void = () => undefined,
): UpdatePolicy {
  let mode: UpdateMode = 'auto';
  const rawMode = settings.updateMode?.trim().toLowerCase();
  if (rawMode !== undefined) {
    if ((MODES as readonly string[]).includes(rawMode)) mode = rawMode as UpdateMode;
    else warn(`Policy UpdateMode "${settings.updateMode ?? ''}" is not auto, notify or off`);
  }
  let url: string | null = null;
  if (settings.updateUrl !== undefined) {
    url = feedFolderUrl(settings.updateUrl);
    if (url === null) warn(`Policy UpdateUrl "${settings.updateUrl}" is not an http(s) URL`);
  }
  let targetVersion: string | null = null;
  if (settings.targetVersion !== undefined) {
    if (parseVersion(settings.targetVersion) === null) {
      warn(`Policy TargetVersion "${settings.targetVersion}" is not a version: updates are off`);
      mode = 'off';
    } else {
      targetVersion = settings.targetVersion.trim();
    }
  }
  return { mode, url, targetVersion };
}

/** An http(s) folder URL without credentials, query or fragment, ending in '/'; else null. */
export function feedFolderUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The feed folder: the policy's UpdateUrl, else the platform origin's /client/updates/win/. */
export function feedUrlOf(policy: UpdatePolicy, platformOrigin: string | null): string | null {
  if (policy.url !== null) return policy.url;
  return platformOrigin === null ? null : new URL(PLATFORM_UPDATES_PATH, platformOrigin).href;
}

/** This installation's place in staged rollouts: a whole number 0–99, drawn once and kept. */
export function isStagingBucket(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100;
}

/** In the rollout when the bucket is below the feed's stagingPercentage (absent: 100). */
export function withinRollout(feed: FeedInfo, bucket: number): boolean {
  return bucket < (feed.stagingPercentage ?? 100);
}

export type UpdateDecision =
  | { action: 'none'; reason: string }
  /** NSIS in auto mode: download in the background, then offer a restart. */
  | { action: 'download'; version: string }
  /** Only tell: MSI (IT installs it), portable and notify mode (the user downloads it). */
  | { action: 'tell'; version: string; install: 'msi' | 'portable'; downloadUrl?: string };

export interface DecisionInput {
  kind: InstallKind;
  policy: UpdatePolicy;
  currentVersion: string;
  feed: FeedInfo;
  feedUrl: string;
  stagingBucket: number;
}

/** A feed file's absolute URL (feeds list names relative to their folder). */
function fileUrl(feedUrl: string, file: string): string | undefined {
  try {
    const url = new URL(file, feedUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What to do with a feed: every rule of docs/desktop-client.md "Updates" in one place. Never a
 * downgrade, never past TargetVersion, only inside the staged rollout; only the per-user (NSIS)
 * install downloads anything, and only in auto mode.
 */
export function decideUpdate(input: DecisionInput): UpdateDecision {
  const { kind, policy, feed } = input;
  if (policy.mode === 'off') return { action: 'none', reason: 'updates are off by policy' };
  if (kind === 'dev') return { action: 'none', reason: 'not an installed client' };
  const current = parseVersion(input.currentVersion);
  const offered = parseVersion(feed.version);
  if (current === null || offered === null) {
    return { action: 'none', reason: `not a version: ${feed.version}` };
  }
  if (compareVersions(offered, current) <= 0) return { action: 'none', reason: 'up to date' };
  if (policy.targetVersion !== null) {
    const pin = parseVersion(policy.targetVersion);
    if (pin === null || compareVersions(offered, pin) > 0) {
      return { action: 'none', reason: `pinned to ${policy.targetVersion}` };
    }
  }
  if (!withinRollout(feed, input.stagingBucket)) {
    return { action: 'none', reason: 'outside the staged rollout' };
  }
  const version = feed.version;
  if (kind === 'msi') return { action: 'tell', version, install: 'msi' };
  if (kind === 'nsis' && policy.mode === 'auto') return { action: 'download', version };
  const files = clientDownloadFiles(version);
  const file = kind === 'portable' ? files.portable : (feed.files[0] ?? files.installer);
  const downloadUrl =
    kind === 'portable' ? clientDownloadUrl(input.feedUrl, file) : fileUrl(input.feedUrl, file);
  return downloadUrl === undefined
    ? { action: 'tell', version, install: 'portable' }
    : { action: 'tell', version, install: 'portable', downloadUrl };
}
