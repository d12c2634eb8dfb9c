/**
 * Uploads and downloads (spec §3 uploaded file descriptor, §4 chunked upload, §5 uploads,
 * §7 storage and export, §8 upload errors, §9 limits), shared by the client and the reference
 * server. Runtime-free: the TypeBox schemas the server validates with are in upload-schema.ts,
 * so the web build does not carry the schema library.
 */

const MIB = 1024 * 1024;

/** Spec §9: the chunk size, 2 MB by default (configurable per upload). */
export const UPLOAD_CHUNK_SIZE = 2 * MIB;
/**
 * One step of a chunk profile: a file of at least `fromSize` bytes is cut in chunks of
 * `chunkSize` bytes (docs/upload.md, "The large-file chunk profile").
 */
export interface ChunkProfileStep {
  fromSize: number;
  chunkSize: number;
}

/**
 * The large-file profile: larger chunks for large files, so a large upload takes
 * fewer requests (each chunk is a check and a multipart request). Files under 64 MiB keep the
 * configured chunk size (2 MB by default). The sizes were chosen by measurement (npm run bench,
 * docs/upload.md); every one is within the reference server's request limit (100 MiB).
 */
export const LARGE_FILE_CHUNK_PROFILE: readonly ChunkProfileStep[] = [
  { fromSize: 64 * MIB, chunkSize: 8 * MIB },
  { fromSize: 256 * MIB, chunkSize: 16 * MIB },
  { fromSize: 512 * MIB, chunkSize: 32 * MIB },
  { fromSize: 1024 * MIB, chunkSize: 64 * MIB },
];

/**
 * How chunk sizes are chosen: 'default' always uses the configured chunk size (spec §9: 2 MB),
 * 'large-file' the steps above, or an application's own steps.
 */
export type ChunkProfile = 'default' | 'large-file' | readonly ChunkProfileStep[];

/** Spec §9: the MD5 read block, 2 MB. */
export const MD5_BLOCK_SIZE = 2 * MIB;
/** Chunk requests in flight at once, per queue. */
export const DEFAULT_CHUNK_CONCURRENCY = 3;
/** Spec §7: the serverid sent with an upload when the caller gives none. */
export const DEFAULT_SERVER_ID = 'base';
/** Spec §3: the form field carrying the file, unless the caller configures another name. */
export const DEFAULT_FILE_FIELD = 'file';

/** Spec §5: extensions never accepted. The server refuses every one of them. */
export const FORBIDDEN_EXTENSIONS = [
  'exe',
  'jar',
  'jsp',
  'asp',
  'dll',
  'php',
  'aspx',
  'bat',
  'sh',
  'html',
  'com',
  'cgi',
  'class',
  'txt',
  'jspx',
] as const;

/** Spec §5: the default request config lists only these. */
export const DEFAULT_FORBIDDEN_EXTENSIONS = ['jspx', 'jsp', 'exe'] as const;

/** Spec §5: image extensions. */
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'bmp', 'png', 'tif'] as const;

/** Spec §5: audio and video extensions. */
export const MEDIA_EXTENSIONS = [
  'mp3',
  'wma',
  'wav',
  'm4a',
  'flac',
  '3gp',
  'avi',
  'flv',
  'rm',
  'rmvb',
  'mp4',
  'mkv',
  'mov',
  'wmv',
] as const;

/** Spec §8: the upload error types. chunkmerge also covers an abnormal chunk count. */
export const UPLOAD_ERROR_TYPES = [
  'checkerror',
  'uploaderror',
  'uploadunkerror',
  'checkchunkerror',
  'chunkmerge',
] as const;
export type UploadErrorType = (typeof UPLOAD_ERROR_TYPES)[number];

/** The spec's exact texts (§5, §8). The client shows them through i18n; these are the zh-CN. */
export const UPLOAD_TEXTS = {
  sizeExceeded: '大小超出限制',
  notFindFile: 'Not find file',
  uploadFailed: '上传失败',
} as const;

/** Spec §9: image compression defaults. */
export const IMAGE_COMPRESSION = { maxWidth: 500, maxHeight: 500, quality: 0.8 } as const;

/** Spec §9: a download form is removed after 500 ms; the table export loading clears at 800 ms. */
export const DOWNLOAD_FORM_REMOVE_MS = 500;
export const TABLE_EXPORT_LOADING_MS = 800;

