import { IMAGE_EXTENSIONS, MEDIA_EXTENSIONS } from '../../contract/upload';

/**
 * The media type a stored file is served with, from its extension. Only types a browser renders
 * without running script are named; everything else is application/octet-stream, so an uploaded
 * page or script is never interpreted by the browser.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  png: 'image/png',
  tif: 'image/tiff',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wma: 'audio/x-ms-wma',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  rm: 'application/vnd.rn-realmedia',
  rmvb: 'application/vnd.rn-realmedia-vbr',
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  csv: 'text/csv; charset=utf-8',
};

export const OCTET_STREAM = 'application/octet-stream';

/** Only the table's own entries count: an extension such as `constructor` is no media type. */
export function contentTypeOf(ext: string): string {
  return Object.hasOwn(CONTENT_TYPES, ext) ? (CONTENT_TYPES[ext] ?? OCTET_STREAM) : OCTET_STREAM;
}

/** Images, audio and video may be shown in the page (inline); anything else is downloaded. */
export function mayShowInline(ext: string): boolean {
  return (
    (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ||
    (MEDIA_EXTENSIONS as readonly string[]).includes(ext)
  );
}
