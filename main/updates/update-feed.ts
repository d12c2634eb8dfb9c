/**
 * The update feed: `latest.yml` in a folder served over http(s) (electron-builder's generic
 * provider), by default the platform's /client/updates/win/ (server/web/client-update-routes.ts).
 */
export interface FeedInfo {
  version: string;
  /** The staged-rollout percentage, 0–100; absent means everyone. */
  stagingPercentage?: number;
  /** The file names (or URLs) the feed lists, the installer first. */
  files: string[];
}

/** The folder the platform serves client updates from (docs/desktop-client.md, "Updates"). */
export const PLATFORM_UPDATES_PATH = '/client/updates/win/';
export const FEED_FILE = 'latest.yml';
/** A real latest.yml is under 1 KB; anything far bigger is not one. */
const MAX_FEED_BYTES = 64 * 1024;
const FEED_TIMEOUT_MS = 30_000;

function scalar(raw: string): string {
  const text = raw.trim();
  if (text.length >= 2 && (text.startsWith("'") || text.startsWith('"'))) {
    if (text.endsWith(text[0] ?? '')) return text.slice(1, -1);
  }
  return text;
}

/**
 * Reads the fields the decision needs from a latest.yml as electron-builder writes it (top-level
 * `key: value` lines and a `files:` list of `- url: …` entries). Null when there is no valid
 * version or the staging percentage is not a number from 0 to 100.
 */
export function parseFeed(text: string): FeedInfo | null {
  const fields = new Map<string, string>();
  const files: string[] = [];
  let inFiles = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const top = /^([A-Za-z][\w-]*):(.*)$/.exec(line);
    if (top) {
      const [, key = '', value = ''] = top;
      inFiles = key === 'files' && value.trim() === '';
      if (!inFiles) fields.set(key, scalar(value));
      continue;
    }
    const url = /^\s+-\s+url:(.*)$/.exec(line);
    if (inFiles && url) files.push(scalar(url[1] ?? ''));
  }
  const version = fields.get('version');
  if (version === undefined || !/^[0-9A-Za-z.+-]{1,64}$/.test(version)) return null;
  const info: FeedInfo = { version, files: files.filter((file) => file !== '') };
  const staging = fields.get('stagingPercentage');
  if (staging !== undefined) {
    const percentage = Number(staging);
    if (staging === '' || !Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
      return null;
    }
    info.stagingPercentage = percentage;
  }
  if (info.files.length === 0) {
    const legacy = fields.get('path');
    if (legacy !== undefined && legacy !== '') info.files.push(legacy);
  }
  return info;
}

export type FeedFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Fetches and parses the feed. Never throws: offline, a 404, a bad certificate or a proxy refusal
 * is logged and answers null, so a failed check never blocks or nags the user.
 */
export async function readFeed(
  feedUrl: string,
  fetch: FeedFetch,
  log: (message: string) => void,
): Promise<FeedInfo | null> {
  const url = new URL(FEED_FILE, feedUrl).href;
  try {
    const response = await fetch(url, {
      cache: 'no-cache',
      redirect: 'follow',
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      log(`Update check: ${url} answered ${String(response.status)}`);
      return null;
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > MAX_FEED_BYTES) {
      await response.body?.cancel();
      log(`Update check: ${url} is ${String(length)} bytes, not a feed`);
      return null;
    }
    const text = await response.text();
    const info = text.length > MAX_FEED_BYTES ? null : parseFeed(text);
    if (info === null) log(`Update check: ${url} is not a valid feed`);
    return info;
  } catch (error) {
    log(`Update check: ${url} failed: ${describeError(error)}`);
    return null;
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
