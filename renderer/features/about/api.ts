import { packageInfoPath, serverVersionPath, versionFilePath } from '../../../contract/api-paths';
import type { PackageInfo, ServerVersionInfo, VersionFileEntry } from '../../../contract/desktop';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { isHttpError } from '../../core/http/errors';
import { http } from '../../core/http/http';

type WireRecord = Record<string, unknown>;

function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * The front end's package info (spec §7 GET /{root}/{code}/package.json, a plain JSON file):
 * null when it is missing or has no appVersion. No toast: the caller decides what to say.
 */
export async function fetchPackageInfo(root: string, code: string): Promise<PackageInfo | null> {
  try {
    const body = await http.getRaw(packageInfoPath(root, code), { noIntercept: true });
    if (!isRecord(body) || text(body.appVersion) === '') return null;
    return {
      name: text(body.name),
      appVersion: text(body.appVersion),
      serverVersion: text(body.serverVersion),
      packageDate: text(body.packageDate),
    };
  } catch {
    return null;
  }
}

/** The release list (spec §7 GET /{root}/{code}-version/version.json); [] when missing. */
export async function fetchVersionFile(root: string, code: string): Promise<VersionFileEntry[]> {
  try {
    const body = await http.getRaw(versionFilePath(root, code), { noIntercept: true });
    if (!Array.isArray(body)) return [];
    const entries: VersionFileEntry[] = [];
    for (const item of body as unknown[]) {
      if (!isRecord(item) || text(item.version) === '') continue;
      const notes = Array.isArray(item.metto) ? (item.metto as unknown[]) : [];
      entries.push({
        version: text(item.version),
        date: text(item.date),
        metto: notes.filter(isRecord).map((note) => ({ cn: text(note.cn), en: text(note.en) })),
      });
    }
    return entries;
  } catch {
    return [];
  }
}

/**
 * The server's version (spec §7 GET /api/{code}/nl/{code}_package_versions, an envelope):
 * 'missing' when the micro-service has no version interface (404, or an empty result, spec §8),
 * 'error' when it could not be asked (network, server error).
 */
export type ServerVersionResult =
  { kind: 'ok'; info: ServerVersionInfo } | { kind: 'missing' } | { kind: 'error' };

const NOT_FOUND = 404;

export async function fetchServerVersion(code: string): Promise<ServerVersionResult> {
  try {
    const envelope = await http.get(serverVersionPath(code), undefined, { noIntercept: true });
    if (envelope.status === NOT_FOUND) return { kind: 'missing' };
    if (envelope.status !== SUCCESS_STATUS) return { kind: 'error' };
    const data = envelope.data;
    if (!isRecord(data) || text(data.serverVersion) === '') return { kind: 'missing' };
    return {
      kind: 'ok',
      info: {
        serverVersion: text(data.serverVersion),
        webCodeVersion: text(data.webCodeVersion),
        date: text(data.date),
      },
    };
  } catch (error) {
    if (isHttpError(error) && error.status === NOT_FOUND) return { kind: 'missing' };
    return { kind: 'error' };
  }
}
