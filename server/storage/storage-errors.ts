import { bilingual } from '../../contract/envelope';
import { UPLOAD_CODES, UPLOAD_TEXTS } from '../../contract/upload';
import type { FieldError } from '../../contract/envelope';

/**
 * A refusal or failure of a storage call, answered as an envelope with the HTTP status. Client
 * mistakes are 4xx (never retried by the client), the server's own trouble 5xx.
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly httpStatus: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];

  constructor(httpStatus: number, code: string, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.httpStatus = httpStatus;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const STORAGE_MESSAGES = {
  sizeExceeded: bilingual(UPLOAD_TEXTS.sizeExceeded, 'Size limit exceeded'),
  noFile: bilingual('请求中没有文件', 'Not find file'),
  forbiddenExtension: (ext: string) =>
    bilingual(`不允许上传 .${ext} 类型的文件`, `Files of type .${ext} are not allowed`),
  notImage: bilingual('只能上传图片文件', 'Only image files can be uploaded'),
  md5Mismatch: bilingual(
    '文件内容与校验值不一致',
    'The file content does not match its MD5 checksum',
  ),
  chunkOutOfRange: bilingual('分片序号超出范围', 'The chunk number is out of range'),
  chunkCountAbnormal: bilingual('分片数量异常', 'The chunk count is abnormal'),
  chunkSizeMismatch: bilingual('分片大小不正确', 'The chunk has the wrong size'),
  chunksMissing: (missing: number) =>
    bilingual(
      `还有 ${String(missing)} 个分片未上传，无法合并`,
      `${String(missing)} chunk(s) are still missing; the file cannot be merged`,
    ),
  mergeMismatch: bilingual(
    '合并后的文件校验失败，请重新上传',
    'The merged file does not match its MD5 checksum; please upload it again',
  ),
  chunkTooLarge: (limitBytes: number) =>
    bilingual(
      `${UPLOAD_TEXTS.sizeExceeded}：每个分片最多 ${formatMib(limitBytes)}`,
      `Size limit exceeded: a chunk may carry at most ${formatMib(limitBytes)}`,
    ),
  diskFull: bilingual('服务器存储空间不足', 'The server is out of storage space'),
  writeError: bilingual('文件写入失败', 'The file could not be written'),
  fileNotFound: bilingual('文件不存在', 'File not found'),
  invalidBase64: bilingual('base64 内容无效', 'The base64 content is invalid'),
  uploadFailed: bilingual(UPLOAD_TEXTS.uploadFailed, 'Upload failed'),
  malformedMultipart: bilingual(
    '上传请求的格式不正确',
    'The upload request is not well-formed multipart data',
  ),
} as const;

/** The code of a multipart body that cannot be read as one (docs/upload.md). */
export const MALFORMED_MULTIPART = 'malformed_multipart';

/**
 * A multipart request the server cannot read as one: no usable boundary, a body cut before its
 * close delimiter, a part without a name. The client's mistake: 400, never retried.
 */
export function malformedMultipart(): StorageError {
  return new StorageError(400, MALFORMED_MULTIPART, STORAGE_MESSAGES.malformedMultipart);
}

export function payloadTooLarge(): StorageError {
  return new StorageError(413, UPLOAD_CODES.fileTooLarge, STORAGE_MESSAGES.sizeExceeded);
}

/**
 * A chunk size (eachSize) over the server's request limit: refused before any byte is
 * read, 413 like any request over the limit, saying the limit.
 */
export function chunkTooLarge(limitBytes: number): StorageError {
  return new StorageError(
    413,
    UPLOAD_CODES.fileTooLarge,
    STORAGE_MESSAGES.chunkTooLarge(limitBytes),
  );
}

/** A byte count in MiB for a message: '100 MiB', '1.5 MiB'. */
function formatMib(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return `${Number.isInteger(mib) ? String(mib) : mib.toFixed(1)} MiB`;
}

/** A chunk longer or shorter than its place in the file (spec §4: eachSize, the last shorter). */
export function chunkSizeMismatch(): StorageError {
  return new StorageError(400, UPLOAD_CODES.chunkSizeMismatch, STORAGE_MESSAGES.chunkSizeMismatch);
}

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The answer to a failed write: a full disk (or quota) is 507 Insufficient Storage, any other
 * file-system error 500; both say so in words, never with the system's text or a path.
 */
export function writeFailure(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const code = errnoCode(error);
  if (code !== undefined && DISK_FULL_CODES.has(code)) {
    return new StorageError(507, UPLOAD_CODES.diskFull, STORAGE_MESSAGES.diskFull);
  }
  return new StorageError(500, UPLOAD_CODES.writeError, STORAGE_MESSAGES.writeError);
}
