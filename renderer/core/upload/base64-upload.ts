import {
  DEFAULT_SERVER_ID,
  fileExtension,
  stripExtension,
  type UploadedFileInfo,
} from '../../../contract/upload';
import { uploadApi, type UploadApi } from './upload-api';
import { stripDataPrefix, validateBase64, type Base64Rejection } from './validate-file';

export interface Base64Upload {
  /** The base64 text, with or without its data: prefix. */
  base64: string;
  /** The file name; an extension in it is taken as the type when none is given. */
  fileName: string;
  /** The extension (spec §7 type); else from the file name, else from the data: prefix. */
  type?: string;
  serverid?: string;
}

const MIME_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
};

function typeOf(request: Base64Upload): string {
  if (request.type !== undefined && request.type !== '') return request.type.replace(/^\./, '');
  const fromName = fileExtension(request.fileName);
  if (fromName !== '') return fromName;
  const mime = /^data:([^;,]+)/.exec(request.base64)?.[1] ?? '';
  return MIME_EXTENSIONS[mime] ?? 'png';
}

export type Base64Result =
  { ok: true; file: UploadedFileInfo } | { ok: false; rejection: Base64Rejection };

/**
 * Spec §7 base64 upload: serverid, fileName without its extension, base64Str without the data:
 * prefix and type (the extension). Spec §5: a non-empty base64 string and a file name are
 * required; without them nothing is sent.
 */
export async function uploadBase64(
  request: Base64Upload,
  api: UploadApi = uploadApi,
): Promise<Base64Result> {
  const rejection = validateBase64(request.base64, request.fileName);
  if (rejection) return { ok: false, rejection };
  const file = await api.base64Upload({
    serverid: request.serverid ?? DEFAULT_SERVER_ID,
    fileName: stripExtension(request.fileName.trim()),
    base64Str: stripDataPrefix(request.base64).trim(),
    type: typeOf(request),
  });
  return { ok: true, file };
}
