import path from 'node:path';
import { replaceInvisible } from '../links/invisible';

/**
 * What to do with a download (docs/desktop-client.md, "Downloads"): which names are refused, how
 * a page's file name is made safe, and where the file goes. Pure: downloads.ts applies it.
 */

/**
 * Types Windows runs or opens with side effects on a double-click: programs, installers,
 * scripts, shortcuts, registry files, libraries, control panel items and Java archives.
 */
export const DANGEROUS_EXTENSIONS: ReadonlySet<string> = new Set([
  'ade', 'adp', 'app', 'appref-ms', 'application', 'bas', 'bat', 'chm', 'cmd', 'com', 'cpl',
  'crt', 'dll', 'exe', 'gadget', 'hlp', 'hta', 'inf', 'ins', 'isp', 'jar', 'js', 'jse', 'lnk',
  'mde', 'msc', 'msi', 'msix', 'msp', 'mst', 'pif', 'ps1', 'ps1xml', 'ps2', 'psc1', 'psm1', 'reg',
  'scf', 'scr', 'sct', 'settingcontent-ms', 'shb', 'sys', 'url', 'vb', 'vbe', 'vbs', 'vhd', 'vhdx',
  'ws', 'wsc', 'wsf', 'wsh', 'xbap',
]); // prettier-ignore

/** Names Windows keeps for devices, with or without an extension (CON, CON.txt). */
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
const FORBIDDEN = /[<>:"/\\|?*]/g;
const MAX_NAME_LENGTH = 200;
export const FALLBACK_FILE_NAME = 'download';

/**
 * A file name safe to create on Windows: no path separators or characters Windows forbids, no
 * control or bidirectional characters, no trailing dots or spaces (Windows drops them, so
 * `setup.exe.` would become `setup.exe`), no reserved device name, at most 200 characters with
 * the extension kept. An empty result becomes "download".
 */
export function sanitizeFileName(name: string): string {
  let clean = replaceInvisible(name.normalize('NFC'), '')
    .replace(FORBIDDEN, '_')
    .trim()
    .replace(/[. ]+$/, '')
    .replace(/^\.+/, '');
  if (RESERVED_NAMES.test(clean)) clean = `_${clean}`;
  if (clean.length > MAX_NAME_LENGTH) {
    const extension = path.extname(clean).slice(0, 20);
    clean = clean.slice(0, MAX_NAME_LENGTH - extension.length).replace(/[. ]+$/, '') + extension;
  }
  return clean === '' ? FALLBACK_FILE_NAME : clean;
}

/** The last extension, lower case, without the dot ('' for none). */
export function fileExtension(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

export function isDangerousFileName(name: string): boolean {
  return DANGEROUS_EXTENSIONS.has(fileExtension(sanitizeFileName(name)));
}

/** `%NAME%` replaced from the environment (a REG_EXPAND_SZ policy such as %USERPROFILE%\…). */
export function expandEnvironment(text: string, env: Readonly<Record<string, string | undefined>>) {
  const lower = new Map(Object.entries(env).map(([key, value]) => [key.toLowerCase(), value]));
  return text.replace(
    /%([^%]+)%/g,
    (whole, name: string) => lower.get(name.toLowerCase()) ?? whole,
  );
}

export interface DownloadPolicy {
  /** Policy DownloadDirectory: every download goes there, without a dialog. */
  directory?: string | undefined;
  /** Policy BlockDangerousDownloads (on unless set to 0). */
  blockDangerous: boolean;
}

export type DownloadDecision =
  | { action: 'refuse'; fileName: string }
  | { action: 'save-to'; fileName: string; savePath: string }
  | { action: 'ask'; fileName: string; defaultPath: string };

/** `name (1).ext`, `name (2).ext`… : the first name not taken in the folder. */
export function uniquePath(folder: string, fileName: string, exists: (file: string) => boolean) {
  const extension = path.extname(fileName);
  const stem = fileName.slice(0, fileName.length - extension.length);
  let candidate = path.join(folder, fileName);
  for (let n = 1; exists(candidate) && n < 10_000; n += 1) {
    candidate = path.join(folder, `${stem} (${String(n)})${extension}`);
  }
  return candidate;
}

/**
 * The decision for a download the page started: refuse a dangerous type (unless the policy
 * allows them); with a policy folder save there under a free name, without asking; otherwise ask
 * with the save dialog, in the folder the user last chose, else the system's Downloads folder.
 */
export function decideDownload(input: {
  suggestedName: string;
  policy: DownloadPolicy;
  rememberedFolder?: string | undefined;
  defaultFolder: string;
  exists: (file: string) => boolean;
}): DownloadDecision {
  const fileName = sanitizeFileName(input.suggestedName);
  if (input.policy.blockDangerous && isDangerousFileName(fileName)) {
    return { action: 'refuse', fileName };
  }
  if (input.policy.directory !== undefined) {
    return {
      action: 'save-to',
      fileName,
      savePath: uniquePath(input.policy.directory, fileName, input.exists),
    };
  }
  const folder = input.rememberedFolder ?? input.defaultFolder;
  return { action: 'ask', fileName, defaultPath: path.join(folder, fileName) };
}

/** The policy's folder if it is usable: expanded, absolute; otherwise undefined (and a reason). */
export function policyDirectory(
  value: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  isAbsolute: (folder: string) => boolean = (folder) => path.isAbsolute(folder),
): { directory?: string; error?: string } {
  if (value === undefined) return {};
  const expanded = expandEnvironment(value, env);
  if (!isAbsolute(expanded) || /%[^%]+%/.test(expanded)) {
    return { error: `DownloadDirectory "${value}" is not an absolute folder` };
  }
  return { directory: expanded };
}
