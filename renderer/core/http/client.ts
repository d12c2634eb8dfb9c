import axios, { type AxiosResponse } from 'axios';
import { API } from '../../../contract/api-paths';
import { OK_CODE, SUCCESS_STATUS, isEnvelope } from '../../../contract/envelope';
import { HEADER_SIGNATURE } from '../../../contract/http-headers';
import { createSignatureNonce, verifySignature } from '../../../contract/signature';
import { ownTask } from '../own-task';
import { createAuthRefresher } from './auth-refresh';
import { HttpError } from './errors';
import { httpHooks, resetHttpHooks } from './hooks';
import { httpMessage } from './messages';
import {
  HTTP_TIMEOUT_MS,
  buildAxiosConfig,
  type RequestOptions,
  type RequestSpec,
} from './request-config';

/** The reason handed to the re-login hook when the refresh failed (spec §8, exact text). */
export const RELOGIN_REASON_EXPIRED = '登录失效，尝试重新登录';
/** The reason handed to the re-login hook when a signed answer did not verify. */
export const RELOGIN_REASON_SIGNATURE = 'signature';

/** The one axios instance of the page (one http client, used by all: docs/architecture.md). */
export const httpInstance = axios.create({
  baseURL: '',
  withCredentials: true,
  timeout: HTTP_TIMEOUT_MS,
  // The server refuses cross-site requests by Fetch Metadata (docs/security.md), not by a
  // cookie echoed in a header: axios's same-origin check and XSRF cookie read before every
  // request are not needed.
  withXSRFToken: false,
  xsrfCookieName: '',
});
const DEFAULT_ADAPTER = httpInstance.defaults.adapter;

async function refreshSession(): Promise<boolean> {
  const response = await send({
    method: 'get',
    url: API.refresh,
    options: { skipAuthRefresh: true, noIntercept: true },
  });
  const body = response.data;
  return (
    response.status === SUCCESS_STATUS &&
    isEnvelope(body) &&
    body.status === SUCCESS_STATUS &&
    body.code === OK_CODE
  );
}

let refresher = createAuthRefresher(refreshSession, (reason) => {
  httpHooks().onReloginRequired(reason);
});

/** Called once the user is known to be logged in again (after /me succeeds). */
export function markSessionRestored(): void {
  refresher.sessionRestored();
}

export type ClientErrorKind = 'network' | 'aborted' | 'timeout';

/** Sorts a request that got no answer into the client errors of spec §8. */
export function classifyClientError(error: unknown): ClientErrorKind {
  if (axios.isCancel(error)) return 'aborted';
  const code = axios.isAxiosError(error) ? error.code : undefined;
  const text = error instanceof Error ? error.message : '';
  if (code === 'ERR_CANCELED') return 'aborted';
  // Axios reports a timeout as ETIMEDOUT, or as ECONNABORTED with a timeout message.
  if (code === 'ETIMEDOUT' || (code === 'ECONNABORTED' && /timeout/i.test(text))) return 'timeout';
  if (code === 'ECONNABORTED') return 'aborted';
  return 'network';
}

const CLIENT_ERROR_MESSAGE = {
  network: 'networkError',
  aborted: 'requestAborted',
  timeout: 'timeout',
} as const;

/** Maps a request that got no answer to its HttpError, with the toast unless muted. */
function clientError(error: unknown, options: RequestOptions, timeout: number): HttpError {
  const hooks = httpHooks();
  const lang = hooks.getLanguage();
  const kind = classifyClientError(error);
  const message = httpMessage(CLIENT_ERROR_MESSAGE[kind], lang, { timeout });
  // A caller that aborted its own request knows why; only unexpected aborts are reported.
  const callerAborted = kind === 'aborted' && options.signal?.aborted === true;
  if (options.noIntercept !== true && !callerAborted) {
    hooks.notify('error', message, httpMessage('errorTitle', lang));
  }
  const code = axios.isAxiosError(error) ? (error.code ?? '') : '';
  return new HttpError({ kind, message, code });
}

function signatureHeader(response: AxiosResponse): string | null {
  const value: unknown = response.headers[HEADER_SIGNATURE];
  return typeof value === 'string' ? value : null;
}

function isSuccessEnvelope(body: unknown): boolean {
  return isEnvelope(body) && body.status === SUCCESS_STATUS;
}

/**
 * Sends one call and returns the answer of any HTTP status except a 401 that the refresh could
 * not cure. Handles the client errors, the 401 refresh-and-replay flow and the signature check;
 * the envelope is left to the caller.
 */
export async function send(spec: RequestSpec, replayed = false): Promise<AxiosResponse<unknown>> {
  // Each call is built and sent in a task of its own at its priority (RequestOptions.priority):
  // the desktop's dozen calls at start would otherwise cost one long task on a slow PC
  // (docs/performance.md, "A task per request").
  const priority = spec.options.priority ?? 'user-visible';
  if (priority !== 'user-blocking') await ownTask(priority);
  const hooks = httpHooks();
  const nonce = spec.options.signed === true ? createSignatureNonce() : undefined;
  const sentAt = refresher.generation();
  const config = buildAxiosConfig(spec, {
    language: hooks.getLanguage(),
    device: hooks.getDevice(),
    appCode: hooks.getAppCode(),
    now: Date.now(),
    ...(nonce === undefined ? {} : { nonce }),
  });

  let response: AxiosResponse<unknown>;
  try {
    response = await httpInstance.request<unknown>(config);
  } catch (error) {
    throw clientError(error, spec.options, config.timeout ?? HTTP_TIMEOUT_MS);
  }

  if (response.status === 401 && spec.options.skipAuthRefresh !== true) {
    // A replayed request is never refreshed again: its second 401 means the session is gone.
    const replay = !replayed && (await refresher.afterUnauthorized(sentAt));
    if (replay) return send(spec, true);
    if (spec.options.silentAuthFailure !== true) refresher.requestRelogin(RELOGIN_REASON_EXPIRED);
    throw new HttpError({
      kind: 'unauthorized',
      status: 401,
      message: `${response.status} ${response.statusText}`.trim(),
    });
  }

  // Only a successful answer carries data worth trusting, so only it must be signed.
  if (
    nonce !== undefined &&
    response.status === SUCCESS_STATUS &&
    isSuccessEnvelope(response.data)
  ) {
    if (!verifySignature(signatureHeader(response), nonce)) {
      refresher.requestRelogin(RELOGIN_REASON_SIGNATURE);
      throw new HttpError({
        kind: 'signature',
        status: response.status,
        message: 'Invalid signature',
      });
    }
  }
  return response;
}

/** Restores the defaults: hooks, refresh state, base URL and adapter (tests only). */
export function resetHttpForTests(): void {
  resetHttpHooks();
  httpInstance.defaults.baseURL = '';
  httpInstance.defaults.adapter = DEFAULT_ADAPTER;
  refresher = createAuthRefresher(refreshSession, (reason) => {
    httpHooks().onReloginRequired(reason);
  });
}
