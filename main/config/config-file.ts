import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DeploymentSettings } from './policy';

/**
 * config.json: deployment settings in a file, for machines without Group Policy. It sits next
 * to the executable (an administrator drops it there) or in the app's resources folder (baked
 * into a custom build). For the portable build "next to the executable" is the folder the user
 * started it from (PORTABLE_EXECUTABLE_DIR), not the temporary folder it unpacks to.
 */
export const CONFIG_FILE_NAME = 'config.json';
const MAX_BYTES = 64 * 1024;

export interface ConfigLocations {
  exePath: string;
  resourcesPath: string;
  portableDir?: string | undefined;
}

/** The folders searched, in order; the first readable, valid file wins as a whole. */
export function configFileCandidates(locations: ConfigLocations): string[] {
  const folders = [
    locations.portableDir,
    path.dirname(locations.exePath),
    locations.resourcesPath,
  ].filter((folder): folder is string => folder !== undefined && folder !== '');
  return [...new Set(folders)].map((folder) => path.join(folder, CONFIG_FILE_NAME));
}

export type ConfigFileResult =
  | { ok: true; settings: DeploymentSettings }
  | { ok: false; reason: 'missing' | 'too-large' | 'unreadable' | 'invalid' };

function optionalString(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function optionalNumber(value: unknown): number | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function optionalBoolean(value: unknown): boolean | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'boolean' ? value : null;
}

/** Checks the parsed file: known fields of the right type; unknown fields are ignored. */
export function parseConfig(value: unknown): DeploymentSettings | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const fields = {
    serverUrl: optionalString(raw.serverUrl),
    clientId: optionalString(raw.clientId),
    disableAutoLogin: optionalBoolean(raw.disableAutoLogin),
    disableThemeButton: optionalBoolean(raw.disableThemeButton),
    disableLanguageButton: optionalBoolean(raw.disableLanguageButton),
    updateMode: optionalString(raw.updateMode),
    updateUrl: optionalString(raw.updateUrl),
    targetVersion: optionalString(raw.targetVersion),
    downloadDirectory: optionalString(raw.downloadDirectory),
    blockDangerousDownloads: optionalBoolean(raw.blockDangerousDownloads),
    defaultZoom: optionalNumber(raw.defaultZoom),
    autoLoginMaxDays: optionalNumber(raw.autoLoginMaxDays),
  };
  if (Object.values(fields).some((field) => field === null)) return null;
  const settings: DeploymentSettings = {};
  for (const [key, field] of Object.entries(fields)) {
    if (field !== undefined) Object.assign(settings, { [key]: field });
  }
  return settings;
}

export function readConfigFile(file: string): ConfigFileResult {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return { ok: false, reason: 'missing' };
  }
  if (size > MAX_BYTES) return { ok: false, reason: 'too-large' };
  let text: string;
  try {
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const settings = parseConfig(JSON.parse(text));
    return settings ? { ok: true, settings } : { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

/** The first valid config.json among the candidates; broken files are reported and skipped. */
export function loadConfigFile(
  candidates: readonly string[],
  warn: (message: string) => void = () => undefined,
): { file: string; settings: DeploymentSettings } | null {
  for (const file of candidates) {
    const result = readConfigFile(file);
    if (result.ok) return { file, settings: result.settings };
    if (result.reason !== 'missing') warn(`Ignoring ${file}: ${result.reason}`);
  }
  return null;
}
