import {
  FORBIDDEN_EXTENSIONS,
  IMAGE_EXTENSIONS,
  MEDIA_EXTENSIONS,
  fileExtension,
} from '../../../contract/upload';

/**
 * The checks of spec §5 made before anything is sent. Each rejection is a reason code; the UI
 * turns it into the spec's text ('Not find file', '大小超出限制', ...).
 */
export type UploadRejection =
  | { reason: 'no-file' }
  | { reason: 'forbidden'; ext: string }
  | { reason: 'not-image'; ext: string }
  | { reason: 'not-media'; ext: string }
  | { reason: 'not-accepted'; ext: string }
  | { reason: 'too-large'; limit: number };

/** What a file may be: any (minus the forbidden), images, audio/video, or a list of extensions. */
export type AcceptKind = 'any' | 'image' | 'media' | readonly string[];

export interface UploadRules {
  /** Refused extensions; the full list of spec §5 unless the caller narrows it. */
  forbidden?: readonly string[];
  accept?: AcceptKind;
  /** Bytes; larger files are refused with '大小超出限制'. */
  maxSize?: number;
}

export interface FileLike {
  name: string;
  size: number;
}

export function validateUpload(
  file: FileLike | null | undefined,
  rules: UploadRules = {},
): UploadRejection | null {
  if (!file) return { reason: 'no-file' };
  const ext = fileExtension(file.name);
  const forbidden = rules.forbidden ?? FORBIDDEN_EXTENSIONS;
  if (ext !== '' && forbidden.includes(ext)) return { reason: 'forbidden', ext };
  const accept = rules.accept ?? 'any';
  if (accept === 'image' && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
    return { reason: 'not-image', ext };
  }
  if (accept === 'media' && !(MEDIA_EXTENSIONS as readonly string[]).includes(ext)) {
    return { reason: 'not-media', ext };
  }
  if (typeof accept !== 'string' && !accept.map((e) => e.toLowerCase()).includes(ext)) {
    return { reason: 'not-accepted', ext };
  }
  if (rules.maxSize !== undefined && file.size > rules.maxSize) {
    return { reason: 'too-large', limit: rules.maxSize };
  }
  return null;
}

/** The `accept` attribute of a file input for the rules (a hint; validation still runs). */
export function acceptAttribute(accept: AcceptKind = 'any'): string | undefined {
  if (accept === 'any') return undefined;
  const list =
    accept === 'image' ? IMAGE_EXTENSIONS : accept === 'media' ? MEDIA_EXTENSIONS : accept;
  return list.map((ext) => `.${ext}`).join(',');
}

export type Base64Rejection = { reason: 'base64-empty' } | { reason: 'file-name-empty' };

/** Spec §5: a base64 upload needs a non-empty base64 string and a file name. */
export function validateBase64(base64: string, fileName: string): Base64Rejection | null {
  if (stripDataPrefix(base64).trim() === '') return { reason: 'base64-empty' };
  if (fileName.trim() === '') return { reason: 'file-name-empty' };
  return null;
}

/** Spec §7: base64Str is sent without its `data:...;base64,` prefix. */
export function stripDataPrefix(base64: string): string {
  const comma = base64.indexOf(',');
  return base64.startsWith('data:') && comma >= 0 ? base64.slice(comma + 1) : base64;
}
