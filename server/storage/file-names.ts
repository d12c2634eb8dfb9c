import {
  FORBIDDEN_EXTENSIONS,
  MAX_FILE_NAME_LENGTH,
  fileExtension,
  hasExtensionIn,
} from '../../contract/upload';

/** Control characters (C0, DEL, C1) and the bidirectional overrides that disguise extensions. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Characters Windows refuses in names, plus the path separators. */
const RESERVED_CHARACTERS = /[<>:"/\\|?*]/g;
/** Names Windows reserves for devices, with or without an extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

export const FALLBACK_FILE_NAME = 'file';

/**
 * A file name safe to store, show and send back in Content-Disposition: the last path segment
 * only (so no separators and no `..`), without control or bidi characters, without the characters
 * Windows refuses, without leading/trailing dots and spaces, not a Windows device name, and at
 * most MAX_FILE_NAME_LENGTH characters with its extension kept. Content is stored by MD5, so the
 * name never becomes a path on the server; this is for whoever downloads the file.
 */
export function sanitizeFileName(raw: string): string {
  const normalised = raw.normalize('NFC').replace(UNSAFE_CHARACTERS, '');
  const lastSegment = normalised.split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    .replace(RESERVED_CHARACTERS, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .replace(/\s+/g, ' ');
  if (name === '') return FALLBACK_FILE_NAME;
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  return capLength(name, MAX_FILE_NAME_LENGTH);
}

/** Cuts a name to `max` characters (code points), keeping its extension. */
function capLength(name: string, max: number): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  const ext = fileExtension(name);
  const suffix = ext === '' || ext.length > 16 ? '' : `.${ext}`;
  const stem = characters.slice(0, max - suffix.length).join('');
  return `${stem.replace(/[\s.]+$/, '')}${suffix}`;
}

/** Spec §5: the server refuses every forbidden extension, whatever the client was told. */
export function isForbiddenFileName(name: string): boolean {
  return hasExtensionIn(name, FORBIDDEN_EXTENSIONS);
}
