import { PROOF_OF_WORK_REQUIRED } from '../../../contract/auth-codes';
import { SUCCESS_STATUS, type ApiEnvelope } from '../../../contract/envelope';
import { HEADER_PROOF_OF_WORK } from '../../../contract/http-headers';
import { send } from './client';
import { businessErrorMessage, isSuccess, normaliseEnvelope } from './envelope-result';
import {
  FILE_TYPE_ERROR,
  FILE_TYPE_ERROR_STATUS,
  HttpError,
  REQUEST_METHOD_NOT_SUPPORTED,
} from './errors';
import { httpHooks } from './hooks';
import { httpMessage } from './messages';
import { solveProofOfWork } from './proof-of-work';
import {
  isHttpMethod,
  isObjectPayload,
  type Params,
  type RequestOptions,
  type RequestSpec,
} from './request-config';

export type { RequestOptions } from './request-config';

/** The argument of `http.request`: a method from the list of spec §5 plus the call's options. */
export interface HttpRequestConfig extends RequestOptions {
  method: string;
  url: string;
  data?: unknown;
  params?: Params;
  /** With method post: send a JSON body (the post-json method). */
  json?: boolean;
}

function rejectForbidden(options: RequestOptions): Promise<never> {
  const hooks = httpHooks();
  const lang = hooks.getLanguage();
  const message = httpMessage('methodForbidden', lang);
  if (options.noIntercept !== true) {
    hooks.notify('warning', message, httpMessage('warningTitle', lang));
  }
  return Promise.reject(new HttpError({ kind: 'method-forbidden', status: 405, message }));
}

/**
 * Sends a call; a sign-in the server asks to prove work first (an address under attack,
 * server/auth/login-guard.ts) is solved here and sent once more with the solution, so every
 * sign-in of every page does it by itself.
 */
async function sendProvingWork(spec: RequestSpec): ReturnType<typeof send> {
  const response = await send(spec);
  const asked = normaliseEnvelope(response.data);
  if (asked?.code !== PROOF_OF_WORK_REQUIRED) return response;
  const data = asked.data as { challenge?: unknown } | null | undefined;
  const proof = await solveProofOfWork(data?.challenge);
  if (proof === undefined) return response;
  const headers = { ...spec.options.headers, [HEADER_PROOF_OF_WORK]: proof };
  return send({ ...spec, options: { ...spec.options, headers } });
}

/** Sends a call and applies the §8 catalogue to its envelope. */
async function requestEnvelope<T>(spec: RequestSpec): Promise<ApiEnvelope<T>> {
  if (spec.method !== 'upload' && isObjectPayload(spec.data)) {
    throw new HttpError({
      kind: 'file-type',
      status: FILE_TYPE_ERROR_STATUS,
      message: FILE_TYPE_ERROR,
    });
  }
  if (spec.method === 'put' || spec.method === 'delete') return rejectForbidden(spec.options);

  const response = await sendProvingWork(spec);
  const hooks = httpHooks();
  const lang = hooks.getLanguage();
  const intercept = spec.options.noIntercept !== true;
  const envelope = normaliseEnvelope(response.data);

  if (response.status !== SUCCESS_STATUS) {
    // With noIntercept the caller reads the answer itself (e.g. the login result of §4).
    if (!intercept && envelope) return envelope as ApiEnvelope<T>;
    const message = `${response.status} ${response.statusText}`.trim();
    if (intercept) hooks.notify('error', message, httpMessage('errorTitle', lang));
    throw new HttpError({
      kind: 'http',
      status: response.status,
      message,
      ...(envelope ? { code: envelope.code, envelope } : {}),
    });
  }

  if (envelope && (isSuccess(envelope) || !intercept)) return envelope as ApiEnvelope<T>;

  const message = businessErrorMessage(envelope, lang);
  if (intercept) {
    // Upload errors show the status too (spec §8 upload toast).
    const shown = spec.method === 'upload' && envelope ? `${envelope.status} ${message}` : message;
    hooks.notify('warning', shown, httpMessage('warningTitle', lang));
  }
  throw new HttpError({
    kind: 'business',
    status: envelope?.status ?? response.status,
    message,
    ...(envelope ? { code: envelope.code, envelope } : {}),
  });
}

function toSpec(config: HttpRequestConfig): RequestSpec {
  const { method: rawMethod, url, data, params, json, ...options } = config;
  const method = rawMethod.toLowerCase();
  if (!isHttpMethod(method)) throw new Error(REQUEST_METHOD_NOT_SUPPORTED);
  const spec: RequestSpec = { method, url, data, options };
  if (method === 'get' || method === 'delete') {
    // For a query method, a plain object given as `data` is the query.
    const query = isPlainQuery(data) ? data : {};
    spec.params = { ...query, ...params };
  } else if (params) {
    spec.params = params;
  }
  if (json === true) spec.json = true;
  return spec;
}

function isPlainQuery(data: unknown): data is Params {
  return (
    typeof data === 'object' && data !== null && !Array.isArray(data) && !isObjectPayload(data)
  );
}

/**
 * The request client of every page (spec §7 client behaviour, §8 catalogue). Every call resolves
 * to the platform envelope; see `HttpError` for the ways it rejects.
 */
export const http = {
  get<T = unknown>(url: string, params?: Params, options: RequestOptions = {}) {
    return requestEnvelope<T>({ method: 'get', url, ...(params ? { params } : {}), options });
  },
  /** A form-encoded POST; array and object fields travel as JSON text. */
  post<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}) {
    return requestEnvelope<T>({ method: 'post', url, data, options });
  },
  /** A POST with a JSON body. */
  postJson<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}) {
    return requestEnvelope<T>({ method: 'post', url, data, json: true, options });
  },
  /** Rejected with a warning (spec §7). */
  put<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}) {
    return requestEnvelope<T>({ method: 'put', url, data, options });
  },
  /** Rejected with a warning (spec §7). */
  delete<T = unknown>(url: string, params?: Params, options: RequestOptions = {}) {
    return requestEnvelope<T>({ method: 'delete', url, ...(params ? { params } : {}), options });
  },
  /** A multipart POST of a FormData, or of an object's fields (Blobs as files). */
  upload<T = unknown>(
    url: string,
    data: FormData | Record<string, unknown>,
    options: RequestOptions = {},
  ) {
    return requestEnvelope<T>({ method: 'upload', url, data, options });
  },
  async request<T = unknown>(config: HttpRequestConfig): Promise<ApiEnvelope<T>> {
    return requestEnvelope<T>(toSpec(config));
  },
  /**
   * A GET of a plain JSON file (no envelope), e.g. a language file: the parsed body of a 200
   * answer; any other status rejects with kind 'http' (with a toast unless noIntercept).
   */
  async getRaw(url: string, options: RequestOptions = {}): Promise<unknown> {
    const response = await send({ method: 'get', url, options });
    if (response.status === SUCCESS_STATUS) return response.data;
    const hooks = httpHooks();
    const message = `${response.status} ${response.statusText}`.trim();
    if (options.noIntercept !== true) {
      hooks.notify('error', message, httpMessage('errorTitle', hooks.getLanguage()));
    }
    throw new HttpError({ kind: 'http', status: response.status, message });
  },
};
