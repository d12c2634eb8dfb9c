import { STORAGE_API } from '../../../contract/api-paths';
import { SUCCESS_STATUS, type ApiEnvelope } from '../../../contract/envelope';
import { serverText } from '../i18n/traditional';
import {
  DEFAULT_FILE_FIELD,
  UPLOAD_FIELDS as F,
  type ChunkCheckData,
  type UploadedFileInfo,
} from '../../../contract/upload';
import { HttpError } from '../http/errors';
import { httpHooks } from '../http/hooks';
import { http } from '../http/http';

/** What every call may take: an abort signal, and for bodies the bytes-sent callback. */
export interface CallOptions {
  signal?: AbortSignal;
  onUploadProgress?: (loaded: number, total: number) => void;
}

export interface InstantCheck {
  md5: string;
  name: string;
  size: number;
  serverid: string;
  uid: string;
  /** The caller's extra data (spec §7: second_upload_check "sends the extra data"). */
  extra?: Record<string, string>;
}

export interface SingleUpload {
  file: Blob;
  fileName: string;
  /** Spec §3: the file travels under a configurable field name. */
  fieldName?: string;
  uid: string;
  md5: string;
  serverid: string;
  fileUpload?: string;
}

export interface ChunkCheck {
  md5: string;
  size: number;
  chunks: number;
  name: string;
  uid: string;
  chunk: number;
}

export interface ChunkUpload extends ChunkCheck {
  blob: Blob;
  eachSize: number;
}

export interface MergeRequest {
  md5: string;
  name: string;
  size: number;
  chunks: number;
  serverid: string;
  uid: string;
}

export interface Base64Request {
  serverid: string;
  /** Without its extension (spec §7). */
  fileName: string;
  /** Without the data: prefix (spec §7). */
  base64Str: string;
  /** The extension. */
  type: string;
}

/** The storage calls of spec §7 as the upload engine uses them. */
export interface UploadApi {
  secondUploadCheck(check: InstantCheck, options?: CallOptions): Promise<UploadedFileInfo | null>;
  uploadSingle(upload: SingleUpload, options?: CallOptions): Promise<UploadedFileInfo>;
  blockUploadCheck(check: ChunkCheck, options?: CallOptions): Promise<boolean>;
  uploadChunk(upload: ChunkUpload, options?: CallOptions): Promise<void>;
  mergeFile(merge: MergeRequest, options?: CallOptions): Promise<UploadedFileInfo>;
  base64Upload(request: Base64Request, options?: CallOptions): Promise<UploadedFileInfo>;
}

/**
 * The envelope's data when its status is 200; otherwise an HttpError carrying the status (the
 * reference server mirrors the HTTP status in it, the platform answers business errors with
 * HTTP 200), the code and the message in the user's language. Calls are made with noIntercept:
 * the upload engine retries, then reports once (spec §8 upload toast), instead of a toast per
 * attempt.
 */
function unwrap<T>(envelope: ApiEnvelope<T>): T {
  if (envelope.status === SUCCESS_STATUS) return envelope.data;
  const lang = httpHooks().getLanguage();
  throw new HttpError({
    kind: envelope.status >= 500 ? 'http' : 'business',
    status: envelope.status,
    code: envelope.code,
    message: serverText(envelope.message, lang),
    envelope,
  });
}

function requestOptions(options: CallOptions = {}) {
  return {
    noIntercept: true,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
  };
}

/** A multipart body with the text fields first and the file last (servers read in order). */
function multipartBody(
  fields: Record<string, string | number>,
  fileField: string,
  file: Blob,
  fileName: string,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append(fileField, file, fileName);
  return form;
}

export const uploadApi: UploadApi = {
  async secondUploadCheck(check, options) {
    const body = {
      ...check.extra,
      [F.md5]: check.md5,
      [F.name]: check.name,
      [F.size]: check.size,
      [F.serverId]: check.serverid,
      [F.uid]: check.uid,
    };
    const answer = await http.post<UploadedFileInfo | null>(
      STORAGE_API.secondUploadCheck,
      body,
      requestOptions(options),
    );
    // Spec §7: status 200 with data means the file already exists.
    return unwrap(answer) ?? null;
  },

  async uploadSingle(upload, options) {
    const fields: Record<string, string> = {
      [F.uid]: upload.uid,
      [F.md5]: upload.md5,
      [F.serverId]: upload.serverid,
    };
    if (upload.fileUpload !== undefined) fields[F.fileUpload] = upload.fileUpload;
    const form = multipartBody(
      fields,
      upload.fieldName ?? DEFAULT_FILE_FIELD,
      upload.file,
      upload.fileName,
    );
    const answer = await http.upload<UploadedFileInfo>(
      STORAGE_API.upload,
      form,
      requestOptions(options),
    );
    return unwrap(answer);
  },

  async blockUploadCheck(check, options) {
    const answer = await http.post<ChunkCheckData>(
      STORAGE_API.blockUploadCheck,
      {
        [F.md5]: check.md5,
        [F.size]: check.size,
        [F.chunks]: check.chunks,
        [F.name]: check.name,
        [F.uid]: check.uid,
        [F.chunk]: check.chunk,
      },
      requestOptions(options),
    );
    // Spec §7: data.data true means the chunk exists.
    return unwrap(answer).data;
  },

  async uploadChunk(upload, options) {
    const form = multipartBody(
      {
        [F.chunked]: 'true',
        [F.chunk]: upload.chunk,
        [F.chunks]: upload.chunks,
        [F.eachSize]: upload.eachSize,
        [F.md5]: upload.md5,
        [F.fileName]: upload.name,
        [F.name]: upload.name,
        [F.fullSize]: upload.size,
        [F.uid]: upload.uid,
        [F.size]: upload.blob.size,
      },
      DEFAULT_FILE_FIELD,
      upload.blob,
      upload.name,
    );
    unwrap(await http.upload(STORAGE_API.chunkUpload, form, requestOptions(options)));
  },

  async mergeFile(merge, options) {
    const answer = await http.post<UploadedFileInfo>(
      STORAGE_API.mergeFile,
      {
        [F.md5]: merge.md5,
        [F.name]: merge.name,
        [F.size]: merge.size,
        [F.chunks]: merge.chunks,
        [F.serverId]: merge.serverid,
        [F.uid]: merge.uid,
      },
      requestOptions(options),
    );
    return unwrap(answer);
  },

  async base64Upload(request, options) {
    const answer = await http.post<UploadedFileInfo>(
      STORAGE_API.base64Upload,
      {
        [F.serverId]: request.serverid,
        [F.fileName]: request.fileName,
        [F.base64]: request.base64Str,
        [F.type]: request.type,
      },
      requestOptions(options),
    );
    return unwrap(answer);
  },
};
