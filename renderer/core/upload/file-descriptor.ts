import { DEFAULT_FILE_FIELD } from '../../../contract/upload';

/**
 * Spec §3 uploaded file descriptor: the file under a configurable field name, size, fileName,
 * lastModified, type, uid (a timestamp) and webkitRelativePath.
 */
export type UploadFileDescriptor = {
  size: number;
  fileName: string;
  lastModified: number;
  type: string;
  uid: string;
  webkitRelativePath: string;
} & Record<string, File | string | number>;

let lastUid = 0;

/** A timestamp uid, strictly increasing so two files picked together never share one. */
export function timestampUid(now: number = Date.now()): string {
  lastUid = Math.max(now, lastUid + 1);
  return String(lastUid);
}

/** The file's folder path in a directory selection; '' elsewhere (and where engines lack it). */
export function relativePathOf(file: File): string {
  const path: unknown = file.webkitRelativePath;
  return typeof path === 'string' ? path : '';
}

export function describeFile(
  file: File,
  fieldName: string = DEFAULT_FILE_FIELD,
  now?: number,
): UploadFileDescriptor {
  return {
    [fieldName]: file,
    size: file.size,
    fileName: file.name,
    lastModified: file.lastModified,
    type: file.type,
    uid: timestampUid(now),
    webkitRelativePath: relativePathOf(file),
  };
}
