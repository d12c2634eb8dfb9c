import fs from 'node:fs';
import path from 'node:path';
import { filesDirOf, servedOverHttps, type ServerOptions } from './config';
import { DATABASE_FILE } from './db/database';

/** A folder the server needs and cannot use; its message is the whole explanation. */
export class DataFolderError extends Error {}

/** What the operator reads for an error of the file system. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `this user (uid ${String(process.getuid?.() ?? '?')}) may not write to it (permission denied)`;
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOTDIR':
      return 'a part of its path is a file, not a folder';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Makes sure a folder exists (creating it), is a folder and takes a new file, or throws what is
 * wrong with it: SQLite and the file store would otherwise fail later with a bare error code, or
 * at the first upload.
 */
function checkFolder(folder: string, what: string, variable: string): void {
  const fail = (why: string) =>
    new DataFolderError(`the ${what} ${folder} (${variable}) cannot be used: ${why}.`);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(reason(error));
  }
  if (stat && !stat.isDirectory()) throw fail('it is a file, not a folder');
  const probe = path.join(folder, `.edudesk-write-check-${String(process.pid)}`);
  try {
    if (!stat) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(probe, '', { flag: 'wx' });
    fs.rmSync(probe);
  } catch (error) {
    throw fail(reason(error));
  }
}

/**
 * The folders the server writes to, checked before it opens anything: the data folder (the
 * SQLite database; the files' default home) and the files folder. A folder that cannot be used
 * stops the start with a message that names it, its variable and the reason.
 */
export function checkDataFolders(
  options: Pick<ServerOptions, 'dataDir' | 'filesDir' | 'databaseUrl'>,
): void {
  if (options.databaseUrl === undefined || options.filesDir === undefined) {
    checkFolder(options.dataDir, 'data folder', 'EDUDESK_DATA_DIR');
  }
  if (options.filesDir !== undefined) {
    checkFolder(options.filesDir, 'files folder', 'EDUDESK_FILES_DIR');
  } else {
    checkFolder(filesDirOf(options), 'files folder', 'EDUDESK_DATA_DIR/storage');
  }
  if (options.databaseUrl === undefined) {
    const database = path.join(options.dataDir, DATABASE_FILE);
    try {
      fs.accessSync(database, fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new DataFolderError(`the database ${database} cannot be used: ${reason(error)}.`);
      }
    }
  }
}

/** What the operator should know about a start that goes ahead (written to the log). */
export function startupWarnings(
  options: Pick<ServerOptions, 'mode' | 'publicOrigin' | 'secureCookies'>,
): string[] {
  if (options.mode !== 'production' || servedOverHttps(options)) return [];
  if (options.secureCookies) {
    return [
      `EDUDESK_PUBLIC_ORIGIN is ${String(options.publicOrigin)} (plain http) but cookies are ` +
        'Secure (EDUDESK_SECURE_COOKIES): browsers will not send them back over http, so ' +
        'nobody stays signed in. Serve the platform over https.',
    ];
  }
  return [
    `EDUDESK_PUBLIC_ORIGIN is ${String(options.publicOrigin)} (plain http): cookies are not ` +
      'Secure and no HSTS is sent, so sessions travel in clear text. Serve the platform over ' +
      'https and set an https:// public origin.',
  ];
}