/** File names are capped (in characters, extension kept) by the server's sanitiser. */
export const MAX_FILE_NAME_LENGTH = 180;

/**
 * The envelope codes of the storage calls. The client never retries an answer with one of these
 * (nor any 4xx): sending the same bytes again cannot change the outcome.
 */
export const UPLOAD_CODES = {
  /** The merged file's MD5 differs from the declared one, chunks are missing, or the count is abnormal. */
  chunkMerge: 'chunkmerge',
  md5Mismatch: 'md5_mismatch',
  forbiddenExtension: 'forbidden_extension',
  notImage: 'not_image',
  chunkOutOfRange: 'chunk_out_of_range',
  chunkSizeMismatch: 'chunk_size_mismatch',
  fileTooLarge: 'payload_too_large',
  noFile: 'no_file',
  diskFull: 'disk_full',
  writeError: 'write_error',
  fileNotFound: 'file_not_found',
  invalidBase64: 'invalid_base64',
  noTable: 'no_table',
} as const;

/** Codes never retried, whatever the HTTP status (disk full answers 507 but will not heal soon). */
export const NEVER_RETRY_CODES: readonly string[] = [
  UPLOAD_CODES.chunkMerge,
  UPLOAD_CODES.md5Mismatch,
  UPLOAD_CODES.forbiddenExtension,
  UPLOAD_CODES.notImage,
  UPLOAD_CODES.chunkOutOfRange,
  UPLOAD_CODES.chunkSizeMismatch,
  UPLOAD_CODES.fileTooLarge,
  UPLOAD_CODES.noFile,
  UPLOAD_CODES.diskFull,
  UPLOAD_CODES.invalidBase64,
];

/** The fields of the calls of spec §7, by call. */
export const UPLOAD_FIELDS = {
  md5: 'md5',
  name: 'name',
  uid: 'uid',
  serverId: 'serverid',
  fileUpload: 'fileUpload',
  size: 'size',
  chunks: 'chunks',
  chunk: 'chunk',
  chunked: 'chunked',
  eachSize: 'eachSize',
  fileName: 'fileName',
  fullSize: 'fullSize',
  base64: 'base64Str',
  type: 'type',
  title: 'title',
  data: 'data',
  id: 'id',
  inline: 'inline',
} as const;

/**
 * What the server answers for a stored file (upload, instant upload, merge, base64). The spec
 * does not show the platform's answer; this is the reference server's, documented in
 * docs/upload.md.
 */
export interface UploadedFileInfo {
  /** The stored file's id: read it back with the download call. */
  id: string;
  /** The sanitised file name, extension included. */
  fileName: string;
  /** The extension, lower case, without the dot ('' when none). */
  ext: string;
  md5: string;
  size: number;
  /** The media type the download is served with. */
  contentType: string;
  /** The download path of this file (GET, session required). */
  url: string;
  serverid: string;
  uid: string;
  /** Epoch milliseconds. */
  createTime: number;
}

/** The data of the chunk check (spec §7: data.data true means the chunk exists). */
export interface ChunkCheckData {
  data: boolean;
}

/** The data of an accepted chunk. */
export interface ChunkAcceptedData {
  chunk: number;
  chunks: number;
}

/** The extension of a file name: after the last dot, lower case, '' when none. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The name without its extension (spec §7 base64 upload: fileName has none). */
export function stripExtension(name: string): string {
  const ext = fileExtension(name);
  return ext === '' ? name : name.slice(0, name.length - ext.length - 1);
}

export function hasExtensionIn(name: string, extensions: readonly string[]): boolean {
  const ext = fileExtension(name);
  return ext !== '' && extensions.includes(ext);
}

const MD5_PATTERN = /^[0-9a-f]{32}$/;

/** A lower-case hex MD5. */
export function isMd5(value: string): boolean {
  return MD5_PATTERN.test(value);
}

/** How many chunks a file of `size` bytes takes; a file of at most one chunk takes one. */
export function chunkCount(size: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** The byte length of chunk `chunk` (1-based) of a file of `size` in chunks of `eachSize`. */
export function chunkLength(chunk: number, size: number, eachSize: number): number {
  const start = (chunk - 1) * eachSize;
  return Math.max(0, Math.min(eachSize, size - start));
}

/** Spec §4: a file no larger than the chunk size goes in a single request. */
export function isSingleRequest(size: number, chunkSize: number): boolean {
  return size <= chunkSize;
}
