import type { PackageInfo, VersionFileEntry } from '../../../contract/desktop';
import type { ServerVersionResult } from './api';
import { versionAlert } from './version-compare';

/** The outcome of the version check (spec §4 version check, §8 version alerts). */
export type VersionCheckOutcome =
  | { kind: 'ok' }
  /** The front end's package info or the server could not be read: nothing to compare. */
  | { kind: 'unavailable' }
  /** The micro-service has no version interface (404 or an empty result). */
  | { kind: 'missing-interface' }
  /** The front end needs a newer server: `required` is its minimum, `current` the server's. */
  | { kind: 'server-too-old'; required: string; current: string }
  /** The server needs a newer front end: `required` is its minimum, `current` the front end's. */
  | { kind: 'front-end-too-old'; required: string; current: string };

/**
 * Compares the front end's package info with the server's version info, each segment padded to
 * 4 digits (version-compare.ts): the front end names the lowest server version it needs
 * (PackageInfo.serverVersion), the server the lowest front-end version (webCodeVersion). Pure.
 */
export function versionCheckOutcome(
  packageInfo: PackageInfo | null,
  server: ServerVersionResult,
): VersionCheckOutcome {
  if (server.kind === 'missing') return { kind: 'missing-interface' };
  if (server.kind === 'error' || packageInfo === null) return { kind: 'unavailable' };
  const alert = versionAlert({
    frontEndVersion: packageInfo.appVersion,
    serverVersion: server.info.serverVersion,
    requiredServerVersion: packageInfo.serverVersion,
    requiredFrontEndVersion: server.info.webCodeVersion,
  });
  if (alert === 'server-too-old') {
    return {
      kind: 'server-too-old',
      required: packageInfo.serverVersion,
      current: server.info.serverVersion,
    };
  }
  if (alert === 'front-end-too-old') {
    return {
      kind: 'front-end-too-old',
      required: server.info.webCodeVersion,
      current: packageInfo.appVersion,
    };
  }
  return { kind: 'ok' };
}

/**
 * A release's notes in the user's language: `en` in English, `cn` in Chinese (zh-CN and zh-HK:
 * the file has no Traditional notes; the dialog shows them converted), the other language when
 * one is empty. Pure.
 */
export function versionNotes(entry: VersionFileEntry, lang: string): string[] {
  return entry.metto
    .map((note) => (lang === 'en' ? note.en || note.cn : note.cn || note.en))
    .filter((note) => note !== '');
}
