import { getHost } from '../../core/host';
import { announceSignedIn } from '../../core/prerender';
import { takeCurrentUser, useSession } from '../../core/session/session-store';
import {
  LOGOUT_FLAG_VALUE,
  readLocal,
  readSession,
  removeLocal,
  removeSession,
  STORAGE_KEYS,
  writeLocal,
  writeSession,
} from '../../core/storage-keys';
import { postLogin, postRelogin, postTicket, postUserClientLogin } from './api';
import { postSocialLogin } from './social/api';
import { inAppClient } from './social/in-app-client';
import { deviceId } from './social/device-id';
import { ticketApi } from './ticket-api';
import type { ApiEnvelope } from '../../../contract/envelope';
import type { LoginData } from '../../../contract/auth';
import { LOGOUT_HOOK_DELAY_MS } from '../../../contract/host';
import { SUCCESS_STATUS } from '../../../contract/envelope';

/** The reason handed to the host's logout hook after a failed device login (spec §8). */
export const DEVICE_LOGIN_FAILED_REASON = '设备登录失败！';
import {
  runLoginCheck,
  type LoginCheckContext,
  type LoginCheckOutcome,
} from './login-check/login-check';
import { LOGIN_STEPS } from './login-check/steps';
import { interpretLogin, type LoginResult } from './login-result';

/** Posts a login and interprets the answer in the user's language. */
export function login(
  username: string,
  password: string,
  lang: string,
  fallbackMessage: string,
): Promise<LoginResult> {
  return loginWith(postLogin(username, password), lang, fallbackMessage);
}

/**
 * Interprets the answer of any login-like call (password, relogin, ticket, social, binding) in
 * the user's language; a success ends the logged-out state and the auto-login count.
 */
export async function loginWith(
  call: Promise<ApiEnvelope<LoginData>>,
  lang: string,
  fallbackMessage: string,
): Promise<LoginResult> {
  const result = interpretLogin(await call, lang, fallbackMessage);
  if (result.kind === 'success') {
    // A successful login ends the "explicitly logged out" state and the auto-login count.
    removeLocal(STORAGE_KEYS.isLogouted);
    writeLocal(STORAGE_KEYS.autoLoginNum, '0');
    // The landing page this tab prerenders may now ask who is logged in.
    announceSignedIn();
  }
  return result;
}

/**
 * The login page navigates away right after a login, so the '登录成功！' confirmation is also
 * handed to the page it lands on, which shows it once.
 */
export function announceLoginSuccess(): void {
  writeSession(STORAGE_KEYS.loginSucceeded, '1');
}

/** True once after a login made on the previous page. */
export function takeLoginSuccess(): boolean {
  const announced = readSession(STORAGE_KEYS.loginSucceeded) === '1';
  if (announced) removeSession(STORAGE_KEYS.loginSucceeded);
  return announced;
}

/** After an explicit login: keep or forget the remembered credentials (host vault). */
export async function rememberCredentials(
  remember: boolean,
  username: string,
  password: string,
): Promise<void> {
  const host = getHost();
  if (remember) await host.saveRememberedLogin({ remember: true, username, password });
  else await host.clearRememberedLogin();
}

/** The texts the login check shows, in the user's language. */
export interface LoginCheckMessages {
  failed: string;
  deviceLoginFailed: string;
  ticketPathMissing: string;
}

/** Removes query parameters from the search part and the hash route's query, in place. */
export function forgetQuery(names: readonly string[]): void {
  const url = new URL(window.location.href);
  for (const name of names) url.searchParams.delete(name);
  const mark = url.hash.indexOf('?');
  if (mark >= 0) {
    const query = new URLSearchParams(url.hash.slice(mark + 1));
    for (const name of names) query.delete(name);
    const rest = query.toString();
    url.hash = url.hash.slice(0, mark) + (rest === '' ? '' : `?${rest}`);
  }
  // replaceState: the address with the secret is not kept as a history entry either.
  window.history.replaceState(window.history.state, '', url.toString());
}

/** The real context of the login check: the session store, the host and local storage. */
export async function createLoginCheckContext(
  url: URL,
  lang: string,
  messages: LoginCheckMessages,
): Promise<LoginCheckContext> {
  const host = getHost();
  const flags = await host.getConfigFlags().catch(() => ({ disableAutoLogin: false }));
  const fallbackMessage = messages.failed;
  const device = deviceId();
  return {
    url,
    relogin: (accessToken) => loginWith(postRelogin(accessToken), lang, fallbackMessage),
    ticketApi: ticketApi(),
    exchangeTicket: (api, ticket) =>
      loginWith(postTicket(api, ticket, window.location.host), lang, fallbackMessage),
    socialLogin: (callback) =>
      loginWith(
        postSocialLogin(callback.provider, {
          code: callback.code,
          token: callback.token,
          state: callback.state,
          deviceId: device,
          unitHost: window.location.host,
        }),
        lang,
        fallbackMessage,
      ),
    // Step 8's code loads only inside WeChat or WeCom.
    inAppAuthorizeUrl: async () =>
      inAppClient(navigator.userAgent) === null
        ? null
        : (await import('./social/in-app')).inAppAuthorizeUrl(),
    forgetQuery,
    deviceId: device,
    messages: { ticketPathMissing: messages.ticketPathMissing },
    // The boot may have started this call already (checkStartsWithCurrentUser).
    fetchCurrentUser: async () => (await takeCurrentUser()) !== null,
    login: (username, password) => login(username, password, lang, fallbackMessage),
    loadRememberedLogin: () => host.loadRememberedLogin(),
    loadClientId: () => host.loadClientId(),
    saveClientId: (clientId) => host.saveClientId(clientId),
    loginUserClient: async (clientId) =>
      (await postUserClientLogin(clientId)).status === SUCCESS_STATUS,
    deviceLoginBlocked: () => readSession(STORAGE_KEYS.deviceLoginFailed) === '1',
    deviceLoginFailed: () => {
      writeSession(STORAGE_KEYS.deviceLoginFailed, '1');
      // The host app gets '设备登录失败！' after 1 s; a browser goes to the login page itself.
      window.setTimeout(() => {
        void host
          .logoutHook(DEVICE_LOGIN_FAILED_REASON)
          .then((handled) => {
            if (!handled) window.location.assign('/login/');
          })
          .catch(() => undefined);
      }, LOGOUT_HOOK_DELAY_MS);
      return messages.deviceLoginFailed;
    },
    autoLoginDisabled: flags.disableAutoLogin,
    storage: {
      isLoggedOut: () => readLocal(STORAGE_KEYS.isLogouted) === LOGOUT_FLAG_VALUE,
      autoLoginAttempts: () => {
        const count = Number.parseInt(readLocal(STORAGE_KEYS.autoLoginNum) ?? '0', 10);
        return Number.isFinite(count) && count > 0 ? count : 0;
      },
      setAutoLoginAttempts: (count) => {
        writeLocal(STORAGE_KEYS.autoLoginNum, String(count));
      },
    },
  };
}

/**
 * Runs the login check of spec §4 for this URL. A login made during the check (query
 * credentials, auto-login) is followed by the current-user call: only its 200 with data makes
 * the user logged in.
 */
export async function checkLogin(
  url: URL,
  lang: string,
  messages: LoginCheckMessages,
): Promise<LoginCheckOutcome> {
  const context = await createLoginCheckContext(url, lang, messages);
  const outcome = await runLoginCheck(context, LOGIN_STEPS);
  if (
    outcome.kind === 'just-logged-in' &&
    (await useSession.getState().fetchCurrentUser()) === null
  ) {
    return { kind: 'login-required' };
  }
  return outcome;
}
