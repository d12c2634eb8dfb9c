import type { AxiosRequestConfig, Method } from 'axios';
import type { TaskPriority } from '../own-task';
import {
  HEADER_APP_CODE,
  HEADER_DEVICE,
  HEADER_LANGUAGE,
  PARAM_TIMESTAMP,
  type Device,
} from '../../../contract/http-headers';

/** The request methods of spec §5; anything else is 'Request method not supported'. */
export const HTTP_METHODS = ['delete', 'get', 'post', 'put', 'upload'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** 20 minutes (spec §9): uploads of large files over slow school networks take that long. */
export const HTTP_TIMEOUT_MS = 1_200_000;

/** The query parameter carrying the nonce of a signed call (spec §5, §7 /me). */
export const PARAM_SIGNATURE = 'signature';

export interface RequestOptions {
  /** Skip the global error handling: no toast, and an envelope of any status is resolved. */
  noIntercept?: boolean;
  /** Allow caching: GET and delete get no `_t` timestamp. */
  cache?: boolean;
  /** Send a nonce and verify the answer's signature header (spec §5). */
  signed?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Never start the refresh-and-replay flow on 401 (the refresh, login and logout calls). */
  skipAuthRefresh?: boolean;
  /** On 401 still try the refresh, but when it fails reject without asking for a re-login. */
  silentAuthFailure?: boolean;
  /** Bytes of the request body sent so far (uploads report real progress with it). */
  onUploadProgress?: (loaded: number, total: number) => void;
  /**
   * When the call is built and sent (the priorities of `scheduler.postTask`): 'user-blocking'
   * at once, in the caller's task, for the one call a user is waiting on with nothing else to do
   * (the login, a page's current user and icons), never for a batch; 'user-visible' (the
   * default) in a task of its own behind those already queued, so that a page starting ten
   * calls pays for each in a short task; 'background' after the page's other work.
   */
  priority?: TaskPriority;
}

export type Params = Record<string, unknown>;

/** One call as the client sees it, before it becomes an axios config. */
export interface RequestSpec {
  method: HttpMethod;
  url: string;
  data?: unknown;
  params?: Params;
  /** POST a JSON body instead of a form-encoded one. */
  json?: boolean;
  options: RequestOptions;
}

/** What changes per attempt: a replay gets a fresh timestamp and a fresh nonce. */
export interface AttemptContext {
  language: string;
  device: Device;
  appCode: string;
  now: number;
  nonce?: string;
}

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === 'string' && (HTTP_METHODS as readonly string[]).includes(value);
}

/** A binary or multipart payload, which only the upload method may carry (spec §5). */
export function isObjectPayload(data: unknown): boolean {
  if (typeof FormData !== 'undefined' && data instanceof FormData) return true;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return true;
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A form field's text: scalars as they are, arrays and objects as JSON; null/undefined: none. */
function fieldText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return value.toString();
  }
  return JSON.stringify(value);
}

/** The form-encoded body of a POST or put (spec §7). */
export function toFormBody(data: unknown): URLSearchParams | string {
  if (data instanceof URLSearchParams || typeof data === 'string') return data;
  const body = new URLSearchParams();
  if (!isPlainRecord(data)) return body;
  for (const [key, value] of Object.entries(data)) {
    const text = fieldText(value);
    if (text !== undefined) body.append(key, text);
  }
  return body;
}

/** The multipart body of an upload: a FormData as is, or one built from an object's fields. */
export function toFormData(data: unknown): FormData {
  if (data instanceof FormData) return data;
  const form = new FormData();
  if (!isPlainRecord(data)) return form;
  for (const [key, value] of Object.entries(data)) {
    const values: unknown[] =
      Array.isArray(value) && value.some((item) => item instanceof Blob) ? value : [value];
    for (const item of values) {
      if (item instanceof Blob) {
        form.append(key, item, item instanceof File ? item.name : 'blob');
      } else {
        const text = fieldText(item);
        if (text !== undefined) form.append(key, text);
      }
    }
  }
  return form;
}

const AXIOS_METHOD: Record<HttpMethod, Method> = {
  get: 'get',
  delete: 'delete',
  post: 'post',
  put: 'put',
  upload: 'post',
};

function body(spec: RequestSpec): unknown {
  switch (spec.method) {
    case 'get':
    case 'delete':
      return undefined;
    case 'upload':
      return toFormData(spec.data);
    case 'post':
      return spec.json ? (spec.data ?? {}) : toFormBody(spec.data);
    case 'put':
      return toFormBody(spec.data);
  }
}

function uploadProgress(report: (loaded: number, total: number) => void) {
  return (event: { loaded: number; total?: number | undefined }) => {
    report(event.loaded, event.total ?? 0);
  };
}

/** Builds the axios config of one attempt: headers, timestamp, nonce, body, timeout. */
export function buildAxiosConfig(spec: RequestSpec, context: AttemptContext): AxiosRequestConfig {
  const { options } = spec;
  const params: Params = { ...spec.params };
  if ((spec.method === 'get' || spec.method === 'delete') && options.cache !== true) {
    params[PARAM_TIMESTAMP] = context.now;
  }
  if (context.nonce !== undefined) params[PARAM_SIGNATURE] = context.nonce;
  return {
    method: AXIOS_METHOD[spec.method],
    url: spec.url,
    params,
    data: body(spec),
    headers: {
      [HEADER_LANGUAGE]: context.language,
      [HEADER_DEVICE]: context.device,
      [HEADER_APP_CODE]: context.appCode,
      ...options.headers,
    },
    timeout: options.timeout ?? HTTP_TIMEOUT_MS,
    signal: options.signal,
    ...(options.onUploadProgress
      ? { onUploadProgress: uploadProgress(options.onUploadProgress) }
      : {}),
    withCredentials: true,
    // Every status is handled by the client itself (401 flow, §8 catalogue).
    validateStatus: () => true,
  };
}
